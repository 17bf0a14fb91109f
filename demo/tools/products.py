"""Product photography for the shop (800x800 WebP) - all procedural."""
import math
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from artlib import Mask, blur, gauss2, lin, over, save, smoothstep, value_noise  # noqa: E402
from objects import (AMBER, BLACK_MATTE, BLACK_TIN, BRASS, CLEAR, GOLDM, IVORY_CER, SMOKE,  # noqa: E402
                     apothecary_jar, bowl, candle, candle_from_above, cup, scoop, stone_bowl, droplets_texture, dropper_bottle, jar,
                     label, stones, swirl_texture, tin, u8)
import salts  # noqa: E402
from studio import Studio  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "media", "products")
S = 800
SS = 2
P = S * SS  # working pixels


def st_(surface="stone", seed=1, horizon=0.58, pool=(0.42, 0.38), tint=None, **kw):
    return Studio(S, S, ss=SS, surface=surface, seed=seed, horizon=horizon, pool=pool,
                  surface_tint=tint, wall=kw.pop("wall", (13, 11, 10)), **kw)


def fin(st, exposure=1.25, seed=3):
    return st.finish(exposure=exposure, grain=0.016, vignette=0.4, seed=seed)


def pine_sprig(st, x, y, length, ang, seed, curve=0.15, color=(34, 56, 32)):
    pts = []
    for i in range(9):
        t = i / 8
        a = ang + curve * math.sin(t * 3)
        pts.append((x + math.cos(a) * length * t, y + math.sin(a) * length * t * 0.45))
    st.sprig(pts, length * 0.09, color=color, seed=seed, kind="pine")


def sage_sprig(st, x, y, length, ang, seed):
    pts = []
    for i in range(7):
        t = i / 6
        pts.append((x + math.cos(ang) * length * t, y + math.sin(ang) * length * t * 0.45 - math.sin(t * 3) * length * 0.03))
    st.sprig(pts, length * 0.22, color=(98, 112, 92), seed=seed, kind="leaf", density=0.08, width=1.3)


# ----------------------------------------------------------------------------
# skincare
# ----------------------------------------------------------------------------

def face_oil(zoom=1.0, seed=11):
    st = st_("slate", seed=seed, pool=(0.4, 0.36))
    z = zoom
    cx, base = P * (0.5 if z > 1 else 0.46), P * (0.95 if z > 1 else 0.84)
    r, h = P * 0.14 * z, P * 0.36 * z
    st.shadow(cx, base, r, length=1.3)
    if z <= 1:
        stones(st, [(P * 0.74, P * 0.79, P * 0.09, P * 0.045, 0.05), (P * 0.72, P * 0.735, P * 0.06, P * 0.03, -0.1)], seed)
        pine_sprig(st, P * 0.18, P * 0.88, P * 0.3, -0.2, seed)
    lab = label("Alpine Cedar", "FACE OIL", "30 ml · 1 fl oz", style="cream", w=700, h=430)
    dropper_bottle(st, cx, base, r, h, lab)
    return fin(st)


def body_balm(kind="closed", seed=12):
    st = st_("wood", seed=seed, pool=(0.45, 0.36), tint=(60, 38, 24))
    cx, base = P * 0.5, P * 0.8
    r, h = P * 0.2, P * 0.19
    if kind == "open":
        cx = P * 0.42
    st.shadow(cx, base, r, length=1.2)
    lab = label("Mountain Sage", "BODY BALM", "120 ml · 4 fl oz", w=900, h=300)
    if kind == "open":
        # lid leaning at the side
        st.shadow(P * 0.8, P * 0.83, r * 0.7, length=0.6)
        st.solid(P * 0.8, [(P * 0.83 - r * 0.35, r * 0.7), (P * 0.83, r * 0.7)], GOLDM, ribs=120, k=0.3)
        jar(st, cx, base, r, h, P * 0.07, lab, contents=(226, 196, 120), open_top=True)
        sage_sprig(st, P * 0.1, P * 0.93, P * 0.35, -0.15, seed)
    else:
        sage_sprig(st, P * 0.55, P * 0.9, P * 0.38, -0.25, seed)
        jar(st, cx, base, r, h, P * 0.075, lab, contents=(226, 196, 120))
    return fin(st)


