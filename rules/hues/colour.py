"""Colour arithmetic in OKLab, the perceptual space the board is built and compared in.

Vocabulary:
- **hex**: an sRGB colour written ``"#rrggbb"`` (the board's and the lexicon's storage form).
- **lab**: an OKLab triple ``(L, a, b)``: L is lightness 0–1, a/b the opponent axes.
- **lch**: the same in polar form ``(L, C, h)``: chroma and hue angle in degrees.
- **ΔE**: Euclidean distance between two lab triples (about 0.02 is a just-noticeable step).

Björn Ottosson's published matrices (2020), written out once here and checked against an
independent implementation in the tests, so ``rules/`` needs no colour library at run time.
"""

from __future__ import annotations

import math

Lab = tuple[float, float, float]
Rgb = tuple[float, float, float]


def _to_linear(channel: float) -> float:
    """sRGB transfer function, encoded 0–1 to linear light."""
    if channel <= 0.04045:
        return channel / 12.92
    return math.pow((channel + 0.055) / 1.055, 2.4)


def _from_linear(channel: float) -> float:
    if channel <= 0.0031308:
        return channel * 12.92
    return 1.055 * math.pow(channel, 1 / 2.4) - 0.055


def _cbrt(x: float) -> float:
    return math.copysign(abs(x) ** (1 / 3), x)


def rgb_to_lab(rgb: Rgb) -> Lab:
    """OKLab of an encoded sRGB colour with channels 0–1."""
    r, g, b = (_to_linear(c) for c in rgb)
    l_ = _cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    m_ = _cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    s_ = _cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return (
        0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
        1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
        0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_,
    )


def lab_to_linear(lab: Lab) -> Rgb:
    """Linear-light sRGB of an OKLab colour; channels outside 0–1 mean out of gamut."""
    L, a, b = lab
    long = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
    medium = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
    short = (L - 0.0894841775 * a - 1.2914855480 * b) ** 3
    return (
        4.0767416621 * long - 3.3077115913 * medium + 0.2309699292 * short,
        -1.2684380046 * long + 2.6097574011 * medium - 0.3413193965 * short,
        -0.0041960863 * long - 0.7034186147 * medium + 1.7076147010 * short,
    )


def lab_to_rgb(lab: Lab) -> Rgb:
    """Encoded sRGB (0–1 per channel, possibly outside that range) of an OKLab colour."""
    return tuple(math.copysign(_from_linear(abs(c)), c) for c in lab_to_linear(lab))  # type: ignore[return-value]


def in_gamut(lab: Lab, tolerance: float = 1e-9) -> bool:
    """Whether an OKLab colour is displayable in sRGB without clipping."""
    return all(-tolerance <= c <= 1 + tolerance for c in lab_to_linear(lab))


def lch_to_lab(lch: tuple[float, float, float]) -> Lab:
    L, C, h = lch
    return L, C * math.cos(math.radians(h)), C * math.sin(math.radians(h))


def lab_to_lch(lab: Lab) -> tuple[float, float, float]:
    L, a, b = lab
    return L, math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360


def max_chroma(lightness: float, hue: float) -> float:
    """The largest chroma at this lightness and hue that stays inside sRGB (bisection)."""
    low, high = 0.0, 0.5
    for _ in range(40):
        mid = (low + high) / 2
        if in_gamut(lch_to_lab((lightness, mid, hue))):
            low = mid
        else:
            high = mid
    return low


def hex_to_rgb(value: str) -> Rgb:
    """Channels 0–1 of ``"#rrggbb"``."""
    text = value.lstrip("#")
    return int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255


def rgb_to_hex(rgb: Rgb) -> str:
    """``"#rrggbb"`` of channels 0–1 (rounded, clamped)."""
    return "#" + "".join(f"{min(255, max(0, round(c * 255))):02x}" for c in rgb)


def hex_to_lab(value: str) -> Lab:
    return rgb_to_lab(hex_to_rgb(value))


def delta_e(x: Lab, y: Lab) -> float:
    """Perceptual distance between two OKLab colours."""
    return math.dist(x, y)
