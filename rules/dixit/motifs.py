"""The motifs a card picture is composed from, each a small SVG drawing.

- **motif**: a drawing in a 100 × 100 box whose base is at ``(0, 0)`` (x from -50 to 50, y
  from -100 to 0), placed by the scene with a translate/scale.
- **zone**: where a motif belongs when the descriptor does not say: ``sky``, ``celestial``
  (in the sky, behind the distant ground), ``water`` or ``ground``.
- **top** and **inner**: where another motif sits on it (``@top``) or inside it (``@in``).
- **ink**: the colours a motif is drawn with (silhouette, mid tone, accent, light, water),
  derived from the card's palette by :mod:`rules.dixit.pictures`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

SUN = "#ffc24a"
FOX = "#e8772e"
GOLDFISH = "#f59a2a"


def mix(a: str, b: str, t: float) -> str:
    """Return the colour ``t`` of the way from ``a`` to ``b`` (``#rrggbb``)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


@dataclass(frozen=True)
class Ink:
    """The colours a motif is drawn with, derived from the palette."""

    ink: str
    mid: str
    accent: str
    glow: str
    water: str
    halo: str  # the id of the card's glow gradient, for url(#…)


# --- motifs ----------------------------------------------------------------------------------

def num(x: float) -> str:
    """A number written short (SVG size matters: one decimal at most)."""
    return str(round(x)) if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _crescent(cx: float, cy: float, r: float, shift: float, fill: str) -> str:
    # The lit part of a disc of radius r once a disc of radius 0.86 r, shifted right and up,
    # is taken away: two arcs between the circles' intersection points.
    r2 = r * 0.86
    dx, dy = shift, -shift * 0.45
    d = math.hypot(dx, dy)
    a = (r * r - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(r * r - a * a, 0.0))
    mx, my = cx + a * dx / d, cy + a * dy / d
    p1 = (mx + h * dy / d, my - h * dx / d)
    p2 = (mx - h * dy / d, my + h * dx / d)
    return (f'<path d="M{num(p1[0])},{num(p1[1])}A{num(r)},{num(r)} 0 1 0 {num(p2[0])},{num(p2[1])}'
            f'A{num(r2)},{num(r2)} 0 1 1 {num(p1[0])},{num(p1[1])}Z" fill="{fill}"/>')


def _moon(c: Ink) -> str:
    return (f'<circle cy="-50" r="50" fill="url(#{c.halo})"/>'
            + _crescent(0, -50, 30, 17, c.glow))


def _sun(c: Ink) -> str:
    rays = "".join(
        f"M{num(30 * math.cos(a))},{num(-50 + 30 * math.sin(a))}"
        f"L{num(42 * math.cos(a))},{num(-50 + 42 * math.sin(a))}"
        for a in (i * math.pi / 6 for i in range(12)))
    return (f'<circle cy="-50" r="50" fill="url(#{c.halo})"/>'
            f'<path d="{rays}" stroke="{mix(c.glow, SUN, 0.3)}" stroke-width="4"'
            f' stroke-linecap="round"/>'
            f'<circle cy="-50" r="22" fill="{mix(c.glow, SUN, 0.6)}"/>'
            f'<circle cx="-6" cy="-56" r="9" fill="{c.glow}" opacity=".5"/>')


def _comet(c: Ink) -> str:
    return (f'<path d="M26,-76L-50,-28L-36,-26Z" fill="{c.glow}" opacity=".35"/>'
            f'<path d="M26,-76L-46,-40L20,-68Z" fill="{c.glow}" opacity=".6"/>'
            f'<circle cx="26" cy="-72" r="24" fill="url(#{c.halo})"/>'
            f'<circle cx="24" cy="-72" r="7" fill="{c.glow}"/>')


def _planet(c: Ink) -> str:
    return (f'<circle cy="-50" r="48" fill="url(#{c.halo})"/>'
            f'<circle cy="-50" r="26" fill="{c.accent}"/>'
            f'<path d="M-26,-50a26,26 0 0 0 52,0z" fill="{c.ink}" opacity=".25"/>'
            f'<ellipse cy="-50" rx="46" ry="10" fill="none" stroke="{c.glow}" stroke-width="4"'
            f' transform="rotate(-18 0 -50)"/>')


def _rainbow(c: Ink) -> str:
    colours = ("#e6504e", "#f2a541", "#f5d55c", "#73c47a", "#4f8fd6", "#8a63c9")
    arcs = "".join(
        f'<path d="M{-46 + 4 * i},0A{46 - 4 * i},{80 - 4 * i} 0 0 1 {46 - 4 * i},0" '
        f'stroke="{col}"/>' for i, col in enumerate(colours))
    return f'<g fill="none" stroke-width="4.5" opacity=".8">{arcs}</g>'


def _cloud(c: Ink) -> str:
    return (f'<path d="M-44,-34a14,14 0 0 1 12,-20a20,20 0 0 1 36,-10a16,16 0 0 1 28,12'
            f'a12,12 0 0 1 12,18z" fill="{c.glow}" opacity=".9"/>')


def _stars(c: Ink) -> str:
    return (f'<path d="M0,-96L5,-74L26,-68L5,-62L0,-40L-5,-62L-26,-68L-5,-74Z'
            f'M-26,-42L-23,-30L-12,-27L-23,-24L-26,-12L-29,-24L-40,-27L-29,-30Z'
            f'M30,-34L32,-26L40,-24L32,-22L30,-14L28,-22L20,-24L28,-26Z" fill="{c.glow}"/>')


def _bird(c: Ink) -> str:
    return (f'<path d="M-34,-48Q-12,-64 14,-58Q24,-68 34,-62L46,-60L34,-55Q24,-40 -2,-42'
            f'Q-18,-42 -34,-48ZM-32,-48L-50,-58L-47,-42Z'
            f'M-8,-54Q-18,-90 -40,-96Q-10,-84 8,-56Z" fill="{c.ink}"/>'
            f'<circle cx="28" cy="-60" r="2" fill="{c.glow}"/>')


def _birds(c: Ink) -> str:
    flock = ((-30, -70, 10), (-6, -84, 8), (14, -60, 11), (34, -80, 7), (-14, -44, 7))
    path = "".join(f"M{x - s},{y}" + f"q{num(s / 2)},{-s * 0.6:.1f} {s},0" * 2
                   for x, y, s in flock)
    return (f'<path d="{path}" fill="none" stroke="{c.ink}" stroke-width="3"'
            f' stroke-linecap="round"/>')


def _butterfly(c: Ink) -> str:
    return (f'<g fill="{c.accent}"><ellipse cx="-18" cy="-62" rx="18" ry="24"'
            f' transform="rotate(-30 -18 -62)"/><ellipse cx="18" cy="-62" rx="18" ry="24"'
            f' transform="rotate(30 18 -62)"/><ellipse cx="-14" cy="-34" rx="11" ry="15"'
            f' transform="rotate(30 -14 -34)"/><ellipse cx="14" cy="-34" rx="11" ry="15"'
            f' transform="rotate(-30 14 -34)"/></g>'
            f'<g fill="{c.glow}" opacity=".7"><circle cx="-20" cy="-64" r="6"/>'
            f'<circle cx="20" cy="-64" r="6"/></g>'
            f'<path d="M0,-74V-24M0,-74l-8,-16M0,-74l8,-16" stroke="{c.ink}" stroke-width="4"'
            f' fill="none" stroke-linecap="round"/>')


def _balloon(c: Ink) -> str:
    return (f'<path d="M0,-100C30,-100 44,-82 42,-64C40,-48 18,-38 9,-28L-9,-28C-18,-38 -40,-48'
            f' -42,-64C-44,-82 -30,-100 0,-100Z" fill="{c.accent}"/>'
            f'<path d="M0,-100C-16,-96 -18,-50 -9,-28M0,-100C16,-96 18,-50 9,-28M0,-100V-28"'
            f' fill="none" stroke="{c.ink}" stroke-width="2" opacity=".35"/>'
            f'<path d="M-30,-84C-26,-92 -16,-96 -8,-96" stroke="{c.glow}" stroke-width="4"'
            f' fill="none" stroke-linecap="round" opacity=".6"/>'
            f'<path d="M-9,-28L-7,-16M9,-28L7,-16" stroke="{c.ink}" stroke-width="1.5"/>'
            f'<rect x="-9" y="-16" width="18" height="12" rx="2" fill="{c.ink}"/>')


def _kite(c: Ink) -> str:
    return (f'<path d="M0,-30Q-20,20 -60,120" stroke="{c.ink}" stroke-width="1" fill="none"'
            f' opacity=".6"/>'
            f'<path d="M0,-100L24,-68L0,-30L-24,-68Z" fill="{c.accent}"/>'
            f'<path d="M0,-100V-30M-24,-68H24" stroke="{c.ink}" stroke-width="2" opacity=".5"/>'
            f'<path d="M0,-30q10,10 0,20q-10,10 0,20" stroke="{c.ink}" stroke-width="2"'
            f' fill="none"/><path d="M-6,-14l12,-4v8zM-6,6l12,-4v8z" fill="{c.glow}"/>')


def _eye(c: Ink) -> str:
    return (f'<circle cy="-50" r="50" fill="url(#{c.halo})"/>'
            f'<path d="M-48,-50Q0,-94 48,-50Q0,-6 -48,-50Z" fill="{c.glow}"'
            f' stroke="{c.ink}" stroke-width="3"/>'
            f'<circle cy="-50" r="19" fill="{c.accent}"/><circle cy="-50" r="8" fill="{c.ink}"/>'
            f'<circle cx="-6" cy="-56" r="3.5" fill="{c.glow}"/>'
            f'<path d="M-30,-66l-6,-10M-10,-72l-2,-12M10,-72l2,-12M30,-66l6,-10" '
            f'stroke="{c.ink}" stroke-width="3" stroke-linecap="round"/>')


def _whale(c: Ink) -> str:
    return (f'<path d="M48,-44C48,-66 24,-74 0,-72C-24,-70 -36,-60 -42,-50L-54,-66L-50,-44'
            f'L-60,-28L-40,-38C-28,-22 -4,-18 16,-20C36,-22 48,-30 48,-44Z" fill="{c.mid}"/>'
            f'<path d="M-22,-26C0,-20 28,-22 44,-34" stroke="{c.glow}" stroke-width="3"'
            f' fill="none" opacity=".45"/>'
            f'<circle cx="30" cy="-46" r="2.5" fill="{c.glow}"/>'
            f'<path d="M10,-72q-4,-14 -14,-20M10,-72q4,-14 14,-22" stroke="{c.glow}"'
            f' stroke-width="2.5" fill="none" opacity=".7" stroke-linecap="round"/>')


def _fish(c: Ink) -> str:
    scales = mix(GOLDFISH, c.accent, 0.3)
    return (f'<path d="M-28,-50C-12,-72 20,-70 34,-50C20,-30 -12,-28 -28,-50Z'
            f'M-24,-50L-46,-66L-40,-50L-46,-34Z" fill="{scales}"/>'
            f'<path d="M-4,-64q8,14 0,28M8,-64q8,14 0,28" stroke="{c.ink}" stroke-width="2"'
            f' fill="none" opacity=".3"/><circle cx="20" cy="-54" r="3.5" fill="{c.ink}"/>')


def _jellyfish(c: Ink) -> str:
    return (f'<circle cy="-62" r="40" fill="url(#{c.halo})"/>'
            f'<path d="M-28,-60C-28,-96 28,-96 28,-60Q14,-54 0,-60Q-14,-54 -28,-60Z"'
            f' fill="{c.accent}" opacity=".85"/>'
            f'<path d="M-18,-58q-6,14 2,26q6,12 -2,26M-6,-58q6,14 -2,26q-6,12 2,26'
            f'M6,-58q-6,14 2,26q6,12 -2,26M18,-58q6,14 -2,26q-6,12 2,26" stroke="{c.glow}"'
            f' stroke-width="2.5" fill="none" opacity=".8"/>')


def _boat(c: Ink) -> str:
    return (f'<path d="M2,-94V-24" stroke="{c.ink}" stroke-width="3"/>'
            f'<path d="M5,-92V-28H40Z" fill="{c.glow}"/>'
            f'<path d="M-1,-82V-28H-30Z" fill="{c.glow}" opacity=".8"/>'
            f'<path d="M-46,-24H46L34,-4H-34Z" fill="{c.ink}"/>'
            f'<path d="M-40,-16H40" stroke="{c.accent}" stroke-width="3"/>')


def _wave(c: Ink) -> str:
    return (f'<path d="M-50,0C-50,-44 -20,-92 20,-90C46,-88 54,-66 40,-56C30,-50 18,-58 24,-66'
            f'C12,-62 6,-44 18,-30C28,-16 44,-12 50,0Z" fill="{c.water}"/>'
            f'<path d="M-50,0C-48,-30 -30,-60 -4,-74" stroke="{c.ink}" stroke-width="6"'
            f' fill="none" opacity=".3"/>'
            f'<path d="M-26,-66C-8,-88 28,-96 44,-70" stroke="{c.glow}" stroke-width="5"'
            f' fill="none" stroke-linecap="round"/>'
            f'<g fill="{c.glow}"><circle cx="40" cy="-58" r="4"/><circle cx="30" cy="-62" r="3"/>'
            f'<circle cx="46" cy="-64" r="2.5"/></g>')


def _island(c: Ink) -> str:
    return (f'<path d="M-50,0C-34,-24 30,-26 50,0Z" fill="{c.ink}"/>'
            f'<path d="M-44,-2C-26,-18 24,-20 44,-2" stroke="{c.glow}" stroke-width="2"'
            f' fill="none" opacity=".4"/>')


def _lighthouse(c: Ink) -> str:
    return (f'<path d="M0,-88L-170,-130V-40Z" fill="{c.glow}" opacity=".22"/>'
            f'<circle cy="-88" r="30" fill="url(#{c.halo})"/>'
            f'<path d="M-30,0C-26,-10 26,-10 30,0Z" fill="{c.ink}"/>'
            f'<path d="M-12,-4L-8,-80H8L12,-4Z" fill="{c.glow}"/>'
            f'<path d="M-11,-22H11L10.4,-34H-10.4ZM-9.5,-52H9.5L8.9,-64H-8.9Z" fill="{c.accent}"/>'
            f'<path d="M-13,-84H13V-80H-13ZM-9,-94L0,-104L9,-94Z" fill="{c.ink}"/>'
            f'<rect x="-7" y="-94" width="14" height="10" fill="{c.glow}"/>')


def _house(c: Ink) -> str:
    return (f'<path d="M14,-72h9v20h-9zM-30,0V-48L0,-76L30,-48V0Z" fill="{c.ink}"/>'
            f'<path d="M-21,-40h12v12h-12zM9,-40h12v12h-12z" fill="{c.glow}"/>'
            f'<path d="M-6,0v-19h12v19z" fill="{c.accent}"/>'
            f'<path d="M-15,-40v12M15,-40v12M-21,-34h12M9,-34h12" stroke="{c.ink}"'
            f' stroke-width="1.5"/>')


def _tower(c: Ink) -> str:
    return (f'<path d="M-13,0L-11,-70H11L13,0ZM-16,-70L0,-100L16,-70Z" fill="{c.ink}"/>'
            f'<path d="M-3,-58h6v10h-6zM-3,-34h6v10h-6z" fill="{c.glow}"/>'
            f'<path d="M0,-100v-8l8,3l-8,3" fill="{c.accent}" stroke="{c.ink}"'
            f' stroke-width="1"/>')


def _castle(c: Ink) -> str:
    return (f'<path d="M-44,0V-58h6v6h5v-6h6v6h5v-6h6V-34H0V-62h-6v-6h6v-6h6v6h6v6H6V-34H12'
            f'V-58h6v6h5v-6h6v6h5v-6h6V0Z" fill="{c.ink}"/>'
            f'<path d="M-8,0V-14A8,8 0 0 1 8,-14V0Z" fill="{c.accent}"/>'
            f'<path d="M-34,-44h5v9h-5zM29,-44h5v9h-5zM1,-58h4v8h-4z" fill="{c.glow}"/>')


def _door(c: Ink) -> str:
    return (f'<path d="M-18,0L18,0L64,16L-8,16Z" fill="{c.glow}" opacity=".35"/>'
            f'<rect x="-24" y="-96" width="48" height="96" fill="{c.ink}"/>'
            f'<rect x="-18" y="-90" width="36" height="90" fill="{c.glow}"/>'
            f'<path d="M-18,0V-90L6,-82V8Z" fill="{c.mid}"/>'
            f'<circle cx="1" cy="-40" r="2.5" fill="{c.accent}"/>')


def _staircase(c: Ink) -> str:
    steps = "M-50,0" + "".join("v-11h11" for _ in range(6)) + "V0Z"
    floating = "".join(f"M{16 + 11 * i},{-77 - 11 * i}h11v5h-11z" for i in range(3))
    return (f'<path d="{steps}{floating}" fill="{c.ink}"/>'
            f'<path d="M-50,-11h11M-39,-22h11M-28,-33h11M-17,-44h11M-6,-55h11M5,-66h11"'
            f' stroke="{c.glow}" stroke-width="1.5" opacity=".5"/>')


def _ladder(c: Ink) -> str:
    rungs = "".join(f"M{num(-12 + 0.08 * k)},{-k}H{num(12 + 0.08 * k)}"
                    for k in range(10, 100, 13))
    return (f'<path d="M-14,0L-5,-106M14,0L23,-106{rungs}" stroke="{c.ink}" stroke-width="4"'
            f' fill="none" stroke-linecap="round"/>')


def _bridge(c: Ink) -> str:
    posts = "".join(f"M{x},-40v-10" for x in range(-46, 50, 12))
    return (f'<path d="M-50,-40H50V0H36C36,-28 -36,-28 -36,0H-50Z" fill="{c.ink}"/>'
            f'<path d="M-50,-50H50{posts}" stroke="{c.ink}" stroke-width="3"/>'
            f'<path d="M-30,-40v-14" stroke="{c.ink}" stroke-width="2"/>'
            f'<circle cx="-30" cy="-57" r="4" fill="{c.glow}"/>')


def _tree(c: Ink) -> str:
    return (f'<path d="M-5,0L-4,-40L-14,-54L-3,-46L0,-60L3,-46L14,-56L4,-40L5,0Z" fill="{c.ink}"/>'
            f'<g fill="{c.ink}"><circle cy="-68" r="24"/><circle cx="-20" cy="-56" r="16"/>'
            f'<circle cx="20" cy="-56" r="17"/><circle cx="-10" cy="-84" r="16"/>'
            f'<circle cx="12" cy="-86" r="14"/></g>'
            f'<g fill="{c.mid}" opacity=".6"><circle cx="-8" cy="-80" r="8"/>'
            f'<circle cx="10" cy="-70" r="6"/></g>')


def _pine(c: Ink) -> str:
    return (f'<path d="M0,-100L16,-72H8L25,-44H12L31,-12H4V0H-4V-12H-31L-12,-44H-25L-8,-72H-16Z"'
            f' fill="{c.ink}"/>')


def _mountain(c: Ink) -> str:
    return (f'<path d="M-50,0L-8,-90L4,-76L14,-86L50,0Z" fill="{c.mid}"/>'
            f'<path d="M-8,-90L-20,-64L-10,-70L-2,-62L6,-72L4,-76Z" fill="{c.glow}"/>'
            f'<path d="M14,-86L4,-76L-4,-40L14,0L50,0Z" fill="{c.ink}" opacity=".25"/>')


def _well(c: Ink) -> str:
    return (f'<path d="M-24,0V-30H24V0ZM-20,-30V-68h4V-30ZM16,-30V-68h4V-30ZM-28,-64L0,-86'
            f'L28,-64Z" fill="{c.ink}"/>'
            f'<path d="M-24,-20H24M-24,-10H24M-8,-30v10M10,-20v10M-14,-10v10" stroke="{c.mid}"'
            f' stroke-width="1.5"/>'
            f'<path d="M0,-64V-46" stroke="{c.ink}" stroke-width="1.5"/>'
            f'<path d="M-5,-46h10l-2,8h-6z" fill="{c.accent}"/>')


def _key(c: Ink) -> str:
    return (f'<g fill="none" stroke="{c.accent}" stroke-width="7" stroke-linecap="round">'
            f'<circle cy="-82" r="13"/><path d="M0,-69V-4M0,-22H13V-14M0,-8H15"/></g>'
            f'<circle cy="-82" r="4" fill="{c.ink}" opacity=".35"/>')


def _clock(c: Ink) -> str:
    ticks = "".join(
        f"M{num(29 * math.sin(a))},{num(-46 - 29 * math.cos(a))}"
        f"L{num(34 * math.sin(a))},{num(-46 - 34 * math.cos(a))}"
        for a in (i * math.pi / 6 for i in range(12)))
    return (f'<circle cy="-90" r="7" fill="none" stroke="{c.accent}" stroke-width="3.5"/>'
            f'<rect x="-5" y="-87" width="10" height="6" fill="{c.accent}"/>'
            f'<circle cy="-46" r="37" fill="{c.glow}" stroke="{c.accent}" stroke-width="5"/>'
            f'<path d="{ticks}" stroke="{c.ink}" stroke-width="2"/>'
            f'<path d="M0,-46V-70M0,-46L16,-38" stroke="{c.ink}" stroke-width="3.5"'
            f' stroke-linecap="round"/><circle cy="-46" r="3" fill="{c.ink}"/>')


def _hourglass(c: Ink) -> str:
    return (f'<path d="M-18,-94H18Q18,-70 3,-50Q18,-30 18,-6H-18Q-18,-30 -3,-50Q-18,-70 -18,-94Z"'
            f' fill="{c.glow}" opacity=".55"/>'
            f'<path d="M-12,-78H12Q8,-62 0,-52Q-8,-62 -12,-78ZM-16,-6Q0,-30 16,-6Z"'
            f' fill="{c.accent}"/><path d="M0,-52V-10" stroke="{c.accent}" stroke-width="1.2"/>'
            f'<path d="M-26,-100H26V-94H-26ZM-26,-6H26V0H-26Z" fill="{c.ink}"/>'
            f'<path d="M-23,-94V-6M23,-94V-6" stroke="{c.ink}" stroke-width="3.5"/>')


def _mask(c: Ink) -> str:
    return (f'<path d="M38,-40L46,0" stroke="{c.accent}" stroke-width="3"/>'
            f'<path d="M-42,-62C-42,-36 -16,-30 0,-42C16,-30 42,-36 42,-62C30,-68 12,-66 0,-56'
            f'C-12,-66 -30,-68 -42,-62Z" fill="{c.glow}" stroke="{c.ink}" stroke-width="2"/>'
            f'<path d="M-26,-46C-24,-54 -10,-56 -6,-48C-12,-42 -22,-42 -26,-46ZM26,-46C24,-54'
            f' 10,-56 6,-48C12,-42 22,-42 26,-46Z" fill="{c.ink}"/>'
            f'<path d="M-42,-62C-30,-76 -14,-74 0,-64C14,-74 30,-76 42,-62" stroke="{c.accent}"'
            f' stroke-width="3" fill="none"/><path d="M-42,-62l-8,-16l4,18z" fill="{c.accent}"/>')


def _lantern(c: Ink) -> str:
    return (f'<circle cy="-66" r="46" fill="url(#{c.halo})"/>'
            f'<path d="M0,-42V0M-10,0H10" stroke="{c.ink}" stroke-width="4"/>'
            f'<path d="M0,-100v8" stroke="{c.ink}" stroke-width="2"/>'
            f'<rect x="-12" y="-84" width="24" height="36" fill="{c.glow}"/>'
            f'<ellipse cy="-64" rx="5" ry="9" fill="{c.accent}"/>'
            f'<path d="M-14,-84H14L8,-93H-8ZM-14,-48H14L10,-41H-10Z" fill="{c.ink}"/>'
            f'<path d="M-12,-84V-48M12,-84V-48M0,-84V-78M0,-52V-48" stroke="{c.ink}"'
            f' stroke-width="2"/>')


def _candle(c: Ink) -> str:
    return (f'<circle cy="-72" r="36" fill="url(#{c.halo})"/>'
            f'<ellipse cy="-6" rx="24" ry="6" fill="{c.ink}"/>'
            f'<rect x="-8" y="-62" width="16" height="56" fill="{c.glow}"/>'
            f'<path d="M-8,-62h16v8q-3,6 -5,0q-2,10 -4,0q-4,8 -7,0z" fill="{c.accent}"'
            f' opacity=".35"/>'
            f'<path d="M0,-88C8,-76 6,-66 0,-66C-6,-66 -8,-76 0,-88Z" fill="{c.accent}"/>'
            f'<path d="M0,-66v4" stroke="{c.ink}" stroke-width="1.5"/>')


def _crown(c: Ink) -> str:
    return (f'<path d="M-36,-18V-64L-18,-42L0,-74L18,-42L36,-64V-18Z" fill="{c.accent}"'
            f' stroke="{c.ink}" stroke-width="2"/>'
            f'<path d="M-36,-28H36" stroke="{c.ink}" stroke-width="3" opacity=".4"/>'
            f'<g fill="{c.glow}"><circle cx="-36" cy="-66" r="4"/><circle cy="-76" r="5"/>'
            f'<circle cx="36" cy="-66" r="4"/><circle cy="-38" r="5"/></g>')


def _book(c: Ink) -> str:
    lines = "".join(f"M{s * 8},{-26 + k * 6}q{s * 14},-5 {s * 30},-2"
                    for s in (-1, 1) for k in range(3))
    return (f'<path d="M0,-28C-16,-38 -36,-38 -48,-32V-2C-36,-8 -16,-8 0,2C16,-8 36,-8 48,-2'
            f'V-32C36,-38 16,-38 0,-28Z" fill="{c.glow}" stroke="{c.ink}" stroke-width="2"/>'
            f'<path d="M0,-28V2{lines}" stroke="{c.ink}" stroke-width="1.2" fill="none"'
            f' opacity=".5"/>'
            f'<path d="M-50,-30V2C-36,-4 -14,-4 0,6C14,-4 36,-4 50,2V-30" stroke="{c.accent}"'
            f' stroke-width="3" fill="none"/>')


def _umbrella(c: Ink) -> str:
    return (f'<path d="M0,-96V-6q0,8 8,8q8,0 8,-8" stroke="{c.ink}" stroke-width="3"'
            f' fill="none"/>'
            f'<path d="M-46,-60A46,40 0 0 1 46,-60Q34,-67 23,-60Q12,-67 0,-60Q-12,-67 -23,-60'
            f'Q-34,-67 -46,-60Z" fill="{c.accent}"/>'
            f'<path d="M0,-100Q-10,-80 -23,-60M0,-100Q10,-80 23,-60" stroke="{c.ink}"'
            f' stroke-width="1.5" fill="none" opacity=".35"/>')


def _teacup(c: Ink) -> str:
    return (f'<path d="M-8,-58c-6,-8 6,-14 0,-24M8,-58c-6,-8 6,-14 0,-24" stroke="{c.glow}"'
            f' stroke-width="3" fill="none" opacity=".7"/>'
            f'<ellipse cy="-11" rx="44" ry="7" fill="{c.accent}"/>'
            f'<path d="M27,-44c15,-2 15,18 -2,18" stroke="{c.glow}" stroke-width="5" fill="none"/>'
            f'<path d="M-30,-50H30C30,-26 18,-14 0,-14C-18,-14 -30,-26 -30,-50Z" fill="{c.glow}"/>'
            f'<ellipse cy="-50" rx="30" ry="5" fill="{c.mid}"/>'
            f'<path d="M-26,-38H26" stroke="{c.accent}" stroke-width="3"/>')


def _chair(c: Ink) -> str:
    return (f'<path d="M-22,-96h6v50h-6zM16,-96h6v50h-6zM-24,-50h48v8h-48zM-22,-42h5V0h-5z'
            f'M17,-42h5V0h-5z" fill="{c.ink}"/>'
            f'<path d="M-16,-86H16M-16,-74H16M-16,-62H16" stroke="{c.ink}" stroke-width="3"/>')


def _cage(c: Ink) -> str:
    bars = "".join(f"M{x},-10V-58Q{x},-86 0,-88" for x in range(-24, 25, 8))
    return (f'<path d="{bars}M-28,-58H28" stroke="{c.ink}" stroke-width="2" fill="none"/>'
            f'<circle cy="-93" r="5" fill="none" stroke="{c.ink}" stroke-width="2.5"/>'
            f'<rect x="-30" y="-10" width="60" height="10" rx="2" fill="{c.ink}"/>')


def _bottle(c: Ink) -> str:
    return (f'<path d="M-8,-96H8V-80C8,-70 26,-66 26,-50V-10C26,-4 22,0 16,0H-16C-22,0 -26,-4'
            f' -26,-10V-50C-26,-66 -8,-70 -8,-80Z" fill="{c.glow}" fill-opacity=".3"'
            f' stroke="{c.ink}" stroke-width="2.5"/>'
            f'<rect x="-7" y="-104" width="14" height="11" rx="2" fill="{c.accent}"/>'
            f'<path d="M-18,-44V-12" stroke="{c.glow}" stroke-width="3" opacity=".7"/>')


def _shell(c: Ink) -> str:
    return (f'<path d="M-40,-2C-40,-60 40,-60 40,-2Z" fill="{c.accent}"/>'
            f'<path d="M0,-4L-30,-40M0,-4L-12,-50M0,-4L12,-50M0,-4L30,-40" stroke="{c.ink}"'
            f' stroke-width="2" opacity=".4"/><path d="M-10,0h20l-4,-8h-12z" fill="{c.mid}"/>')


def _snail(c: Ink) -> str:
    return (f'<path d="M-48,0Q-42,-10 -22,-10H26Q36,-12 38,-28L36,-44M38,-28L46,-42"'
            f' stroke="{c.ink}" stroke-width="3" fill="none"/>'
            f'<path d="M-48,0Q-42,-12 -22,-12H24Q36,-14 38,-28Q40,-10 28,0Z" fill="{c.ink}"/>'
            f'<circle cx="-4" cy="-36" r="26" fill="{c.accent}"/>'
            f'<path d="M-4,-36a4,4 0 0 1 8,0a8,8 0 0 1 -16,0a12,12 0 0 1 24,0a16,16 0 0 1 -32,0'
            f'a20,20 0 0 1 40,0" stroke="{c.ink}" stroke-width="2.5" fill="none" opacity=".5"/>')


def _cat(c: Ink) -> str:
    return (f'<path d="M18,-4C40,-6 44,-26 34,-36" stroke="{c.ink}" stroke-width="6" fill="none"'
            f' stroke-linecap="round"/>'
            f'<path d="M-20,0C-26,-20 -22,-40 -12,-48C-18,-54 -18,-64 -14,-70L-16,-84L-6,-74'
            f'H6L16,-84L14,-70C18,-64 18,-54 12,-48C22,-40 26,-20 20,0Z" fill="{c.ink}"/>'
            f'<g fill="{c.accent}"><ellipse cx="-6" cy="-62" rx="3" ry="2"/>'
            f'<ellipse cx="6" cy="-62" rx="3" ry="2"/></g>')


def _fox(c: Ink) -> str:
    fur = mix(FOX, c.accent, 0.2)
    return (f'<path d="M10,-2C42,0 50,-24 40,-42C40,-22 28,-14 10,-14Z" fill="{fur}"/>'
            f'<path d="M42,-38C44,-28 40,-22 36,-20C40,-30 38,-36 42,-38Z" fill="{c.glow}"/>'
            f'<path d="M-14,0C-22,-22 -14,-42 -4,-50L-10,-62L-14,-80L-2,-68H6L14,-80L12,-62'
            f'L14,-56L30,-50L14,-44C20,-28 18,-10 12,0Z" fill="{fur}"/>'
            f'<path d="M14,-56L30,-50L14,-44L6,-48Z" fill="{c.glow}"/>'
            f'<circle cx="31" cy="-50" r="2.5" fill="{c.ink}"/>'
            f'<circle cx="6" cy="-59" r="2" fill="{c.ink}"/>')


def _owl(c: Ink) -> str:
    return (f'<path d="M-26,-4C-32,-40 -26,-70 -20,-78L-18,-92L-6,-80H6L18,-92L20,-78'
            f'C26,-70 32,-40 26,-4Z" fill="{c.ink}"/>'
            f'<g fill="{c.glow}"><circle cx="-10" cy="-64" r="9"/><circle cx="10" cy="-64" r="9"/>'
            f'</g><g fill="{c.ink}"><circle cx="-10" cy="-64" r="4"/>'
            f'<circle cx="10" cy="-64" r="4"/></g><path d="M-4,-56h8l-4,8z" fill="{c.accent}"/>'
            f'<path d="M-12,-36q4,4 8,0q4,4 8,0q4,4 8,0M-10,-26q4,4 8,0q4,4 8,0" stroke="{c.mid}"'
            f' stroke-width="2" fill="none"/>'
            f'<path d="M-12,0v-6M12,0v-6" stroke="{c.accent}" stroke-width="3"/>')


def _figure(c: Ink) -> str:
    return (f'<circle cy="-90" r="8" fill="{c.ink}"/>'
            f'<path d="M-9,-80H9L15,-28H-15ZM-9,-30h7V0h-7zM2,-30h7V0H2z" fill="{c.ink}"/>'
            f'<path d="M-8,-80H9L22,-74L20,-70L7,-75Z" fill="{c.accent}"/>')


def _anchor(c: Ink) -> str:
    return (f'<g fill="none" stroke="{c.ink}" stroke-width="7" stroke-linecap="round">'
            f'<circle cy="-88" r="8"/><path d="M0,-80V-8M-16,-68H16M-36,-32Q-30,-4 0,-6'
            f'Q30,-4 36,-32"/></g><path d="M-42,-26L-36,-40L-28,-30ZM42,-26L36,-40L28,-30Z"'
            f' fill="{c.ink}"/>')


def _mushroom(c: Ink) -> str:
    return (f'<path d="M-10,-48L-13,0H13L10,-48Z" fill="{c.glow}"/>'
            f'<path d="M-42,-46C-42,-92 42,-92 42,-46Q0,-54 -42,-46Z" fill="{c.accent}"/>'
            f'<g fill="{c.glow}"><circle cx="-20" cy="-66" r="6"/><circle cx="6" cy="-78" r="5"/>'
            f'<circle cx="24" cy="-60" r="4"/></g>')


def _flower(c: Ink) -> str:
    petals = "".join(
        f'<ellipse cx="{num(13 * math.cos(a))}" cy="{num(-74 + 13 * math.sin(a))}" rx="10" ry="7"'
        f' transform="rotate({round(math.degrees(a))} {num(13 * math.cos(a))} '
        f'{num(-74 + 13 * math.sin(a))})"/>'
        for a in (i * math.pi / 3 for i in range(6)))
    return (f'<path d="M0,0C-4,-30 4,-50 0,-70M0,-30q-16,-4 -22,-16q14,-2 22,16" stroke="{c.ink}"'
            f' stroke-width="3" fill="{c.ink}"/>'
            f'<g fill="{c.accent}">{petals}</g><circle cy="-74" r="7" fill="{c.glow}"/>')


def _window(c: Ink) -> str:
    return (f'<rect x="-30" y="-100" width="60" height="80" fill="{c.ink}"/>'
            f'<rect x="-25" y="-95" width="50" height="70" fill="{c.glow}" opacity=".85"/>'
            f'<path d="M0,-95V-25M-25,-60H25" stroke="{c.ink}" stroke-width="4"/>'
            f'<rect x="-35" y="-24" width="70" height="6" fill="{c.ink}"/>')


def _mirror(c: Ink) -> str:
    return (f'<path d="M-20,0L-8,-24M20,0L8,-24" stroke="{c.ink}" stroke-width="4"/>'
            f'<ellipse cy="-62" rx="28" ry="38" fill="{c.glow}" stroke="{c.accent}"'
            f' stroke-width="6"/>'
            f'<path d="M-14,-80L6,-92M-16,-66L14,-86" stroke="{c.mid}" stroke-width="3"'
            f' opacity=".4"/>')


def _bell(c: Ink) -> str:
    return (f'<circle cy="-90" r="6" fill="none" stroke="{c.ink}" stroke-width="3"/>'
            f'<circle cy="-14" r="7" fill="{c.ink}"/>'
            f'<path d="M-30,-30C-30,-70 -20,-84 0,-84C20,-84 30,-70 30,-30L38,-20H-38Z"'
            f' fill="{c.accent}"/>'
            f'<path d="M-30,-32H30" stroke="{c.ink}" stroke-width="2" opacity=".4"/>'
            f'<path d="M-16,-72C-22,-60 -22,-44 -22,-34" stroke="{c.glow}" stroke-width="4"'
            f' fill="none" opacity=".6"/>')


def _feather(c: Ink) -> str:
    barbs = "".join(f"M{x},{y}l{-8 + i},-12" for i, (x, y) in
                    enumerate(((-20, -22), (-8, -38), (4, -54), (16, -70))))
    return (f'<path d="M-30,-6C-24,-50 8,-90 38,-98C32,-60 2,-20 -30,-6Z" fill="{c.glow}"/>'
            f'<path d="M-36,2C-12,-40 12,-76 36,-96{barbs}" stroke="{c.ink}" stroke-width="1.5"'
            f' fill="none" opacity=".6"/>')


def _windmill(c: Ink) -> str:
    return (f'<path d="M-12,0L-8,-62H8L12,0Z" fill="{c.ink}"/>'
            f'<g fill="{c.glow}" stroke="{c.ink}" stroke-width="2" transform="rotate(20 0 -62)">'
            f'<path d="M-3,-62V-102H5V-62ZM-3,-62V-22H5V-62ZM0,-66H40V-58H0ZM0,-66H-40V-58H0Z"/>'
            f'</g><circle cy="-62" r="4" fill="{c.accent}"/>'
            f'<path d="M-4,0v-10h8v10z" fill="{c.accent}"/>')


def _tent(c: Ink) -> str:
    return (f'<path d="M-44,0L0,-70L44,0Z" fill="{c.accent}"/>'
            f'<path d="M0,-70L-12,0H12Z" fill="{c.glow}"/><path d="M0,-70V-84" stroke="{c.ink}"'
            f' stroke-width="2"/><path d="M0,-70L44,0H20Z" fill="{c.ink}" opacity=".25"/>')


def _swing(c: Ink) -> str:
    return (f'<path d="M-40,-100H40" stroke="{c.ink}" stroke-width="5"/>'
            f'<path d="M-14,-100V-24M14,-100V-24" stroke="{c.ink}" stroke-width="1.5"/>'
            f'<rect x="-18" y="-26" width="36" height="5" fill="{c.accent}"/>')


def _piano(c: Ink) -> str:
    keys = "".join(f"M{x},-40v14" for x in range(-36, 37, 8))
    return (f'<path d="M-44,-40V-80Q-44,-92 -30,-92H36L44,-40ZM-40,-26h5V0h-5zM35,-26h5V0h-5z"'
            f' fill="{c.ink}"/>'
            f'<rect x="-44" y="-40" width="88" height="14" fill="{c.glow}"/>'
            f'<path d="{keys}" stroke="{c.ink}" stroke-width="3"/>'
            f'<path d="M-40,-86H30" stroke="{c.accent}" stroke-width="2"/>')


Draw = Callable[[Ink], str]


@dataclass(frozen=True)
class Motif:
    """A drawable thing: its drawing, its zone, where things sit on its top and inside it."""

    draw: Draw
    zone: str  # "sky", "celestial" (behind the far ground), "water" or "ground"
    top: tuple[float, float] = (0, -100)
    inner: tuple[float, float, float] = (0, -50, 0.4)  # centre x, y and relative size


MOTIFS: dict[str, Motif] = {
    "moon": Motif(_moon, "celestial", (0, -80)),
    "sun": Motif(_sun, "celestial", (0, -80)),
    "comet": Motif(_comet, "celestial"),
    "planet": Motif(_planet, "celestial", (0, -76)),
    "rainbow": Motif(_rainbow, "celestial", (0, -80)),
    "stars": Motif(_stars, "sky"),
    "cloud": Motif(_cloud, "sky", (4, -60)),
    "bird": Motif(_bird, "sky", (0, -60)),
    "birds": Motif(_birds, "sky"),
    "butterfly": Motif(_butterfly, "sky"),
    "balloon": Motif(_balloon, "sky", (0, -100), (0, -66, 0.4)),
    "kite": Motif(_kite, "sky"),
    "eye": Motif(_eye, "sky", (0, -80), (0, -50, 0.22)),
    "whale": Motif(_whale, "water", (10, -72)),
    "fish": Motif(_fish, "water", (0, -64)),
    "jellyfish": Motif(_jellyfish, "water", (0, -90)),
    "boat": Motif(_boat, "water", (2, -94), (-4, -60, 0.3)),
    "wave": Motif(_wave, "water", (10, -90)),
    "island": Motif(_island, "water", (0, -18)),
    "lighthouse": Motif(_lighthouse, "ground", (0, -104)),
    "house": Motif(_house, "ground", (0, -76), (0, -34, 0.2)),
    "tower": Motif(_tower, "ground", (0, -108)),
    "castle": Motif(_castle, "ground", (3, -74)),
    "door": Motif(_door, "ground", (0, -96), (0, -46, 0.5)),
    "staircase": Motif(_staircase, "ground", (44, -110)),
    "ladder": Motif(_ladder, "ground", (9, -106)),
    "bridge": Motif(_bridge, "ground", (0, -54), (0, -12, 0.3)),
    "tree": Motif(_tree, "ground", (0, -98)),
    "pine": Motif(_pine, "ground", (0, -100)),
    "mountain": Motif(_mountain, "ground", (-8, -90)),
    "well": Motif(_well, "ground", (0, -86), (0, -40, 0.35)),
    "key": Motif(_key, "ground", (0, -95), (0, -82, 0.15)),
    "clock": Motif(_clock, "ground", (0, -97), (0, -46, 0.4)),
    "hourglass": Motif(_hourglass, "ground", (0, -100), (0, -30, 0.3)),
    "mask": Motif(_mask, "sky", (0, -70)),
    "lantern": Motif(_lantern, "ground", (0, -100), (0, -66, 0.2)),
    "candle": Motif(_candle, "ground", (0, -88)),
    "crown": Motif(_crown, "ground", (0, -76)),
    "book": Motif(_book, "ground", (0, -34), (0, -50, 0.5)),
    "umbrella": Motif(_umbrella, "ground", (0, -100)),
    "teacup": Motif(_teacup, "ground", (0, -54), (0, -60, 0.4)),
    "chair": Motif(_chair, "ground", (0, -50), (0, -66, 0.4)),
    "cage": Motif(_cage, "ground", (0, -98), (0, -40, 0.45)),
    "bottle": Motif(_bottle, "ground", (0, -104), (0, -34, 0.45)),
    "shell": Motif(_shell, "ground", (0, -46)),
    "snail": Motif(_snail, "ground", (-4, -62)),
    "cat": Motif(_cat, "ground", (0, -80)),
    "fox": Motif(_fox, "ground", (0, -76)),
    "owl": Motif(_owl, "ground", (0, -90)),
    "figure": Motif(_figure, "ground", (0, -98)),
    "anchor": Motif(_anchor, "ground", (0, -96)),
    "mushroom": Motif(_mushroom, "ground", (0, -82)),
    "flower": Motif(_flower, "ground", (0, -84)),
    "window": Motif(_window, "ground", (0, -100), (0, -60, 0.55)),
    "mirror": Motif(_mirror, "ground", (0, -100), (0, -62, 0.5)),
    "bell": Motif(_bell, "ground", (0, -96)),
    "feather": Motif(_feather, "sky"),
    "windmill": Motif(_windmill, "ground", (0, -100)),
    "tent": Motif(_tent, "ground", (0, -84), (0, -22, 0.3)),
    "swing": Motif(_swing, "ground", (0, -100), (0, -40, 0.3)),
    "piano": Motif(_piano, "ground", (0, -92)),
}