def night_cream(seed=13, zoom=1.0):
    st = st_("linen", seed=seed, pool=(0.5, 0.36), tint=(120, 110, 98), horizon=0.56)
    cx, base = P * 0.5, P * 0.8
    r, h = P * 0.17 * zoom, P * 0.16 * zoom
    st.shadow(cx, base, r, length=1.1)
    lab = label("Restorative", "NIGHT CREAM", "50 ml · 1.7 fl oz", w=900, h=280)
    jar(st, cx, base, r, h, P * 0.08 * zoom, lab, body=IVORY_CER,
        lid=dict(kind="metal", color=lin((150, 120, 80))), span=(0.18, 0.86))
    if zoom <= 1:
        stones(st, [(P * 0.16, P * 0.86, P * 0.07, P * 0.035, 0.1)], seed)
    return fin(st)


def mineral_soak(seed=14):
    """clear apothecary jar of salts, a little heap spilled on the stone"""
    st = st_("stone", seed=seed, pool=(0.45, 0.36), tint=(86, 80, 72))
    cx, base, r = P * 0.42, P * 0.84, P * 0.19
    st.shadow(cx, base, r, length=1.2, strength=0.7)
    # light focused through the glass and salts onto the table, inside the shadow
    st.img += (gauss2(P, P, cx + r * 0.75, base - r * 0.06, r * 0.5, r * 0.05) * 0.05)[..., None] * st.warm
    salts.heap(st, P * 0.78, P * 0.87, P * 0.1, P * 0.05, seed, size=(9, 18), spread=1.8)
    lab = label("Hot Spring", "MINERAL SOAK", "Magnesium · Cedar · 400 g", style="cream", w=800, h=330)
    apothecary_jar(st, cx, base, r, lab, seed)
    sage_sprig(st, P * 0.02, P * 0.97, P * 0.3, -0.18, seed)
    return fin(st)


def mineral_bath(seed=15):
    """the salts in use: a basalt bowl of steaming water with crystals dissolving, a wooden
    scoop heaped with salts and a few loose crystals on the stone"""
    st = st_("stone", seed=seed, pool=(0.42, 0.3), horizon=0.4, pool_strength=0.9, tint=(70, 64, 56))
    cx, y_top, R = P * 0.45, P * 0.5, P * 0.31
    info = stone_bowl(st, cx, y_top, R, P * 0.2, seed, k=0.3)
    sc = scoop(st, P * 0.7, P * 0.86, P * 0.1, 0.3, P * 0.13, seed, k=0.42)
    salts.heap(st, sc["cx"], sc["cy"] - sc["ry"] * 0.1, sc["rx"] * 0.95, P * 0.045, seed,
               size=(8, 15), squash=0.42, spread=1.0)
    salts.heap(st, P * 0.47, P * 0.92, P * 0.025, P * 0.006, seed + 1, size=(8, 15), squash=0.42,
               spread=3.0, density=2.0)
    sage_sprig(st, P * 0.02, P * 0.99, P * 0.3, -0.22, seed)
    wy = info["water_y"]
    for i, (dx, hgt, wd, s) in enumerate([(-0.07, 0.5, 0.085, 0.22), (0.11, 0.4, 0.065, 0.14)]):
        st.steam(cx + R * dx * 2, wy - P * 0.005, P * hgt, P * wd, seed=seed + i, strength=s)
    return fin(st)


# ----------------------------------------------------------------------------
# candles
# ----------------------------------------------------------------------------

CANDLES = {
    "cedar-ember-candle": dict(name="Cedar & Ember", vessel=AMBER, style="dark", surface="wood",
                               tint=(54, 34, 22), wax=(238, 222, 190)),
    "midnight-pine-candle": dict(name="Midnight Pine", vessel=BLACK_MATTE, style="dark",
                                 surface="slate", tint=None, wax=(230, 226, 214)),
    "sage-amber-candle": dict(name="Sage & Amber", vessel=IVORY_CER, style="cream",
                              surface="stone", tint=(90, 80, 70), wax=(240, 232, 212)),
}


