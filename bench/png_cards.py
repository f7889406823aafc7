"""PNG cards for `bench/run` (target 6): rsvg-convert's rate, and how alike two PNGs are."""
import concurrent.futures
import math
import os
import subprocess
import time


def rsvg_convert_each(svgs, folder):
    """Draws each 1200x630 SVG into `folder` with a `rsvg-convert` of its own, as many at once as
    there are cores; returns the wall seconds."""
    def convert(svg):
        subprocess.run(["rsvg-convert", "--width", "1200", "--height", "630", "--format", "png", "--output",
                        os.path.join(folder, os.path.basename(svg)[:-4] + ".png"), svg], check=True)
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(convert, svgs))
    return time.perf_counter() - start


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def psnr(path, reference):
    """Peak signal-to-noise ratio in dB of two PNGs' RGB pixels; None without Pillow and NumPy."""
    try:
        import numpy
        from PIL import Image
    except ImportError:
        return None
    one, other = (numpy.asarray(Image.open(p).convert("RGB"), dtype=numpy.float64) for p in (path, reference))
    mse = ((one - other) ** 2).mean()
    return math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse)
