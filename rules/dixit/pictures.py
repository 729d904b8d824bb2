"""Card pictures drawn as SVG from a descriptor: a pure function, strings in, string out.

The style is a paper cut-out: a gradient sky, layered grounds that fade with distance, dark
silhouettes lit by a few glowing details (windows, lanterns, moons), then mist, rain or snow
and a soft vignette. Every picture is a scene composed from the card's motifs:

- **motif**: a small drawing (:mod:`rules.dixit.motifs`) placed with a translate/scale; each
  knows its **zone** (sky, water, ground), where something may sit on its top, and its
  inside (for ``@in``).
- **hero**: the first motif, placed by the card's focus, horizon and scale; the others go
  where their placement (or their zone) says.
- Small variations (stars, birds, slopes) come from a generator seeded by the card id, so the
  same descriptor always gives the same bytes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Protocol

from rules.base import rng
from rules.dixit.deck import Card
from rules.dixit.motifs import MOTIFS, Ink, mix, num

W, H = 200, 300


# --- colours ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Palette:
    """Sky (top → bottom), distant and near ground, silhouettes, accent, light, water."""

    top: str
    bottom: str
    far: str
    near: str
    ink: str
    accent: str
    glow: str
    water: str


PALETTES: dict[str, Palette] = {
    "midnight": Palette("#0f1535", "#3b4486", "#2a3170", "#161b44", "#090c22", "#f2c14e",
                        "#fff2c4", "#1d2760"),
    "dawn": Palette("#5f74c0", "#f8bf9c", "#b48db4", "#6a557f", "#2e2342", "#ff7f61",
                    "#fff1d6", "#8c8ac4"),
    "sunset": Palette("#35194f", "#f39a4e", "#a4506e", "#4a2545", "#1f0d26", "#ffd166",
                      "#ffe6a8", "#7a3a5e"),
    "lagoon": Palette("#0d4a5a", "#7cc4c2", "#2d7f86", "#125361", "#062831", "#f6ae2d",
                      "#eafff7", "#1b6b78"),
    "meadow": Palette("#6cc3ee", "#e4f6ff", "#86b870", "#4b8a48", "#21402a", "#e63946",
                      "#fffbe3", "#4f9cc4"),
    "desert": Palette("#f09a5a", "#fbe1b0", "#dc9b5c", "#b3643a", "#55251a", "#1f8a82",
                      "#fff3d4", "#5aa8a0"),
    "snow": Palette("#aebfd8", "#f2f6fb", "#b7c7dc", "#e9eff7", "#27384f", "#d1495b",
                    "#ffffff", "#8fa6c4"),
    "forest": Palette("#9dbf95", "#e6eed9", "#6c976c", "#395f43", "#172c1e", "#f4c542",
                      "#fbffee", "#5e8f7c"),
    "rose": Palette("#f09aab", "#ffe6da", "#d48b9c", "#94627a", "#432637", "#4d55c4",
                    "#fffaf5", "#c58fa8"),
    "storm": Palette("#26343b", "#7c9f8c", "#4c7168", "#2f4a4c", "#141f22", "#e9c46a",
                     "#eef7ee", "#3d5f62"),
    "violet": Palette("#2e0858", "#c27cf4", "#7b2cbf", "#4d1590", "#1f0044", "#6ff0d8",
                      "#f5e9ff", "#5b2a9e"),
    "amber": Palette("#2a1a0c", "#a3652d", "#6b4423", "#2e1f10", "#150d05", "#ffab40",
                     "#ffe2a6", "#5e3b1c"),
    "abyss": Palette("#021a38", "#1a73b8", "#0b3d6e", "#c7b285", "#01142b", "#ff6f59",
                     "#b8f3ff", "#0f4f8a"),
    "sepia": Palette("#d9c29b", "#f6ecd8", "#c4a57a", "#9b774d", "#45301c", "#9b2f3a",
                     "#fffaf0", "#a99274"),
    "mint": Palette("#8fe0cf", "#f0fff9", "#7cc7a6", "#4e9b7b", "#1d3b36", "#ff5c8a",
                    "#ffffff", "#66bfc0"),
    "crimson": Palette("#3f0610", "#d8505f", "#8c1c2b", "#3a0710", "#1b0206", "#ffd6a5",
                       "#ffeede", "#6a1424"),
    "ice": Palette("#08343f", "#58c4d6", "#2c8797", "#bfe9ef", "#062631", "#ff9f1c",
                   "#f2fdff", "#1f6f80"),
    "gold": Palette("#6b3f0a", "#f7c948", "#c98a26", "#7a4a12", "#3a2104", "#3d5a80",
                    "#fff6d8", "#b5802f"),
}


# --- scene -----------------------------------------------------------------------------------

SETTINGS: frozenset[str] = frozenset({
    "hills", "sea", "lake", "desert", "snow", "city", "forest", "void", "clouds", "underwater",
    "indoor", "cliff"})
LIGHTS: frozenset[str] = frozenset({
    "day", "dawn", "dusk", "night", "fog", "storm", "snowfall", "glow"})
WATERY = frozenset({"sea", "lake", "cliff"})
FLOATING = frozenset({"void", "underwater"})
HERO_SIZE = {"small": 58, "medium": 86, "large": 118, "giant": 158}
HORIZON_Y = {"low": 214, "mid": 184, "high": 146}
FOCUS_X = {"left": 68, "centre": 100, "right": 132}
#: Things drawn at their own scale when they sit on top of the hero (not as big as objects).
CREATURES = frozenset({"figure", "cat", "fox", "owl"})


class Gen(Protocol):
    """The part of the seeded generator (``rules.base.rng``) the pictures use."""

    def random(self) -> float: ...
    def uniform(self, a: float, b: float) -> float: ...
    def randint(self, a: int, b: int) -> int: ...
    def shuffle(self, x: list[Any]) -> None: ...


@dataclass(frozen=True)
class _Layout:
    """Where the scene's lines fall: the horizon, the ground the hero stands on, the water."""

    horizon: float
    ground: float
    water: float | None
    hx: float


