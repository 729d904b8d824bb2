"""Uploaded pictures made safe to show: checked, stripped, resized, re-encoded and measured.

Every upload goes through :func:`process` (Pillow, in a worker thread):

- only real JPEG, PNG, WebP or GIF images are read (a GIF's first frame), whatever the file
  is called or the browser claims; anything else, or a damaged file, is ``not_a_picture``;
- the pixel count is checked from the header *before* anything is decoded, so a
  decompression bomb (a small file declaring a huge image) is ``picture_too_large`` and
  costs nothing; JPEGs are decoded at a reduced scale when they are far larger than needed;
- the phone's orientation is applied, then the pixels are copied into a fresh image, so
  EXIF (locations), XMP, ICC profiles, comments and every other metadata stay behind;
- the result is at most ``long_side`` pixels on its long side, encoded as WebP, and named by
  the hash of those bytes: the name says nothing of who uploaded it or where it is;
- a few numbers are measured from the pixels for the bots (:func:`features`).
"""

from __future__ import annotations

import colorsys
import hashlib
import io
import math
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, ImageStat, UnidentifiedImageError

from app.protocol import AppError

FORMATS = frozenset({"JPEG", "PNG", "WEBP", "GIF"})
#: WebP quality: photos and drawings stay clean on a TV at 1024 px, about 60–150 KB each.
QUALITY = 80
#: The side of the thumbnail the features are measured on.
SAMPLE = 48
#: The colour names a share is measured for (what the bots can say about a picture).
COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown",
           "black", "white", "grey")
#: Upper bounds (degrees) of the hue ranges of the saturated colours.
HUES = ((15, "red"), (40, "orange"), (70, "yellow"), (160, "green"), (195, "teal"),
        (255, "blue"), (290, "purple"), (345, "pink"), (360, "red"))
#: Length of a picture's name (hex digits of the SHA-256 of its WebP bytes).
ID_LENGTH = 32


@dataclass(frozen=True)
class Processed:
    """A picture ready to store: its name, its WebP bytes and what was measured of it."""

    id: str
    body: bytes
    width: int
    height: int
    features: tuple[tuple[str, float], ...]


def is_picture_id(name: str) -> bool:
    return len(name) == ID_LENGTH and all(c in "0123456789abcdef" for c in name)


def process(data: bytes, *, max_pixels: int, long_side: int) -> Processed:
    """The safe, small, measured picture ``data`` holds; ``not_a_picture`` or
    ``picture_too_large`` (an :class:`AppError`) when it holds none that may be shown."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            return _process(data, max_pixels, long_side)
        except AppError:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise AppError("picture_too_large", "This picture has too many pixels.") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError,
                IndexError, TypeError) as exc:
            raise AppError("not_a_picture", f"This file is not a picture we can read "
                                            f"({type(exc).__name__}).") from None


def _process(data: bytes, max_pixels: int, long_side: int) -> Processed:
    with Image.open(io.BytesIO(data), formats=sorted(FORMATS)) as img:
        width, height = img.size
        if width < 1 or height < 1:
            raise AppError("not_a_picture", "This picture has no pixels.")
        if width * height > max_pixels:
            raise AppError("picture_too_large",
                           f"This picture is {width}×{height} pixels; at most {max_pixels:,} "
                           f"pixels are accepted.")
        if img.format == "JPEG":
            img.draft("RGB", (long_side * 2, long_side * 2))  # decode at a reduced scale
        img.seek(0)  # a GIF's (or animated WebP's) first frame
        img.load()
        upright = ImageOps.exif_transpose(img)
        flat = _flatten(upright)
    flat.thumbnail((long_side, long_side), Image.Resampling.LANCZOS)
    # A fresh image holds pixels only: no EXIF, XMP, ICC profile, comment or any other info.
    clean = Image.frombytes("RGB", flat.size, flat.tobytes())
    out = io.BytesIO()
    clean.save(out, "WEBP", quality=QUALITY, method=4)
    body = out.getvalue()
    return Processed(hashlib.sha256(body).hexdigest()[:ID_LENGTH], body, clean.width,
                     clean.height, features(clean))


def _flatten(img: Image.Image) -> Image.Image:
    """The picture as RGB, a transparent one laid on a dark neutral ground."""
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        ground = Image.new("RGBA", rgba.size, (34, 34, 40, 255))
        return Image.alpha_composite(ground, rgba).convert("RGB")
    return img.convert("RGB")


def _colour(h: float, s: float, v: float) -> str:
    if v < 0.2:
        return "black"
    if s < 0.18:
        return "white" if v > 0.8 else "grey"
    degrees = h * 360
    if 15 <= degrees < 45 and v < 0.6:
        return "brown"
    return next(name for bound, name in HUES if degrees < bound)


def features(img: Image.Image) -> tuple[tuple[str, float], ...]:
    """What the bots may know of a picture, from its pixels: brightness, saturation and
    contrast (0–1), warmth (red minus blue, −1–1), where the detail lies (``focus_x``,
    ``focus_y``: 0–1 from the left and top), the brightness of the top and bottom thirds,
    and the share of each colour of :data:`COLOURS`."""
    small = img.convert("RGB").resize((SAMPLE, SAMPLE), Image.Resampling.BOX)
    raw = small.tobytes()
    pixels = [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
    luma = list(small.convert("L").tobytes())
    mean = sum(luma) / len(luma)
    stat = ImageStat.Stat(small)
    r, _, b = stat.mean
    counts = dict.fromkeys(COLOURS, 0)
    saturation = 0.0
    for pr, pg, pb in pixels:
        h, s, v = colorsys.rgb_to_hsv(pr / 255, pg / 255, pb / 255)
        saturation += s
        counts[_colour(h, s, v)] += 1
    weight = [abs(value - mean) + 1 for value in luma]
    total = sum(weight)
    fx = sum(w * (i % SAMPLE) for i, w in enumerate(weight)) / total / (SAMPLE - 1)
    fy = sum(w * (i // SAMPLE) for i, w in enumerate(weight)) / total / (SAMPLE - 1)
    third = SAMPLE // 3 * SAMPLE
    n = len(pixels)
    values: list[tuple[str, float]] = [
        ("brightness", mean / 255),
        ("saturation", saturation / n),
        ("contrast", math.sqrt(sum((v - mean) ** 2 for v in luma) / n) / 255),
        ("warmth", (r - b) / 255),
        ("focus_x", fx),
        ("focus_y", fy),
        ("top_brightness", sum(luma[:third]) / third / 255),
        ("bottom_brightness", sum(luma[-third:]) / third / 255),
    ]
    values += [(name, counts[name] / n) for name in COLOURS]
    return tuple((name, round(value, 4)) for name, value in values)
