"""Word lists for checking cues, in the four languages the app speaks: data, not logic.

Every list is written in ordinary spelling; ``rules.hues.cues`` folds it (case, accents,
Unicode forms, ``ё``/``е``, ``և``/``եւ``) exactly as it folds a cue, so either spelling matches.

- **basic colour words**: the eleven the rules forbid (black, blue, brown, gray/grey, green,
  orange, pink, purple, red, white, yellow) with their common forms: English plurals,
  comparatives and ``-ish``/``-y``/``-ness``/``-en`` derivatives; Russian adjective
  declensions, short forms, comparatives, ``-оватый``/``-енький`` forms and the abstract
  nouns, plus голубой (Russian treats light blue as a basic colour of its own); Armenian
  case, article and plural endings, the ``-ավուն`` (``-ish``) and ``-ություն`` (``-ness``)
  derivatives and verbs built on the reduced stems, plus դարչնագույն (brown) and գորշ (gray);
  Bengali spelling variants (ী/ি), case and classifier endings and the ``-চে``/``-টে``/``-আভ``
  (``-ish``) forms, plus খয়েরি (brown).
- **modifiers**: light/dark/pale/bright-type words, only to spot solid compounds such as
  ``darkblue``, ``темносиний`` or ``গাঢ়নীল`` (a modifier or colour glued to a colour).
- **position words**: where a square lies on the board (left, top, corner, row…).
- **pointers**: second-cue words that steer guessers relative to the first guesses
  (lighter, darker, more, closer…); **lone pointers** (light, dark…) only count when they are
  the whole second cue, since "dark teal" describes a colour but "dark" alone points.
"""

from __future__ import annotations

from collections.abc import Iterable

BASIC_COLOURS: tuple[str, ...] = (
    "black", "blue", "brown", "gray", "green", "orange", "pink", "purple", "red", "white",
    "yellow",
)

# --- English -----------------------------------------------------------------------------

ENGLISH: dict[str, tuple[str, ...]] = {
    "black": ("black", "blacks", "blacker", "blackest", "blackish", "blackness", "blacken",
              "blackened", "blacky"),
    "blue": ("blue", "blues", "bluer", "bluest", "bluish", "blueish", "blueness", "bluey"),
    "brown": ("brown", "browns", "browner", "brownest", "brownish", "brownness", "browny",
              "browned"),
    "gray": ("gray", "grey", "grays", "greys", "grayer", "greyer", "grayest", "greyest",
             "grayish", "greyish", "grayness", "greyness", "graying", "greying", "grayed",
             "greyed", "greyey", "grayey"),
    "green": ("green", "greens", "greener", "greenest", "greenish", "greenness", "greeny"),
    "orange": ("orange", "oranges", "oranger", "orangest", "orangish", "orangeish", "orangey",
               "orangy", "orangeness"),
    "pink": ("pink", "pinks", "pinker", "pinkest", "pinkish", "pinkness", "pinky", "pinkie"),
    "purple": ("purple", "purples", "purpler", "purplest", "purplish", "purpleish", "purpley",
               "purply"),
    "red": ("red", "reds", "redder", "reddest", "reddish", "redness", "reddy", "redden",
            "reddened"),
    "white": ("white", "whites", "whiter", "whitest", "whitish", "whiteish", "whiteness",
              "whiten", "whitened", "whitey"),
    "yellow": ("yellow", "yellows", "yellower", "yellowest", "yellowish", "yellowness",
               "yellowy", "yellowed"),
}

# --- Russian -----------------------------------------------------------------------------

#: Full-form adjective endings: hard stems (красн-ый), soft stems (син-ий), end-stressed
#: stems (голуб-ой), velar stems (ярк-ий).
RU_HARD = ("ый", "ая", "ое", "ые", "ого", "ому", "ым", "ом", "ую", "ой", "ых", "ыми", "ою")
RU_SOFT = ("ий", "яя", "ее", "ие", "его", "ему", "им", "ем", "юю", "ей", "их", "ими", "ею")
RU_END = ("ой", "ая", "ое", "ые", "ого", "ому", "ым", "ом", "ую", "ых", "ыми", "ою")
RU_VELAR = ("ий", "ая", "ое", "ие", "ого", "ому", "им", "ом", "ую", "ой", "их", "ими", "ою")
#: Short forms (feminine, neuter, plural; the masculine is listed per word) and comparatives.
RU_SHORT = ("а", "о", "ы", "ее", "ей")