@dataclass(frozen=True)
class _Placed:
    name: str
    x: float
    y: float  # the base of the motif's box
    size: float
    flip: bool = False
    layer: int = 5  # 3 behind the far ground, 4 on it, 5 mid-ground, 6 hero, 7 in front


def _use(p: _Placed, colours: Ink) -> str:
    s = f"{p.size / 100:.3g}"
    scale = f"-{s},{s}" if p.flip else s
    return (f'<g transform="translate({num(p.x)},{num(p.y)}) scale({scale})">'
            f'{MOTIFS[p.name].draw(colours)}</g>')


def _card_seed(card: Card) -> int:
    """A number from the card's id and title, so each card's small variations are its own."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(card.id + card.title))


def _lit(pal: Palette, light: str) -> Palette:
    """The palette under the card's light: night darkens the sky, a storm greys it."""
    if light == "night":
        return replace(pal, top=mix(pal.top, pal.ink, 0.5), bottom=mix(pal.bottom, pal.ink, 0.3))
    if light == "storm":
        grey = "#3a4448"
        return replace(pal, top=mix(pal.top, grey, 0.6), bottom=mix(pal.bottom, grey, 0.3))
    return pal


def _layout(card: Card) -> _Layout:
    horizon = float(HORIZON_Y[card.horizon])
    if card.setting == "underwater":
        horizon = 262.0
    elif card.setting == "void":
        horizon = 320.0
    ground = horizon + (H - horizon) * 0.5
    if card.setting == "indoor":
        ground = max(ground, 250.0)
    water = {"sea": horizon, "cliff": horizon, "lake": ground + 14}.get(card.setting)
    return _Layout(horizon, ground, water, float(FOCUS_X[card.focus]))


def _place_hero(card: Card, lay: _Layout, flip: bool) -> _Placed:
    name = card.things[0]
    zone = MOTIFS[name].zone
    size = HERO_SIZE[card.scale]
    if card.setting in FLOATING:
        base = 152 + size / 2 if card.setting == "void" else min(150 + size / 2, 250)
    elif zone in ("sky", "celestial") or (zone == "water" and lay.water is None):
        base = min(lay.horizon * 0.52, 140) + size / 2
    elif zone == "water" and lay.water is not None:
        base = {"wave": H - 6, "island": lay.water + 6, "fish": lay.water - 8,
                "whale": lay.water + 26}.get(name, lay.water + 12)
    else:
        base = lay.ground
    return _Placed(name, lay.hx, base, size, flip, 3 if zone == "celestial" else 6)


