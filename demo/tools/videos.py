"""Short seamless loops (VP9 WebM): a flickering candle and steam over a cup.

Frames are rendered with the Studio renderer and encoded with ffmpeg
(libvpx-vp9). Every animated parameter is periodic over the loop so the
clip repeats without a visible seam.
"""
import copy
import math
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import products as P  # noqa: E402
from objects import candle, label  # noqa: E402
from studio import Studio, steam_texture  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "media", "products")
SIZE = 640
FPS = 20
SECONDS = 6


def encode(frames_dir, out, crf=31):
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(FPS), "-i",
           os.path.join(frames_dir, "f%04d.png"), "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", str(crf),
           "-pix_fmt", "yuv420p", "-row-mt", "1", "-an", out]
    subprocess.run(cmd, check=True)
    return os.path.getsize(out)


def candle_video(slug="cedar-ember-candle", seed=40):
    c = P.CANDLES[slug]
    base = Studio(SIZE, SIZE, ss=1, surface=c["surface"], seed=seed, surface_tint=c["tint"],
                  pool=(0.5, 0.42), horizon=0.6, pool_strength=0.6, wall=(13, 11, 10))
    S = SIZE
    cx, bottom = S * 0.5, S * 0.86
    r, h = S * 0.21, S * 0.3
    base.shadow(cx, bottom, r, length=1.0)
    P.pine_sprig(base, S * 0.66, S * 0.95, S * 0.32, -0.15, seed)
    lab = label(c["name"], "HAND-POURED CANDLE", "Soy & beeswax · 8 oz", style=c["style"], w=900, h=300)
    n = FPS * SECONDS
    tmp = tempfile.mkdtemp()
    for i in range(n):
        t = i / n
        tau = 2 * math.pi * t
        bright = 1.0 + 0.06 * math.sin(3 * tau) + 0.04 * math.sin(7 * tau + 1.3) + 0.03 * math.sin(13 * tau + 0.4)
        sway = 0.25 * math.sin(2 * tau) + 0.12 * math.sin(5 * tau + 0.7) + 0.05 * math.sin(11 * tau)
        size = 1.0 + 0.05 * math.sin(4 * tau + 0.2) + 0.03 * math.sin(9 * tau + 2.0)
        st = copy.copy(base)
        st.img = base.img.copy()
        candle(st, cx, bottom, r, h, lab, vessel=c["vessel"], wax=c["wax"], sway=sway,
               bright=bright, flame=size)
        st.finish(exposure=1.25, grain=0.0, vignette=0.4).save(os.path.join(tmp, "f%04d.png" % i))
        if i == 0:
            st.finish(exposure=1.25, grain=0.0, vignette=0.4).save(os.path.join(tmp, "poster.png"))
    out = os.path.join(OUT, slug + "-flame.webm")
    kb = encode(tmp, out) // 1024
    shutil.rmtree(tmp)
    print(out, kb, "KB")


def steam_video(slug="golden-hour-chamomile", seed=91):
    c = P.TEAS[slug]
    base = Studio(SIZE, SIZE, ss=1, surface="wood", seed=seed, surface_tint=(56, 36, 22),
                  pool=(0.38, 0.3), horizon=0.55, pool_strength=0.8, wall=(13, 11, 10))
    S = SIZE
    cx, bottom = S * 0.5, S * 0.84
    r, h = S * 0.2, S * 0.2
    from objects import IVORY_CER, cup
    base.shadow(cx, bottom, r * 1.6, length=0.8)
    base.solid(cx, [(bottom - S * 0.018, r * 1.55), (bottom, r * 1.3)], IVORY_CER, k=0.2)
    cup(base, cx, bottom - S * 0.012, r, h, IVORY_CER, tea=c["tea"])
    base.leaves_heap(S * 0.16, S * 0.9, S * 0.07, S * 0.017, c["palette"], seed=seed, n=60, size=6,
                     kind=c["kind"])
    tex = steam_texture(seed)
    n = FPS * SECONDS
    tmp = tempfile.mkdtemp()
    for i in range(n):
        t = i / n
        st = copy.copy(base)
        st.img = base.img.copy()
        st.steam(cx, bottom - S * 0.012 - h + S * 0.01, S * 0.58, r * 0.55, seed=seed, t=t,
                 strength=0.45, tex=tex)
        st.finish(exposure=1.25, grain=0.0, vignette=0.4).save(os.path.join(tmp, "f%04d.png" % i))
    out = os.path.join(OUT, slug + "-steam.webm")
    kb = encode(tmp, out) // 1024
    shutil.rmtree(tmp)
    print(out, kb, "KB")


if __name__ == "__main__":
    which = sys.argv[1:] or ["candle", "steam"]
    if "candle" in which:
        candle_video()
    if "steam" in which:
        steam_video()