def russian_adjective(stem: str, endings: Iterable[str] = RU_HARD, *, short: bool = True,
                      approximate: bool = True) -> tuple[str, ...]:
    """Every common form of a Russian adjective: declensions, short forms, comparatives, and
    the "-ish" (-оватый/-еватый) and diminutive (-енький) adjectives built on it."""
    forms = [stem + e for e in endings]
    if short:
        forms += [stem + e for e in RU_SHORT]
    if approximate:
        forms += [stem + "оват" + e for e in RU_HARD] + [stem + "еват" + e for e in RU_HARD]
        forms += [stem + "еньк" + e for e in RU_VELAR]
        forms += [stem + "оньк" + e for e in RU_VELAR]
    return tuple(forms)


RUSSIAN: dict[str, tuple[str, ...]] = {
    "black": russian_adjective("чёрн") + ("чёрен", "чернота", "черноты", "черноту",
                                          "чернотой", "черноте"),
    "blue": russian_adjective("син", RU_SOFT, short=False) + (
        "синь", "синя", "сине", "сини", "синее", "синей", "синева", "синевы", "синеву",
        "синевой", "синеве",
    ) + russian_adjective("голуб", RU_END) + ("голубизна", "голубизны", "голубизну", "голубо"),
    "brown": russian_adjective("коричнев") + ("коричнево",),
    "gray": russian_adjective("сер") + ("сер", "серость", "серости"),
    "green": russian_adjective("зелён") + ("зелен", "зелень", "зелени", "зеленью"),
    "orange": russian_adjective("оранжев") + ("оранжево",),
    "pink": russian_adjective("розов") + ("розово", "розовость"),
    "purple": russian_adjective("фиолетов") + ("фиолетово",),
    "red": russian_adjective("красн") + ("красен", "краснота", "красноты", "красноту",
                                         "краснотой", "красноте"),
    "white": russian_adjective("бел") + ("бел", "белизна", "белизны", "белизну", "белизной",
                                         "белизне"),
    "yellow": russian_adjective("жёлт") + ("жёлт", "желтизна", "желтизны", "желтизну",
                                           "желтизной"),
}
# Objects named after a colour's stem stay allowed: желток (yolk), черника (bilberry),
# синица (tit), белка (squirrel), роза (rose): only the forms above are refused.

# --- Armenian ----------------------------------------------------------------------------

#: Case, article, possessive and plural endings added to a colour used as a noun
#: (կարմիրը "the red", կարմիրից "from red", կարմիրներ "reds"…).
HY_ENDINGS = (
    "", "ը", "ն", "ի", "ին", "ից", "ով", "ում", "ս", "դ",
    "եր", "երը", "երն", "երի", "երին", "երից", "երով", "երում",
    "ներ", "ները", "ներն", "ների", "ներին", "ներից", "ներով", "ներում",
)
#: Built on the reduced stem (կարմիր → կարմր-): "-ish", "-ness", verbs, the compound link.
HY_DERIVED = ("ավուն", "ություն", "ել", "եց", "ացնել", "անալ", "ա")


def armenian_colour(words: Iterable[str], reduced: Iterable[str]) -> tuple[str, ...]:
    forms = [w + e for w in words for e in HY_ENDINGS]
    forms += [r + e for r in reduced for e in HY_DERIVED]
    forms += [r + "ավուն" + e for r in reduced for e in HY_ENDINGS]
    return tuple(forms)


ARMENIAN: dict[str, tuple[str, ...]] = {
    "black": armenian_colour(("սև",), ("սև",)),
    "blue": armenian_colour(("կապույտ",), ("կապտ",)),
    "brown": armenian_colour(("շագանակագույն", "դարչնագույն"), ("շագանակ", "դարչն")),
    "gray": armenian_colour(("մոխրագույն", "գորշ"), ("մոխր", "գորշ")),
    "green": armenian_colour(("կանաչ",), ("կանաչ",)),
    "orange": armenian_colour(("նարնջագույն",), ("նարնջ",)),
    "pink": armenian_colour(("վարդագույն",), ("վարդ",)),
    "purple": armenian_colour(("մանուշակագույն",), ("մանուշակ",)),
    "red": armenian_colour(("կարմիր",), ("կարմր",)),
    "white": armenian_colour(("սպիտակ",), ("սպիտակ",)),
    "yellow": armenian_colour(("դեղին",), ("դեղն",)),
}
# The reduced stems of the -ագույն words are the nouns they come from (վարդ "rose",
# մանուշակ "violet", շագանակ "chestnut"): HY_DERIVED never adds "" to them, so those nouns
# stay allowed as cues, like "rose" and "violet" in English.