def _place(name: str, where: str, hero: _Placed, card: Card, lay: _Layout,
           sky_slots: list[tuple[float, float]]) -> _Placed:
    """Where a secondary motif goes, given its placement word and the hero."""
    s = hero.size / 100
    motif = MOTIFS[name]
    hero_motif = MOTIFS[hero.name]
    centred = motif.zone in ("sky", "celestial", "water")
    away = 1 if hero.x <= 100 else -1  # towards the emptier side of the picture
    if where == "top":
        tx, ty = hero_motif.top
        size = max(hero.size * (0.36 if name in CREATURES else 0.5), 24)
        x = hero.x + (-tx if hero.flip else tx) * s
        return _Placed(name, x, hero.y + ty * s + (size / 2 if centred else 2), size, layer=7)
    if where == "in":
        ix, iy, frac = hero_motif.inner
        size = hero.size * frac
        x = hero.x + (-ix if hero.flip else ix) * s
        return _Placed(name, x, hero.y + iy * s + size / 2, size, layer=7)
    if where == "base":
        size = max(hero.size * 0.3, 22)
        x = hero.x + away * (hero.size * 0.4 + size * 0.2)
        return _Placed(name, x, hero.y + 3, size, away < 0, layer=7)
    if where in ("left", "right"):
        size = max(hero.size * 0.5, 34)
        direction = -1 if where == "left" else 1
        x = hero.x + direction * (hero.size * 0.42 + size * 0.38)
        x = min(max(x, size * 0.3), W - size * 0.3)
        base = lay.ground - 6 if card.setting not in FLOATING else hero.y
        if card.setting == "underwater":
            base = 282
        return _Placed(name, x, base, size, direction > 0, layer=5)
    if where == "far":
        size = 130.0 if name == "mountain" else 36.0
        x = 100 + away * 62
        return _Placed(name, x, lay.horizon + 2, size, layer=4)
    if where == "water" and lay.water is not None:
        size = max(hero.size * 0.42, 36)
        x = hero.x + away * (hero.size * 0.35 + size * 0.55)
        x = min(max(x, size * 0.4), W - size * 0.4)
        base = lay.water + (44 if name in ("fish", "jellyfish") else 22 if name == "whale"
                            else 14)
        return _Placed(name, x, min(base, H - 10), size, away < 0, layer=5)
    if where == "float":
        size = max(hero.size * 0.35, 26)
        x = hero.x + away * hero.size * 0.45
        return _Placed(name, x, hero.y - hero.size * 0.7, size, away < 0, layer=7)
    x, y = sky_slots.pop(0) if sky_slots else (100.0, 60.0)
    size = 66.0 if motif.zone == "celestial" else 40.0
    if card.setting == "underwater":
        y = min(y + 40, 200)
    y = min(y, lay.horizon - 14 - size / 2)
    return _Placed(name, x, y + size / 2, size, layer=3 if motif.zone == "celestial" else 7)


def _default_place(name: str, card: Card, lay: _Layout, side: int) -> str:
    zone = MOTIFS[name].zone
    if zone in ("sky", "celestial"):
        return "sky"
    if zone == "water":
        return "water" if lay.water is not None else "sky" if card.setting in FLOATING \
            else "float"
    if name == "mountain":
        return "far"
    return "right" if side > 0 else "left"