def candle_shot(slug, seed, zoom=1.0, t=0.0, sway=0.0, bright=1.0, flame=1.0, props=True):
    c = CANDLES[slug]
    st = st_(c["surface"], seed=seed, tint=c["tint"], pool=(0.5, 0.42), horizon=0.6,
             pool_strength=0.6)
    cx, base = P * 0.5, P * (0.84 if zoom <= 1.3 else 0.95)
    r, h = P * 0.17 * zoom, P * 0.25 * zoom
    st.shadow(cx, base, r, length=1.0)
    lab = label(c["name"], "HAND-POURED CANDLE", "Soy & beeswax · 8 oz", style=c["style"],
                w=900, h=300)
    if props and zoom <= 1.3:
        pine_sprig(st, P * 0.64, P * 0.9, P * 0.3, -0.15, seed)
        stones(st, [(P * 0.17, P * 0.84, P * 0.07, P * 0.035, 0.1)], seed)
    candle(st, cx, base, r, h, lab, vessel=c["vessel"], wax=c["wax"], sway=sway,
           bright=bright, flame=flame)
    return st


def wax_pool(slug, seed):
    """from above: the lit candle in its vessel, melt pool, wick and flame"""
    c = CANDLES[slug]
    st = Studio(S, S, ss=SS, surface=c["surface"], seed=seed, top_down=True,
                pool=(0.45, 0.4), surface_tint=c["tint"])
    st.img *= 0.45
    pine_sprig(st, P * 0.5, P * 0.955, P * 0.46, -0.32, seed)
    candle_from_above(st, P * 0.5, P * 0.42, P * 0.34, c["vessel"], c["wax"], seed)
    return fin(st, exposure=0.95)


# ----------------------------------------------------------------------------
# teas
# ----------------------------------------------------------------------------

TEAS = {
    "pine-needle-forest-tea": dict(name="Pine Needle", sub="FOREST TEA", extra="Loose leaf · 60 g",
                                   palette=[(58, 78, 40), (80, 96, 52), (44, 58, 30), (110, 96, 58)],
                                   kind="needle", tea=(170, 130, 60), tin=BLACK_TIN, style="dark"),
    "golden-hour-chamomile": dict(name="Golden Hour", sub="CHAMOMILE BLEND", extra="Loose flowers · 50 g",
                                  palette=[(214, 190, 120), (230, 210, 150), (190, 150, 70), (238, 226, 190)],
                                  kind="flower", tea=(200, 150, 50),
                                  tin=dict(kind="matte", color=lin((214, 200, 172)), gloss=0.4, spec=0.35),
                                  style="cream"),
    "ember-smoked-black-tea": dict(name="Ember", sub="SMOKED BLACK TEA", extra="Loose leaf · 80 g",
                                   palette=[(40, 26, 18), (58, 38, 24), (28, 20, 14), (80, 52, 30)],
                                   kind="leaf", tea=(120, 50, 20), tin=BLACK_TIN, style="dark"),
}


def tea_tin_shot(slug, seed):
    c = TEAS[slug]
    st = st_("wood", seed=seed, tint=(56, 36, 22), pool=(0.42, 0.38))
    cx, base = P * 0.42, P * 0.8
    r, h = P * 0.15, P * 0.33
    st.shadow(cx, base, r, length=1.2)
    lab = label(c["name"], c["sub"], c["extra"], style=c["style"], w=820, h=420)
    # bowl of leaves to the right
    bowl(st, P * 0.76, P * 0.87, P * 0.12, P * 0.07, BLACK_MATTE if c["style"] == "cream" else IVORY_CER)
    st.leaves_heap(P * 0.76, P * 0.8, P * 0.1, P * 0.022, c["palette"], seed=seed, n=700, size=5,
                   kind=c["kind"])
    tin(st, cx, base, r, h, lab, body=c["tin"])
    return fin(st)


def tea_leaves(slug, seed):
    c = TEAS[slug]
    st = Studio(S, S, ss=SS, surface="slate", seed=seed, top_down=True, pool=(0.4, 0.35))
    st.img *= 0.6
    st.leaves_heap(P * 0.5, P * 0.52, P * 0.4, P * 0.36, c["palette"], seed=seed, n=5200,
                   size=9 if c["kind"] != "needle" else 8, kind=c["kind"])
    # a brass scoop resting on the heap
    m = Mask(P, P, 2)
    m.line([(P * 0.62, P * 0.62), (P * 0.98, P * 0.9)], P * 0.018)
    m.ellipse(P * 0.6, P * 0.6, P * 0.09, P * 0.07)
    a = m.get()
    sh = blur(np.roll(np.roll(a, 18, 0), 14, 1), 12)
    st.img *= (1 - 0.6 * sh)[..., None]
    y, x = np.mgrid[0:P, 0:P].astype(np.float32)
    band = np.exp(-0.5 * (((x - y) - P * 0.0) / (P * 0.05)) ** 2)
    col = lin((196, 156, 96)) * (0.25 + 1.6 * band)[..., None]
    over(st.img, col, a)
    inner = Mask(P, P, 2)
    inner.ellipse(P * 0.6, P * 0.6, P * 0.075, P * 0.057)
    over(st.img, lin((120, 90, 50)) * 0.4, inner.get() * 0.8)
    return fin(st)