# --- Bengali -----------------------------------------------------------------------------

#: Classifier, case and plural endings (লালটা "the red one", লালের "of red", কালোয় "in black").
BN_ENDINGS = (
    "", "টা", "টি", "টার", "টির", "টাকে", "টিকে", "র", "এর", "ের", "কে", "তে", "ে", "য়",
    "য়ে", "ও", "ই", "গুলো", "গুলি", "গুলোর", "গুলির", "রা", "েরা",
)


def bengali_colour(words: Iterable[str], derived: Iterable[str] = ()) -> tuple[str, ...]:
    return tuple(w + e for w in words for e in BN_ENDINGS) + tuple(derived)


BENGALI: dict[str, tuple[str, ...]] = {
    "black": bengali_colour(("কালো",), ("কালচে", "কালোটে")),
    "blue": bengali_colour(("নীল",), ("নীলচে", "নীলাভ", "নীলাভা")),
    "brown": bengali_colour(("বাদামী", "বাদামি", "খয়েরি", "খয়েরী"), ("বাদামিটে",)),
    "gray": bengali_colour(("ধূসর", "ধুসর"), ("ধূসরাভ", "ধূসরাভা")),
    "green": bengali_colour(("সবুজ",), ("সবজে", "সবুজাভ", "সবুজাভা")),
    "orange": bengali_colour(("কমলা",), ("কমলাটে",)),
    "pink": bengali_colour(("গোলাপী", "গোলাপি"), ("গোলাপিটে",)),
    "purple": bengali_colour(("বেগুনি", "বেগুনী"), ()),
    "red": bengali_colour(("লাল",), ("লালচে", "লালাভ", "লালাভা", "লালিমা")),
    "white": bengali_colour(("সাদা", "শাদা"), ("সাদাটে", "শ্বেত")),
    "yellow": bengali_colour(("হলুদ", "হলদে"), ("হলদেটে", "হলুদাভ", "হলুদাভা", "পীত")),
}

#: Every language's forms, by basic colour.
COLOUR_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": ENGLISH, "ru": RUSSIAN, "hy": ARMENIAN, "bn": BENGALI,
}

# --- modifiers (only to take solid compounds apart) ----------------------------------------

MODIFIERS: tuple[str, ...] = (
    # English
    "light", "dark", "pale", "deep", "bright", "hot", "neon", "pastel", "dull", "soft", "baby",
    "sky", "navy", "dirty", "dusty",
    # Russian linking forms (светло-синий, темносиний, иссиня-чёрный…)
    "светло", "тёмно", "ярко", "бледно", "густо", "нежно", "тускло", "грязно", "ало",
    "иссиня", "сизо", "пепельно", "золотисто", "серебристо", "кроваво", "огненно",
    # Armenian
    "բաց", "մուգ", "վառ", "գունատ",
    # Bengali (গাঢ়নীল "dark blue", টকটকে লাল "bright red", লালরঙা "red-coloured")
    "গাঢ়", "হালকা", "ফিকে", "টকটকে", "ধবধবে", "কুচকুচে", "ঘন", "উজ্জ্বল", "আকাশ", "রং",
    "রঙ", "রঙা", "রঙের", "রঙে",
)

# --- position words (both cues) -----------------------------------------------------------