def render(card: Card) -> str:
    """Return the card's picture as a standalone SVG document (same descriptor, same bytes)."""
    pal = _lit(PALETTES[card.palette], card.light)
    gen: Gen = rng(_card_seed(card), 0)
    uid = "".join(ch for ch in card.id if ch.isalnum())
    colours = Ink(pal.ink, mix(pal.far, pal.ink, 0.55), pal.accent, pal.glow, pal.water,
                  f"h{uid}")
    lay = _layout(card)
    hero = _place_hero(card, lay, gen.random() < 0.3)
    placed = [hero]
    side = 1 if lay.hx <= 100 else -1
    sky_slots = [(38.0, 40.0), (162.0, 36.0), (104.0, 22.0), (56.0, 86.0), (150.0, 90.0)]
    sky_slots.sort(key=lambda slot: -abs(slot[0] - lay.hx))
    for entry in card.motifs[1:]:
        name, _, where = entry.partition("@")
        if not where:
            where = _default_place(name, card, lay, side)
            if where in ("left", "right"):
                side = -side
        placed.append(_place(name, where, hero, card, lay, sky_slots))

    defs = (f'<linearGradient id="s{uid}" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{pal.top}"/>'
            f'<stop offset="1" stop-color="{pal.bottom}"/></linearGradient>'
            f'<radialGradient id="h{uid}"><stop offset="0" stop-color="{pal.glow}"'
            f' stop-opacity=".7"/><stop offset="1" stop-color="{pal.glow}" stop-opacity="0"/>'
            f'</radialGradient>'
            f'<radialGradient id="v{uid}" r=".75"><stop offset=".6" stop-color="{pal.ink}"'
            f' stop-opacity="0"/><stop offset="1" stop-color="{pal.ink}" stop-opacity=".5"/>'
            f'</radialGradient><clipPath id="c{uid}"><rect width="{W}" height="{H}" rx="12"/>'
            f'</clipPath>')
    body = [f'<rect width="{W}" height="{H}" fill="url(#s{uid})"/>', _sky(card, pal, gen, lay)]
    body += [_use(p, colours) for p in placed if p.layer == 3]
    body.append(_far(card, pal, gen, lay))
    body += [_use(p, colours) for p in placed if p.layer == 4]
    body.append(_ground(card, pal, lay))
    for layer in (5, 6, 7):
        body += [_use(p, colours) for p in placed if p.layer == layer]
    body.append(_weather(card, pal, gen, lay))
    body.append(f'<rect width="{W}" height="{H}" fill="url(#v{uid})"/>'
                f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="8" fill="none"'
                f' stroke="{pal.glow}" stroke-opacity=".45" stroke-width="1.5"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}"'
            f' height="{H}"><title>{_escape(card.title)}</title><defs>{defs}</defs>'
            f'<g clip-path="url(#c{uid})">{"".join(body)}</g></svg>')


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _sky(card: Card, pal: Palette, gen: Gen, lay: _Layout) -> str:
    out = []
    if card.setting == "indoor":
        stripes = "".join(f"M{x},0V{num(lay.ground)}" for x in range(10, 200, 20))
        return (f'<path d="{stripes}" stroke="{pal.ink}" stroke-width="7" opacity=".12"/>'
                f'<path d="M0,{num(lay.ground - 30)}H200" stroke="{pal.ink}" stroke-width="2"'
                f' opacity=".25"/>')
    if card.light in ("night", "glow") or card.setting == "void":
        top = max(min(lay.horizon, 300) - 20, 40)
        dots = "".join(f"M{num(gen.uniform(8, 192))},{num(gen.uniform(8, top))}h.1"
                       for _ in range(34))
        out.append(f'<path d="{dots}" stroke="{pal.glow}" stroke-width="2.2"'
                   f' stroke-linecap="round" opacity=".8"/>')
    if card.light in ("dawn", "dusk"):
        out.append(f'<ellipse cx="{num(lay.hx)}" cy="{num(lay.horizon)}" rx="140" ry="70"'
                   f' fill="url(#h{"".join(ch for ch in card.id if ch.isalnum())})"/>')
    return "".join(out)


def _hills(y: float, amp: float, phase: float, fill: str, extra: str = "") -> str:
    pts = [f"M0,{num(y)}"]
    for i in range(4):
        y1 = y - amp * math.sin(phase + i * 1.7)
        y2 = y + amp * 0.3 * math.cos(phase + i)
        pts.append(f"Q{i * 50 + 25},{num(y1)} {(i + 1) * 50},{num(y2)}")
    return f'<path d="{"".join(pts)}V300H0Z" fill="{fill}"{extra}/>'


def _far(card: Card, pal: Palette, gen: Gen, lay: _Layout) -> str:
    phase = gen.uniform(0, 6)
    setting = card.setting
    horizon = lay.horizon
    if setting == "underwater":
        rays = "".join(f"M{x},0l{x // 10 - 20},300h18z" for x in (30, 80, 130, 170))
        return f'<path d="{rays}" fill="{pal.glow}" opacity=".1"/>'
    if setting in ("void", "indoor", "sea", "cliff"):
        return ""
    if setting == "clouds":
        return (_hills(horizon - 10, 14, phase, pal.glow, ' opacity=".35"')
                + _hills(horizon + 6, 10, phase + 2, pal.glow, ' opacity=".5"'))
    if setting == "city":
        rects = []
        x = 0
        while x < W:
            w, h = gen.randint(12, 24), gen.randint(16, 52)
            rects.append(f"M{x},{num(horizon)}v{-h}h{w}v{h}z")
            x += w + gen.randint(0, 4)
        lit = "".join(f"M{gen.randint(4, 196)},{num(horizon - gen.randint(8, 40))}h3v4h-3z"
                      for _ in range(14))
        return (f'<path d="{"".join(rects)}" fill="{pal.far}"/>'
                f'<path d="{lit}" fill="{pal.glow}" opacity=".7"/>')
    if setting == "forest":
        trees = "".join(f"M{i * 14 - 6},{num(horizon + 4)}l9,-{h}l9,{h}z"
                        for i, h in ((i, gen.randint(22, 44)) for i in range(16)))
        return f'<path d="{trees}" fill="{pal.far}"/>'
    amp = 22 if setting in ("hills", "lake", "snow") else 12
    return _hills(horizon, amp, phase, pal.far)


