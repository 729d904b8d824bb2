"""Real picture files, made with Pillow, for the upload tests (HTTP and Chromium).

Each says what it is for: a phone photo with GPS and a rotation in its EXIF, a PNG with text
chunks, a WebP with EXIF and XMP, a 1×1 picture, a text file named .jpg, a decompression bomb
(a small PNG declaring 20,000 × 20,000 pixels, its data really there), a file past a size
limit; and sets of distinct small pictures to deal a whole game from.
"""

from __future__ import annotations

import io
import os
import struct
import zlib

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

GPS_IFD = 0x8825
ORIENTATION = 0x0112
SECRET = "Lat 40.1811 Lon 44.5136 Yerevan"


def scene(width: int, height: int, seed: int = 0) -> Image.Image:
    """A picture with sky, ground and a shape, different for each ``seed``."""
    hue = (seed * 47) % 256
    img = Image.new("RGB", (width, height), ((hue * 3) % 256, (hue * 7) % 256, hue))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, height * 2 // 3, width, height),
                   fill=((hue + 90) % 256, (seed * 13) % 256, (255 - hue) % 256))
    r = min(width, height) // (3 + seed % 4)
    x = width * (1 + seed % 3) // 4
    draw.ellipse((x - r, height // 3 - r, x + r, height // 3 + r),
                 fill=(255 - (seed * 31) % 256, 200, (seed * 19) % 256))
    return img


def jpeg_with_gps() -> bytes:
    """A 1600×1200 phone photo: GPS position, camera, comment, turned 90° by its EXIF."""
    img = scene(1600, 1200, 3)
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0110] = "Phone X"  # Model
    exif[0x010E] = SECRET  # ImageDescription
    exif[ORIENTATION] = 6  # rotate 90° clockwise to show
    exif[GPS_IFD] = {1: "N", 2: (40.0, 10.0, 52.0), 3: "E", 4: (44.0, 30.0, 49.0)}
    out = io.BytesIO()
    img.save(out, "JPEG", exif=exif, quality=90, comment=SECRET.encode())
    return out.getvalue()


def png_with_text() -> bytes:
    info = PngInfo()
    info.add_text("Author", SECRET)
    info.add_text("Location", SECRET)
    out = io.BytesIO()
    scene(800, 600, 5).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def webp_with_metadata() -> bytes:
    exif = Image.Exif()
    exif[0x010E] = SECRET
    exif[GPS_IFD] = {1: "N", 2: (40.0, 10.0, 52.0)}
    xmp = f'<x:xmpmeta xmlns:x="adobe:ns:meta/">{SECRET}</x:xmpmeta>'.encode()
    out = io.BytesIO()
    scene(640, 480, 7).save(out, "WEBP", exif=exif, xmp=xmp, quality=80)
    return out.getvalue()


def gif_animated() -> bytes:
    frames = [scene(120, 90, i) for i in (11, 12, 13)]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], comment=SECRET.encode())
    return out.getvalue()


def one_pixel() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1, 1), (200, 30, 60)).save(out, "PNG")
    return out.getvalue()


def text_named_jpg() -> bytes:
    return b"Dear diary, this is not a picture at all, whatever its name says.\n" * 20


def bomb(side: int = 20_000) -> bytes:
    """A real PNG bomb: ``side`` × ``side`` one-bit pixels (all zero) in a few tens of KB."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = b"\x00" * (1 + (side + 7) // 8)  # filter byte, then the bits
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row * 500) for _ in range(side // 500)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def noise_png(side: int) -> bytes:
    """A PNG of random pixels: incompressible, so about 3 × side² bytes."""
    out = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(out, "PNG")
    return out.getvalue()


def distinct(count: int, size: tuple[int, int] = (160, 120)) -> list[bytes]:
    """``count`` different small JPEGs to deal a game from."""
    files = []
    for seed in range(count):
        out = io.BytesIO()
        scene(*size, seed=seed + 100).save(out, "JPEG", quality=85)
        files.append(out.getvalue())
    return files


def webp_chunks(body: bytes) -> list[str]:
    """The RIFF chunk names of a WebP file (metadata would be EXIF, XMP or ICCP)."""
    assert body[:4] == b"RIFF" and body[8:12] == b"WEBP"
    names = []
    at = 12
    while at + 8 <= len(body):
        kind = body[at:at + 4].decode("latin-1")
        size = struct.unpack("<I", body[at + 4:at + 8])[0]
        names.append(kind)
        at += 8 + size + (size & 1)
    return names