def tea_cup(slug, seed, t=0.0, steam=0.5):
    c = TEAS[slug]
    st = st_("wood", seed=seed, tint=(56, 36, 22), pool=(0.38, 0.3), horizon=0.55,
             pool_strength=0.8)
    cx, base = P * 0.5, P * 0.8
    r, h = P * 0.17, P * 0.17
    st.shadow(cx, base, r * 1.6, length=0.8)
    # saucer
    st.solid(cx, [(base - P * 0.018, r * 1.55), (base, r * 1.3)], IVORY_CER, k=0.2)
    cup(st, cx, base - P * 0.012, r, h, IVORY_CER, tea=c["tea"])
    # a few loose leaves on the saucer / table
    st.leaves_heap(P * 0.2, P * 0.88, P * 0.06, P * 0.015, c["palette"], seed=seed, n=60, size=6,
                   kind=c["kind"])
    st.steam(cx, base - P * 0.012 - h + P * 0.01, P * 0.5, r * 0.55, seed=seed, t=t, strength=steam)
    return st


# ----------------------------------------------------------------------------
# registry
# ----------------------------------------------------------------------------

def jobs():
    J = []
    J += [("alpine-cedar-face-oil", lambda: face_oil()),
          ("alpine-cedar-face-oil-detail", lambda: face_oil(zoom=1.5, seed=21)),
          ("alpine-cedar-face-oil-texture", lambda: u8(droplets_texture(P, 31, lin((22, 21, 20)), lin((120, 52, 10))), (S, S), exposure=1.0)),
          ("mountain-sage-body-balm", lambda: body_balm()),
          ("mountain-sage-body-balm-open", lambda: body_balm("open", seed=22)),
          ("mountain-sage-body-balm-texture", lambda: u8(swirl_texture(P, 32, lin((232, 182, 104)), gloss=0.75, amp=60, turns=4), (S, S), exposure=1.0)),
          ("restorative-night-cream", lambda: night_cream()),
          ("restorative-night-cream-detail", lambda: night_cream(seed=23, zoom=1.9)),
          ("restorative-night-cream-texture", lambda: u8(swirl_texture(P, 33, lin((230, 222, 205)), gloss=0.45, spec=0.5, turns=3.0, amp=60), (S, S), exposure=0.95)),
          ("hot-spring-mineral-soak", lambda: mineral_soak()),
          ("hot-spring-mineral-soak-bath", lambda: mineral_bath()),
          ("hot-spring-mineral-soak-texture", lambda: u8(salts.macro(P, 34), (S, S), exposure=1.3, grain=0.012, vignette=0.35))]
    for i, slug in enumerate(CANDLES):
        J += [(slug, lambda slug=slug, i=i: fin(candle_shot(slug, 40 + i, zoom=1.2))),
              (slug + "-detail", lambda slug=slug, i=i: fin(candle_shot(slug, 50 + i, zoom=1.9, props=False))),
              (slug + "-wax", lambda slug=slug, i=i: wax_pool(slug, 60 + i))]
    for i, slug in enumerate(TEAS):
        J += [(slug, lambda slug=slug, i=i: tea_tin_shot(slug, 70 + i)),
              (slug + "-leaves", lambda slug=slug, i=i: tea_leaves(slug, 80 + i)),
              (slug + "-cup", lambda slug=slug, i=i: fin(tea_cup(slug, 90 + i)))]
    return J


def run(name_filter=None):
    from multiprocessing import Pool
    todo = [j for j in jobs() if not name_filter or any(f in j[0] for f in name_filter)]
    names = [n for n, _ in todo]
    with Pool(2) as p:
        p.map(_render, names)


def _render(name):
    fn = dict(jobs())[name]
    im = fn()
    path = os.path.join(OUT, name + ".webp")
    save(im, path, quality=86, max_kb=120)
    print(name, os.path.getsize(path) // 1024, "KB", flush=True)


if __name__ == "__main__":
    run(sys.argv[1:] or None)