POSITION_WORDS: tuple[str, ...] = (
    # English
    "left", "right", "top", "bottom", "up", "down", "upper", "lower", "corner", "centre",
    "center", "middle", "edge", "row", "column", "above", "below", "leftmost", "rightmost",
    "topmost", "bottommost",
    # Russian
    *russian_adjective("лев", short=False, approximate=False), "слева", "налево", "левее",
    *russian_adjective("прав", short=False, approximate=False), "справа", "направо", "правее",
    "верх", "вверху", "наверху", "сверху", "вверх", "верхний", "верхняя", "верхнее", "верхние",
    "низ", "внизу", "снизу", "вниз", "нижний", "нижняя", "нижнее", "нижние",
    "угол", "углу", "угла", "угловой", "угловая", "центр", "центре", "центра", "центральный",
    "середина", "середине", "посередине", "край", "краю", "края", "ряд", "ряду", "строка",
    "строке", "столбец", "столбце", "колонка", "колонке",
    # Armenian
    "ձախ", "ձախից", "ձախում", "աջ", "աջից", "աջում", "վերև", "վերևում", "վերևից", "ներքև",
    "ներքևում", "ներքևից", "անկյուն", "անկյունում", "անկյունը", "կենտրոն", "կենտրոնում",
    "կենտրոնը", "մեջտեղ", "մեջտեղում", "եզր", "եզրին", "եզրում", "տող", "տողում", "շարք",
    "շարքում", "սյունակ", "սյունակում", "սյուն",
    # Bengali
    "বাম", "বামে", "বাঁ", "বাঁয়ে", "ডান", "ডানে", "উপর", "উপরে", "ওপরে", "নিচ", "নিচে",
    "নীচে", "কোণ", "কোণে", "কোণা", "কোণায়", "কেন্দ্র", "কেন্দ্রে", "মাঝ", "মাঝে",
    "মাঝখানে", "কিনারা", "কিনারে", "সারি", "সারিতে", "কলাম", "কলামে",
)

# --- pointers (second cue) ----------------------------------------------------------------

POINTERS: tuple[str, ...] = (
    # English
    "lighter", "darker", "brighter", "paler", "deeper", "duller", "dimmer", "softer",
    "stronger", "weaker", "warmer", "cooler", "colder", "hotter", "more", "less", "closer",
    "nearer", "further", "farther", "higher", "same", "similar", "again", "next", "beside",
    "nearby", "opposite", "lightest", "darkest", "brightest", "palest",
    # Russian
    "светлее", "светлей", "посветлее", "темнее", "темней", "потемнее", "ярче", "поярче",
    "бледнее", "побледнее", "тусклее", "глубже", "теплее", "потеплее", "холоднее",
    "похолоднее", "горячее", "ближе", "поближе", "дальше", "подальше", "выше", "повыше",
    "ниже", "пониже", "больше", "меньше", "более", "менее", "ещё", "рядом", "около", "возле",
    "соседний", "соседняя", "соседнее", "такой", "такая", "такое",
    # Armenian
    "ավելի", "պակաս", "նույն", "նույնը", "մոտ", "մոտիկ", "կողքին", "կողքի", "հեռու",
    "ավելին", "էլ", "ևս",
    # Bengali
    "আরও", "আরো", "কম", "বেশি", "বেশী", "কাছে", "কাছাকাছি", "দূরে", "পাশে", "একই",
    "গাঢ়তর", "হালকাতর", "উজ্জ্বলতর",
)

#: Pointers only when they make up the whole second cue ("dark" points; "dark teal" describes).
LONE_POINTERS: tuple[str, ...] = (
    "light", "dark", "pale", "bright", "deep", "dim", "dull",
    *russian_adjective("светл", short=False, approximate=False), "светло",
    *russian_adjective("тёмн", short=False, approximate=False), "тёмно",
    *russian_adjective("ярк", RU_VELAR, short=False, approximate=False), "ярко",
    *russian_adjective("бледн", short=False, approximate=False), "бледно",
    "բաց", "մուգ", "վառ", "գունատ",
    "হালকা", "গাঢ়", "ফিকে", "উজ্জ্বল",
)

#: Latin look-alikes in other scripts (folded, so small letters whose capital or small form
#: looks Latin), so "С12" typed on a Russian keyboard is C12 and Armenian "Օ26" is O26.
HOMOGLYPHS: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "е": "e", "н": "h", "к": "k", "м": "m", "о": "o", "р": "p",
    "т": "t", "х": "x", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n", "ο": "o",
    "ρ": "p", "ϲ": "c",
    # Armenian
    "օ": "o", "ո": "n", "հ": "h", "լ": "l", "ք": "p", "ց": "g", "յ": "j",
}
