"""Cue checking: each refusal code, in English, Russian, Armenian and Bengali."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.hues.cues import MAX_CUE_LENGTH, check_cue, cue_problem, fold, key


def code(text: str, second: bool = False, used: tuple[str, ...] = (),
         rejected: tuple[str, ...] = ()) -> str | None:
    problem = cue_problem(text, second, {key(u) for u in used}, {key(r) for r in rejected})
    return problem[0] if problem else None


# --- what passes -----------------------------------------------------------------------------

@pytest.mark.parametrize("cue", [
    "lavender", "Turquoise", "blueberry", "redwood", "greenhouse", "rose", "violet", "navy",
    "teal", "sea-foam", "robin's", "1984",
    "бирюзовый", "лаванда", "черника", "синица", "желток", "белка", "роза", "сирень",
    "փիրուզագույն", "նարդոս", "վարդ", "մանուշակ", "նարինջ", "երկնագույն", "խոզ",
    "ফিরোজা", "ল্যাভেন্ডার", "গোলাপ", "আকাশী", "কমলালেবু",
])
def test_abstract_colour_names_and_objects_pass_as_first_cues(cue: str) -> None:
    assert code(cue) is None
    assert check_cue(f"  {cue} ", second=False) == cue


@pytest.mark.parametrize("cue", [
    "cotton candy", "dark teal", "Easter grass", "բամբակյա կոնֆետ", "морская волна",
    "бледная роза", "Զատկի խոտ", "কটন ক্যান্ডি", "ইস্টার গ্রাস", "pale lavender",
])
def test_second_cues_of_two_descriptive_words_pass(cue: str) -> None:
    assert code(cue, second=True) is None


# --- refusals --------------------------------------------------------------------------------

@pytest.mark.parametrize("cue", ["", "   ", "!!!", "…", "\u200b"])
def test_empty_cue_is_refused(cue: str) -> None:
    assert code(cue) == "empty_cue"


def test_cue_longer_than_the_limit_is_refused() -> None:
    assert code("a" * (MAX_CUE_LENGTH + 1)) == "cue_too_long"
    assert code("x" * MAX_CUE_LENGTH) is None


@pytest.mark.parametrize(("cue", "second"), [
    ("cotton candy", False), ("sea foam green", True), ("a b c", True), ("морская волна", False),
    ("Զատկի խոտ", False), ("কটন ক্যান্ডি", False),
])
def test_wrong_word_count_is_refused(cue: str, second: bool) -> None:
    assert code(cue, second) == "wrong_word_count"


@pytest.mark.parametrize("cue", ["C12", "c12", "c 12", "C-12", "12C", "p30", "A1.", "С12", "H ১৫"])
def test_board_coordinates_are_refused(cue: str) -> None:
    assert code(cue) == "board_coordinate"
    assert code(cue, second=True) == "board_coordinate"


def test_coordinate_inside_a_second_cue_is_refused() -> None:
    assert code("near C12", second=True) == "board_coordinate"
    assert code("Q12") == "column_number", "there is no row Q, but 12 is a column"
    assert code("C31") is None, "there is no column 31"


@pytest.mark.parametrize(("cue", "square"), [
    ("H15th", "H15"), ("H15ish", "H15"), ("No15", "O15"), ("sunnyH15", "H15"),
    ("Օ26", "O26"), ("օ26", "O26"), ("26Օ", "O26"), ("Ο26", "O26"), ("Һ15", "H15"),
    ("Լ7", "L7"), ("ք30", "P30"), ("С12th", "C12"),
])
def test_a_coordinate_hidden_in_a_word_or_in_look_alike_letters_is_refused(
        cue: str, square: str) -> None:
    problem = cue_problem(cue, False)
    assert problem is not None and problem[0] == "board_coordinate"
    assert square in problem[1]
    assert code(f"misty {cue}", second=True) == "board_coordinate"


@pytest.mark.parametrize("cue", ["15th", "7up", "1st", "x12", "30s", "২০তম", "12-й"])
def test_a_column_number_inside_a_word_is_refused(cue: str) -> None:
    assert code(cue) == "column_number"
    assert code(f"misty {cue}", second=True) == "column_number"


@pytest.mark.parametrize("cue", ["A", "c", "P", "h."])
def test_a_row_letter_alone_is_refused(cue: str) -> None:
    assert code(cue) == "row_letter"


@pytest.mark.parametrize("cue", ["1", "12", "30", "১২"])
def test_a_column_number_alone_is_refused(cue: str) -> None:
    assert code(cue) == "column_number"


def test_numbers_that_are_no_column_pass() -> None:
    assert code("31") is None and code("1984") is None


ENGLISH = ["black", "Blue", "BROWN", "gray", "grey", "green", "orange", "pink", "purple", "red",
           "white", "yellow", "reds", "bluish", "reddish", "greyish", "yellowy", "whiter",
           "redder", "greenness", "purplish", "orangey", "pinky", "blue-green", "darkblue",
           "skyblue", "bluegreen", "Gréen", "ＲＥＤ"]
RUSSIAN = ["чёрный", "черный", "синий", "синяя", "синее", "синих", "голубой", "голубая",
           "коричневый", "серый", "серая", "зелёный", "зеленого", "оранжевый", "розовые",
           "фиолетовым", "красный", "красная", "красного", "красному", "красными", "красен",
           "красна", "красно", "красны", "краснее", "красноватый", "красненькая", "краснота",
           "белый", "бел", "бела", "белизна", "жёлтый", "желтая", "желтоватые", "зелень",
           "синева", "тёмно-синий", "темносиний", "светло-зелёный", "сине-зелёный", "Красный",
           "КРАСНЫЙ", "серо-голубой", "желто-зеленый", "иссиня-черный"]
ARMENIAN = ["սև", "սեւ", "կապույտ", "շագանակագույն", "դարչնագույն", "մոխրագույն", "կանաչ",
            "նարնջագույն", "վարդագույն", "մանուշակագույն", "կարմիր", "սպիտակ", "դեղին",
            "կարմիրը", "կարմիրի", "կարմիրից", "կարմիրներ", "սևեր", "կանաչով", "կապույտում",
            "կարմրավուն", "կապտավուն", "դեղնավուն", "սևություն", "կարմրել", "Կարմիր",
            "ԿԱՊՈՒՅՏ", "մուգկապույտ", "բաց-կանաչ", "կապտականաչ"]
BENGALI = ["কালো", "নীল", "বাদামী", "বাদামি", "খয়েরি", "ধূসর", "সবুজ", "কমলা", "গোলাপী",
           "গোলাপি", "বেগুনি", "বেগুনী", "লাল", "সাদা", "হলুদ", "লালটা", "লালের", "নীলের",
           "কালোর", "সাদাটে", "লালচে", "নীলচে", "হলদে", "সবজে", "কালোটা", "সবুজগুলো",
           "গাঢ়নীল", "হালকা-সবুজ", "লালরঙা", "কালচে"]


@pytest.mark.parametrize("cue", ENGLISH + RUSSIAN + ARMENIAN + BENGALI)
def test_basic_colour_words_and_their_forms_are_refused(cue: str) -> None:
    assert code(cue) == "basic_colour_word"
    assert code(cue, second=True) == "basic_colour_word"
    with pytest.raises(IllegalMove) as refusal:
        check_cue(cue, second=False)
    assert refusal.value.code == "basic_colour_word"
    assert "basic colour word" in refusal.value.message


def test_a_basic_colour_word_in_a_two_word_second_cue_is_refused() -> None:
    assert code("hot pink", second=True) == "basic_colour_word"
    assert code("бледно розовый", second=True) == "basic_colour_word"
    assert code("բաց կանաչ", second=True) == "basic_colour_word"
    assert code("হালকা নীল", second=True) == "basic_colour_word"


@pytest.mark.parametrize("cue", ["left", "corner", "middle", "top", "слева", "угол", "центр",
                                 "ձախ", "անկյուն", "կենտրոնում", "বামে", "কোণ", "মাঝখানে"])
def test_board_position_words_are_refused(cue: str) -> None:
    assert code(cue) == "board_position"


@pytest.mark.parametrize("cue", [
    "lighter", "darker", "more lemon", "less mint", "closer", "warmer",
    "светлее", "темнее", "потемнее", "ярче", "ближе",
    "ավելի բաց", "ավելի մուգ", "պակաս",
    "আরও হালকা", "আরো গাঢ়", "কাছে", "গাঢ়তর",
])
def test_pointers_are_refused_in_the_second_cue_only(cue: str) -> None:
    assert code(cue, second=True) == "pointer_cue"
    if len(cue.split()) == 1:
        assert code(cue) is None


@pytest.mark.parametrize("cue", ["dark", "light", "тёмный", "светлая", "բաց", "մուգ",
                                 "হালকা", "গাঢ়"])
def test_light_or_dark_alone_is_a_pointer_as_a_second_cue(cue: str) -> None:
    assert code(cue, second=True) == "pointer_cue"
    assert code(cue) is None


@pytest.mark.parametrize(("used", "again"), [
    ("lavender", "Lavender"), ("lavender", "LAVENDER!"), ("café", "cafe"),
    ("cafe\u0301", "café"), ("sea foam", "sea-foam"), ("sea foam", "Seafoam"),
    ("ёлка", "елка"), ("եւ", "և"), ("ফিরোজা", "ফিরোজা"),
    ("খয়ের", "খয\u09bcের"), ("Ｌａｖｅｎｄｅｒ", "lavender"),
])
def test_a_cue_used_earlier_is_refused_case_accent_and_form_insensitively(
        used: str, again: str) -> None:
    assert code(again, used=(used,)) == "cue_already_used"
    assert code(again, second=True, used=(used,)) == "cue_already_used"


def test_a_cue_the_host_rejected_is_refused_again() -> None:
    assert code("Lamp", rejected=("lamp",)) == "cue_rejected"


def test_fold_keeps_short_i_apart_from_i() -> None:
    assert fold("Йод") == "йод" and fold("Ёж") == "еж"
    assert key("мой") != key("мои")


def test_refusals_name_the_offending_value() -> None:
    with pytest.raises(IllegalMove) as refusal:
        check_cue("C12", second=False)
    assert "C12" in refusal.value.message
    with pytest.raises(IllegalMove) as refusal:
        check_cue("cotton candy", second=False)
    assert "cotton candy" in refusal.value.message and refusal.value.code == "wrong_word_count"