def _ground(card: Card, pal: Palette, lay: _Layout) -> str:
    setting = card.setting
    near = pal.near
    mid = mix(pal.far, pal.near, 0.5)
    ground, hx = lay.ground, lay.hx
    if setting == "void":
        return ""
    if setting == "clouds":
        return _hills(ground + 4, 12, 1.0, pal.glow, ' opacity=".85"')
    if setting == "underwater":
        return (f'<path d="M0,262Q50,250 100,260T200,256V300H0Z" fill="{near}"/>'
                f'<path d="M20,300q-8,-30 4,-60q-10,30 2,60M176,300q8,-40 -4,-70q12,36 0,70"'
                f' fill="{pal.far}"/>')
    if setting == "indoor":
        return (f'<rect y="{num(ground)}" width="200" height="{num(H - ground)}" fill="{near}"/>'
                f'<path d="M0,{num(ground)}H200" stroke="{pal.ink}" stroke-width="3"/>'
                f'<path d="M0,{num(ground + 16)}H200M0,{num(ground + 34)}H200" stroke="{pal.ink}"'
                f' stroke-width="1" opacity=".3"/>')
    if lay.water is not None:
        top = lay.water
        waves = "".join(f"M{x},{num(top + dy)}h{w}" for x, dy, w in (
            (20, 12, 30), (120, 20, 40), (60, 34, 46), (150, 50, 30), (14, 62, 40),
            (90, 78, 50), (30, 96, 36), (130, 104, 44)) if top + dy < H)
        water = (f'<rect y="{num(top)}" width="200" height="{num(H - top)}" fill="{pal.water}"/>'
                 f'<path d="{waves}" stroke="{pal.glow}" stroke-width="1.5" opacity=".35"/>')
        if setting == "lake":
            return _hills(ground - 8, 8, 2.0, mid) + water
        if setting == "cliff":
            edge = hx + 46 if hx <= 100 else hx - 46
            foot = edge + 14 if hx <= 100 else edge - 14
            end = 0 if hx <= 100 else 200
            return water + (f'<path d="M{end},{num(ground - 4)}H{num(edge)}L{num(foot)},300'
                            f'H{end}Z" fill="{near}"/>')
        return water
    if setting == "desert":
        return (_hills(ground - 18, 10, 1.2, mid)
                + f'<path d="M0,{num(ground + 4)}Q{num(hx)},{num(ground - 8)} 200,'
                  f'{num(ground + 10)}V300H0Z" fill="{near}"/>')
    return (_hills(ground - 20, 12, 0.4, mid)
            + f'<path d="M0,{num(ground + 8)}Q{num(hx)},{num(ground - 10)} 200,'
              f'{num(ground + 6)}V300H0Z" fill="{near}"/>')


def _weather(card: Card, pal: Palette, gen: Gen, lay: _Layout) -> str:
    light = card.light
    if light == "fog":
        bands = "".join(f'<ellipse cx="{cx}" cy="{num(lay.horizon + dy)}" rx="150" ry="{ry}"/>'
                        for cx, dy, ry in ((60, -18, 14), (150, 6, 18), (80, 30, 22)))
        return f'<g fill="{pal.glow}" opacity=".22">{bands}</g>'

    if light == "storm":
        rain = "".join(f"M{gen.randint(0, 210)},{gen.randint(0, 290)}l-6,14" for _ in range(46))
        return (f'<path d="{rain}" stroke="{pal.glow}" stroke-width="1.2" opacity=".45"/>'
                f'<path d="M0,0H200V40Q150,56 100,40T0,44Z" fill="{pal.ink}" opacity=".35"/>')
    if light == "snowfall" or card.setting == "snow":
        flakes = "".join(f"M{gen.randint(4, 196)},{gen.randint(4, 296)}h.1" for _ in range(40))
        return (f'<path d="{flakes}" stroke="{pal.glow}" stroke-width="3" stroke-linecap="round"'
                f' opacity=".8"/>')
    if card.setting == "underwater":
        bubbles = "".join(f'<circle cx="{gen.randint(10, 190)}" cy="{gen.randint(20, 240)}"'
                          f' r="{gen.randint(2, 5)}"/>' for _ in range(9))
        return f'<g fill="none" stroke="{pal.glow}" stroke-width="1.2" opacity=".5">{bubbles}</g>'
    return ""

