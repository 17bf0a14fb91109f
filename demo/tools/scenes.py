"""Service, journal and site artwork (landscapes, forests, still lifes)."""
import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(__file__))
from artlib import (IVORY, Mask, blur, bokeh, canvas, finish, fog_band, font, gauss2, glow,  # noqa: E402
                    god_rays, grid, lin, over, ridge_layer, save, sky_gradient, smoothstep, stars,
                    value_noise, draw_pines, pine_points)
from landscapes import (forest_edge, lake_scene, mountain_panorama, paint_trees, shaped_ridge,  # noqa: E402
                        tiny_cabin)
from objects import (AMBER, BLACK_MATTE, GOLDM, IVORY_CER, bowl, candle, cup, dropper_bottle,  # noqa: E402
                     jar, label, stones)
from studio import Studio  # noqa: E402

HERE = os.path.dirname(__file__)
MEDIA = os.path.join(HERE, "..", "media")
ASSETS = os.path.join(HERE, "..", "..", "frontend", "src", "assets")


def to_im(img, size=None, **kw):
    im = Image.fromarray(finish(img, **kw))
    if size and im.size != size:
        im = im.resize(size, Image.LANCZOS)
    return im


# ----------------------------------------------------------------------------
# night cabin
# ----------------------------------------------------------------------------

def cabin_scene(w, h, seed=5, cabin_x=0.56, size=0.26, milky=True, sky_share=0.62):
    hz = int(h * sky_share)
    img = sky_gradient(h, w, [(0, (3, 5, 10)), (0.5, (9, 13, 24)), (0.9, (22, 26, 38)),
                              (1.0, (40, 38, 44))], horizon=hz)
    g = gauss2(h, w, w * 0.15, hz * 1.05, w * 0.3, hz * 0.2)
    img += (g * 0.08)[..., None] * lin((200, 130, 70))
    mw = (w * 0.25, -h * 0.1, w * 0.85, hz * 1.0, h * 0.07) if milky else None
    stars(img, seed, density=0.0012, horizon=hz, bright=1.0, milky=mw)
    far = shaped_ridge(w, seed + 1, hz, [(0.2, h * 0.12, 0.08), (0.33, h * 0.09, 0.06),
                                        (0.85, h * 0.07, 0.1)], detail=0.7, h=h)
    ridge_layer(img, far, lin((30, 32, 44)) * 0.5, tex_seed=seed + 2, tex_amount=0.35,
                light=-1, light_x=w * 0.15, light_color=lin((220, 150, 90)) * 0.12,
                rim=lin((230, 170, 100)) * 0.08, rim_width=1.5,
                fog_color=lin((40, 40, 50)) * 0.5, fog_amount=0.5, fog_height=h * 0.08)
    fog_band(img, hz + h * 0.04, h * 0.03, lin((70, 66, 74)) * 0.3, 0.5, seed + 3)
    mid = shaped_ridge(w, seed + 4, hz + h * 0.06, [(0.5, h * 0.03, 0.3)], detail=0.3, h=h)
    ridge_layer(img, mid, lin((12, 13, 18)) * 0.7, tex_seed=seed + 5, tex_amount=0.2)
    trees = forest_edge(w, lambda x: mid[int(np.clip(x, 0, w - 1))] + 4, seed + 6,
                        h * 0.05, h * 0.14, h * 0.012)
    paint_trees(img, trees, lin((10, 11, 15)) * 0.7)
    ground_y = h * 0.82
    gr = shaped_ridge(w, seed + 7, ground_y, [(cabin_x, h * 0.02, 0.2)], detail=0.15, h=h)
    ridge_layer(img, gr, lin((9, 9, 11)), tex_seed=seed + 8, tex_amount=0.3)
    # tall pines around the cabin
    r = np.random.default_rng(seed + 9)
    cx = cabin_x * w
    s = size * w
    back = []
    for i in range(9):
        x = cx + r.choice([-1, 1]) * r.uniform(0.55, 1.6) * s
        back.append((x, ground_y - h * 0.01, r.uniform(0.45, 0.75) * h, int(r.integers(1 << 30)), "fir"))
    paint_trees(img, back, lin((6, 6, 8)))
    tiny_cabin(img, cx, ground_y + s * 0.02, s, lit=1.0, seed=seed)
    front = []
    for x0, x1, n in ((-0.04, 0.12, 3), (0.9, 1.04, 3)):
        for i in range(n):
            x = r.uniform(x0, x1) * w
            front.append((x, h * 1.02, r.uniform(0.65, 0.95) * h, int(r.integers(1 << 30)),
                          "fir" if r.random() < 0.6 else "pine"))
    front.sort(key=lambda t: t[2])
    a = paint_trees(img, front, lin((3, 3, 4)))
    # warm spill from the windows on the nearest trunks / ground
    g = gauss2(h, w, cx, ground_y, s * 1.4, s * 0.35)
    img += (g * 0.04)[..., None] * lin((255, 160, 80))
    return img


# ----------------------------------------------------------------------------
# forest interior with light shafts
# ----------------------------------------------------------------------------

def forest_scene(w, h, seed=8, sun=(0.25, -0.05), path=False, lanterns=False, mood=1.0):
    r = np.random.default_rng(seed)
    fogc = lin((92, 80, 62)) * mood
    img = sky_gradient(h, w, [(0, (70, 62, 50)), (0.55, (48, 42, 34)), (1.0, (26, 22, 18))])
    img *= mood
    sx, sy = sun[0] * w, sun[1] * h
    glow(img, sx, sy, max(w, h) * 0.45, lin((255, 200, 120)) * 0.25 * mood)
    layers = 7
    ground0 = h * 0.66
    for li in range(layers):
        t = li / (layers - 1)          # 0 far .. 1 near
        gy = ground0 + t ** 1.6 * h * 0.34
        n = int(26 * (1 - t) + 3)
        wmin, wmax = (0.004 + 0.02 * t ** 2) * w, (0.008 + 0.06 * t ** 2) * w
        dark = lin((22, 18, 14)) * (0.15 + 0.85 * t)
        col = fogc * (1 - t) ** 1.5 * 0.85 + dark * (1 - (1 - t) ** 1.5)
        m = Mask(h, w, 2)
        for i in range(n):
            x = r.uniform(-0.05, 1.05) * w
            if path and abs(x - w * 0.5) < w * (0.05 + 0.25 * t) and t > 0.2:
                continue
            tw = r.uniform(wmin, wmax)
            base = gy + r.uniform(-0.01, 0.01) * h
            lean = r.normal(0, 0.01) * h
            m.poly([(x - tw, base), (x + tw, base), (x + tw * 0.7 + lean, -10), (x - tw * 0.7 + lean, -10)])
            # a few dead lower branches
            for k in range(r.integers(2, 7)):
                by = r.uniform(0.05, 0.55) * base
                side = r.choice([-1, 1])
                ln = r.uniform(2, 7) * tw
                m.line([(x, by), (x + side * ln, by + ln * r.uniform(0.1, 0.5))], max(1.0, tw * 0.18))
        a = m.get()
        bark = value_noise(h, w, (60, 3 + 10 * t), seed + li, octaves=4)
        tc = col * (0.75 + 0.5 * bark)[..., None] if t > 0.4 else np.broadcast_to(col, img.shape)
        # light from the sun side on near trunks
        if t > 0.5:
            sh = np.roll(a, 3, axis=1)
            edge = np.clip(a - sh, 0, 1)
            tc = tc + blur(edge, 2)[..., None] * lin((255, 190, 110)) * 0.25 * mood
        img[:] = img * (1 - a[..., None]) + tc * a[..., None]
        # ground of this layer
        gm = np.clip((np.arange(h)[:, None] - gy) / (h * 0.02), 0, 1) * np.ones((1, w))
        gcol = col * 0.9
        img[:] = img * (1 - gm[..., None] * 0.9) + gcol * gm[..., None] * 0.9
        fog_band(img, gy - h * 0.05, h * 0.08, fogc * 0.9, 0.35 * (1 - t), seed + 30 + li, wisp=0.6)
    god_rays(img, sx, sy, 0.22 * mood, lin((255, 205, 140)), seed=seed, spread=0.6)
    if path:
        y, x = grid(h, w)
        tt = np.clip((y - h * 0.66) / (h * 0.34), 0, 1)
        cxp = w * 0.5 + np.sin(tt * 3.0) * w * 0.05
        pw = w * (0.01 + 0.2 * tt ** 1.5)
        pm = smoothstep(pw, pw * 0.8, np.abs(x - cxp)) * (y > h * 0.66)
        pn = value_noise(h, w, 8, seed + 50, octaves=3)
        pcol = lin((120, 96, 70)) * (0.35 + 0.4 * pn)[..., None] * (0.3 + 0.7 * (1 - tt))[..., None]
        over(img, pcol * mood, pm * 0.8)
    if lanterns:
        for (lx, ly, ls) in ((0.42, 0.72, 0.012), (0.6, 0.8, 0.02), (0.36, 0.93, 0.03)):
            glow(img, lx * w, ly * h, ls * w * 6, lin((255, 160, 70)) * 0.25)
            glow(img, lx * w, ly * h, ls * w * 1.2, lin((255, 190, 110)) * 1.2)
            glow(img, lx * w, ly * h, ls * w * 0.35, lin((255, 230, 190)) * 3.0)
    # ferns / undergrowth silhouettes at the bottom
    m = Mask(h, w, 2)
    for i in range(40):
        x = r.uniform(0, w)
        if path and abs(x - w * 0.5) < w * 0.2:
            continue
        base = h * r.uniform(0.97, 1.03)
        for k in range(7):
            ang = -math.pi / 2 + r.uniform(-1.2, 1.2)
            ln = r.uniform(0.05, 0.12) * h
            m.line([(x, base), (x + math.cos(ang) * ln, base + math.sin(ang) * ln)], max(1.5, h * 0.004))
    a = m.get()
    img[:] = img * (1 - a[..., None]) + lin((8, 7, 6)) * a[..., None]
    return img


# ----------------------------------------------------------------------------
# backlit chamomile
# ----------------------------------------------------------------------------

def chamomile_scene(w, h, seed=12):
    r = np.random.default_rng(seed)
    img = sky_gradient(h, w, [(0, (40, 34, 22)), (0.5, (30, 28, 18)), (1, (14, 14, 10))])
    glow(img, w * 0.78, h * 0.2, w * 0.35, lin((255, 200, 110)) * 0.5)
    bokeh(img, seed, 45, w * 0.015, w * 0.06, [lin((255, 200, 120)), lin((230, 190, 110)),
                                              lin((160, 150, 80))], region=(w * 0.3, 0, w, h * 0.7),
          alpha=(0.05, 0.35), soft=3)
    # blurry far stems / flowers
    far = Mask(h, w, 1)
    for i in range(60):
        x = r.uniform(0, w)
        y = r.uniform(0.3, 0.9) * h
        far.line([(x, y), (x + r.normal(0, 10), h)], 2)
        far.ellipse(x, y, w * 0.01, w * 0.006)
    fa = blur(far.get(), 6)
    over(img, lin((120, 110, 70)) * 0.35, fa * 0.6)
    flowers = []
    for i in range(11):
        flowers.append((r.uniform(0.05, 0.95) * w, r.uniform(0.3, 0.75) * h, r.uniform(0.025, 0.055) * w,
                        r.uniform(-0.6, 0.6), r.uniform(0.35, 0.8)))
    flowers.sort(key=lambda f: f[2])
    for (fx, fy, fr, rot, squash) in flowers:
        blur_s = max(0, (0.035 * w - fr) * 0.25)
        m_st = Mask(h, w, 2)
        pts = [(fx, fy)]
        xx = fx
        for k in range(1, 8):
            xx += r.normal(0, fr * 0.1)
            pts.append((xx, fy + (h - fy) * k / 7 + 5))
        m_st.line(pts, fr * 0.08)
        a = blur(m_st.get(), blur_s)
        over(img, lin((50, 62, 30)) * 0.35, a)
        pm = Mask(h, w, 2)
        npet = 18
        for k in range(npet):
            ang = k / npet * 2 * math.pi + r.normal(0, 0.05)
            ln = fr * r.uniform(0.85, 1.05)
            wd = fr * 0.16
            ca, sa = math.cos(ang), math.sin(ang)
            pts = []
            for j in range(10):
                tt = j / 9 * math.pi
                px, py = math.cos(tt) * ln / 2 + ln / 2 + fr * 0.25, math.sin(tt) * wd
                pts.append((px, py))
            pts += [(px, -py) for px, py in reversed(pts)]
            poly = []
            for px, py in pts:
                X, Y = px * ca - py * sa, px * sa + py * ca
                Y *= squash
                X, Y = X * math.cos(rot) - Y * math.sin(rot), X * math.sin(rot) + Y * math.cos(rot)
                Y += abs(X) * 0.15 * (1 - squash)  # petals droop
                poly.append((fx + X, fy + Y))
            pm.poly(poly)
        pa = blur(pm.get(), blur_s)
        # backlit translucent petals: bright, warm-white, brighter toward the sun
        pcol = lin((250, 244, 225)) * 0.75
        over(img, pcol, pa * 0.92)
        cm = Mask(h, w, 2)
        cm.ellipse(fx, fy, fr * 0.3, fr * 0.3 * (0.6 + 0.4 * squash))
        ca_ = blur(cm.get(), blur_s)
        yy, xx2 = grid(h, w)
        dome = gauss2(h, w, fx - fr * 0.08, fy - fr * 0.1, fr * 0.2)
        ccol = lin((230, 170, 30)) * (0.4 + 0.9 * dome)[..., None]
        over(img, ccol, ca_)
        # rim glow
        img += (blur(pa, fr * 0.15) * 0.08)[..., None] * lin((255, 220, 150))
    glow(img, w * 0.8, h * 0.15, w * 0.12, lin((255, 220, 150)) * 0.4)
    return img


# ----------------------------------------------------------------------------
# still lifes
# ----------------------------------------------------------------------------

def massage_still(w=1200, h=800, seed=31, variant=0):
    st = Studio(w, h, ss=2, surface="wood" if variant == 0 else "linen", seed=seed, horizon=0.52,
                pool=(0.45, 0.36), wall=(13, 11, 10), surface_tint=(56, 36, 22) if variant == 0 else (110, 100, 88))
    W, H = st.W, st.H
    # folded towel as a soft slab
    m = Mask(H, W, 1)
    m.poly([(W * 0.27, H * 0.74), (W * 0.73, H * 0.74), (W * 0.76, H * 0.86), (W * 0.24, H * 0.86)])
    t = m.get()
    st.img *= (1 - 0.7 * blur(np.roll(t, 20, 0), 20))[..., None]
    y, x = grid(H, W)
    towel = lin((205, 196, 180)) * (0.25 + 0.35 * smoothstep(H * 0.86, H * 0.74, y))[..., None]
    towel *= (0.85 + 0.3 * value_noise(H, W, (3, 40), seed, octaves=2))[..., None]
    over(st.img, towel, t)
    # stack of stones
    specs = [(W * 0.5, H * 0.745, W * 0.12, H * 0.05, 0.0), (W * 0.505, H * 0.675, W * 0.095, H * 0.042, 0.04),
             (W * 0.495, H * 0.615, W * 0.075, H * 0.035, -0.05), (W * 0.5, H * 0.565, W * 0.055, H * 0.028, 0.03)]
    stones(st, specs, seed)
    stones(st, [(W * 0.7, H * 0.9, W * 0.06, H * 0.03, 0.2), (W * 0.3, H * 0.92, W * 0.05, H * 0.026, -0.1)], seed + 5)
    st.steam(W * 0.5, H * 0.54, H * 0.4, W * 0.05, seed=seed, strength=0.25)
    lab = label("Alpine Cedar", "FACE OIL", None, style="cream", w=700, h=430)
    st.shadow(W * 0.16, H * 0.8, W * 0.05, length=1.0)
    dropper_bottle(st, W * 0.16, H * 0.8, W * 0.05, H * 0.2, lab)
    lab2 = label("Cedar & Ember", "CANDLE", None, w=900, h=300)
    st.shadow(W * 0.84, H * 0.78, W * 0.07, length=0.8)
    candle(st, W * 0.84, H * 0.78, W * 0.065, H * 0.14, lab2)
    return st.finish(exposure=1.25, grain=0.016, vignette=0.45)


def spa_still(w=1200, h=800, seed=32):
    st = Studio(w, h, ss=2, surface="wood", seed=seed, horizon=0.5, pool=(0.4, 0.34),
                wall=(13, 11, 10), surface_tint=(60, 40, 26))
    W, H = st.W, st.H
    from products import sage_sprig, pine_sprig
    bowl(st, W * 0.36, H * 0.86, W * 0.16, H * 0.12, IVORY_CER)
    st.leaves_heap(W * 0.36, H * 0.765, W * 0.14, H * 0.03, [(230, 215, 210), (244, 236, 232), (210, 190, 185)],
                   seed=seed, n=900, size=4, kind="flower")
    st.steam(W * 0.36, H * 0.75, H * 0.5, W * 0.08, seed=seed, strength=0.3)
    lab = label("Mountain Sage", "BODY BALM", None, w=900, h=300)
    st.shadow(W * 0.68, H * 0.82, W * 0.09, length=1.0)
    jar(st, W * 0.68, H * 0.82, W * 0.09, H * 0.13, 0, lab, contents=(226, 196, 120), open_top=True)
    # wooden brush: handle + bristles as simple shapes
    m = Mask(H, W, 2)
    m.poly([(W * 0.78, H * 0.93), (W * 0.95, H * 0.88), (W * 0.96, H * 0.91), (W * 0.79, H * 0.96)])
    a = m.get()
    st.img *= (1 - 0.6 * blur(np.roll(a, 12, 0), 10))[..., None]
    over(st.img, lin((120, 80, 45)) * 0.35 * (0.8 + 0.4 * value_noise(H, W, (4, 60), seed, 2))[..., None], a)
    sage_sprig(st, W * 0.05, H * 0.97, W * 0.25, -0.2, seed)
    pine_sprig(st, W * 0.55, H * 0.98, W * 0.2, -0.1, seed + 1)
    lab2 = label("Sage & Amber", "CANDLE", None, style="cream", w=900, h=300)
    st.shadow(W * 0.88, H * 0.7, W * 0.05, length=0.8)
    candle(st, W * 0.88, H * 0.7, W * 0.05, H * 0.1, lab2, vessel=IVORY_CER)
    return st.finish(exposure=1.25, grain=0.016, vignette=0.45)


def winter_still(w=1200, h=800, seed=33):
    st = Studio(w, h, ss=2, surface="wood", seed=seed, horizon=0.5, pool=(0.55, 0.35),
                wall=(12, 11, 10), surface_tint=(58, 38, 24), pool_strength=0.7)
    W, H = st.W, st.H
    from products import pine_sprig
    lab = label("Cedar & Ember", "HAND-POURED CANDLE", None, w=900, h=300)
    st.shadow(W * 0.33, H * 0.82, W * 0.11, length=0.8)
    candle(st, W * 0.33, H * 0.82, W * 0.11, H * 0.22, lab)
    st.shadow(W * 0.64, H * 0.86, W * 0.14, length=0.8)
    st.solid(W * 0.64, [(H * 0.86 - H * 0.02, W * 0.14), (H * 0.86, W * 0.12)], IVORY_CER, k=0.2)
    cup(st, W * 0.64, H * 0.845, W * 0.09, H * 0.13, IVORY_CER, tea=(120, 55, 22))
    st.steam(W * 0.64, H * 0.72, H * 0.45, W * 0.05, seed=seed, strength=0.3)
    pine_sprig(st, W * 0.72, H * 0.98, W * 0.3, -0.15, seed)
    pine_sprig(st, W * 0.02, H * 0.95, W * 0.22, -0.35, seed + 1)
    # falling snow bokeh in the dark background
    bokeh(st.img, seed, 40, W * 0.01, W * 0.03, [lin((255, 190, 110)), lin((255, 210, 150))],
          region=(W * 0.45, 0, W, H * 0.45), alpha=(0.02, 0.1), soft=6)
    return st.finish(exposure=1.2, grain=0.016, vignette=0.45)


def stones_still(w=1200, h=800, seed=34):
    st = Studio(w, h, ss=2, surface="slate", seed=seed, horizon=0.46, pool=(0.5, 0.3),
                wall=(12, 11, 10), pool_strength=0.8)
    W, H = st.W, st.H
    from products import pine_sprig
    specs = [(W * 0.46, H * 0.83, W * 0.16, H * 0.065, 0.02), (W * 0.47, H * 0.735, W * 0.125, H * 0.055, -0.03),
             (W * 0.455, H * 0.655, W * 0.1, H * 0.045, 0.04), (W * 0.465, H * 0.59, W * 0.075, H * 0.036, -0.02),
             (W * 0.46, H * 0.54, W * 0.05, H * 0.026, 0.0)]
    stones(st, specs, seed)
    stones(st, [(W * 0.75, H * 0.86, W * 0.08, H * 0.035, 0.1), (W * 0.2, H * 0.9, W * 0.07, H * 0.03, -0.2)], seed + 7)
    st.steam(W * 0.46, H * 0.52, H * 0.45, W * 0.07, seed=seed, strength=0.35)
    pine_sprig(st, W * 0.62, H * 0.99, W * 0.3, -0.12, seed)
    lab = label("Midnight Pine", "CANDLE", None, w=900, h=300)
    st.shadow(W * 0.86, H * 0.72, W * 0.06, length=0.8)
    candle(st, W * 0.86, H * 0.72, W * 0.06, H * 0.12, lab, vessel=BLACK_MATTE)
    return st.finish(exposure=1.3, grain=0.016, vignette=0.45)


def testimonial_bg(w=1600, h=900, seed=41):
    img = sky_gradient(h, w, [(0, (14, 12, 10)), (1, (8, 7, 6))])
    glow(img, w * 0.85, h * 0.2, w * 0.35, lin((120, 80, 40)) * 0.18)
    glow(img, w * 0.1, h * 0.9, w * 0.3, lin((120, 80, 40)) * 0.12)
    bokeh(img, seed, 60, w * 0.02, w * 0.07, [lin((255, 190, 110)), lin((220, 160, 80)), lin((255, 220, 160))],
          region=(w * 0.6, -h * 0.1, w * 1.05, h * 0.7), alpha=(0.01, 0.07), soft=5)
    bokeh(img, seed + 1, 35, w * 0.015, w * 0.05, [lin((255, 190, 110)), lin((200, 140, 70))],
          region=(-w * 0.05, h * 0.6, w * 0.35, h * 1.05), alpha=(0.01, 0.05), soft=5)
    bokeh(img, seed + 2, 60, w * 0.003, w * 0.01, [lin((255, 210, 150))],
          region=(0, 0, w, h), alpha=(0.02, 0.12), soft=1.5)
    n = value_noise(h, w, 200, seed, octaves=4)
    img *= (0.85 + 0.3 * n)[..., None]
    return img


def og_image(seed=1):
    w, h = 1200, 630
    img = mountain_panorama(w, h, seed=seed, horizon=0.66, sun_x=0.8, big_pines=True,
                            flank=(0.45, 0.7), fg_height=0.96)
    y, x = grid(h, w)
    shade = smoothstep(w * 0.7, w * 0.05, x) * 0.6
    img *= (1 - shade)[..., None]
    im = Image.fromarray(finish(img, exposure=1.3, vignette=0.3))
    d = ImageDraw.Draw(im)
    gold = (201, 164, 92)
    ivory = (243, 237, 226)
    # brand mark
    from studio import draw_mark
    draw_mark(d, 110, 200, 34, gold)
    f1 = font(112, "Regular")
    d.text((72, 250), "Golden Pine", font=f1, fill=ivory)
    f2 = font(30, "SC")
    d.text((78, 388), "WELLNESS RETREAT  ·  IDYLLWILD, CALIFORNIA", font=f2, fill=gold)
    d.line([(78, 440), (330, 440)], fill=gold, width=2)
    f3 = font(30, "Italic")
    d.text((78, 456), "Massage, rustic spa rituals & tiny homes beneath the stars", font=f3,
           fill=(220, 212, 198))
    return im


# ----------------------------------------------------------------------------

def jobs():
    J = {
        # site artwork
        "assets/hero.webp": (lambda: to_im(mountain_panorama(2400, 1400, seed=1), exposure=1.3), 250),
        "assets/about.webp": (lambda: to_im(forest_scene(1200, 1500, seed=8, path=True, lanterns=True, sun=(0.7, -0.05)),
                                            exposure=1.2), 180),
        "assets/tiny-home.webp": (lambda: to_im(cabin_scene(1600, 1000, seed=5), exposure=1.3), 180),
        "assets/quiz.webp": (lambda: to_im(lake_scene(1200, 800, seed=4), exposure=1.15, vignette=0.3), 120),
        "assets/testimonial.webp": (lambda: to_im(testimonial_bg(), exposure=1.2, vignette=0.3), 120),
        "assets/og-image.jpg": (lambda: og_image(), 200),
        # services
        "services/massage-therapy.webp": (lambda: massage_still(), 120),
        "services/rustic-spa-treatments.webp": (lambda: spa_still(), 120),
        "services/tiny-home-retreat.webp": (lambda: to_im(cabin_scene(1200, 800, seed=15, cabin_x=0.45, size=0.3, milky=True), exposure=1.3), 120),
        "services/wellness-packages.webp": (lambda: to_im(mountain_panorama(1200, 800, seed=21, horizon=0.55, sun_x=0.25, night=0.15,
                                                                           milky=False, stars_on=False, gold=1.6, fog=1.4, sky=[(0, (16, 20, 34)), (0.45, (44, 46, 66)), (0.8, (120, 96, 90)), (1.0, (200, 140, 84))], 
                                                                           flank=(0.35, 0.6)), exposure=1.2), 120),
        # journal
        "blog/forest-bathing-san-jacinto.webp": (lambda: to_im(forest_scene(1200, 800, seed=9), exposure=1.2), 120),
        "blog/herbal-tea-garden.webp": (lambda: to_im(chamomile_scene(1200, 800), exposure=1.2), 120),
        "blog/first-hot-stone-massage.webp": (lambda: stones_still(), 120),
        "blog/tiny-home-under-the-stars.webp": (lambda: to_im(cabin_scene(1200, 800, seed=25, cabin_x=0.7, size=0.2, sky_share=0.7), exposure=1.3), 120),
        "blog/winter-self-care-ritual.webp": (lambda: winter_still(), 120),
        "blog/mindful-hiking-tahquitz.webp": (lambda: to_im(mountain_panorama(1200, 800, seed=33, horizon=0.62, sun_x=0.15, night=0.0,
                                                                              milky=False, stars_on=False, gold=2.2, fog=1.6, sky=[(0, (16, 20, 34)), (0.45, (44, 46, 66)), (0.8, (120, 96, 90)), (1.0, (200, 140, 84))], 
                                                                              big_pines=False), exposure=1.1), 120),
    }
    return J


def _render(name):
    fn, kb = jobs()[name]
    im = fn()
    if name.startswith("assets/"):
        path = os.path.join(ASSETS, name.split("/", 1)[1])
    else:
        path = os.path.join(MEDIA, name)
    save(im, path, quality=86, max_kb=kb)
    print(name, os.path.getsize(path) // 1024, "KB", flush=True)


if __name__ == "__main__":
    from multiprocessing import Pool
    names = [n for n in jobs() if not sys.argv[1:] or any(a in n for a in sys.argv[1:])]
    with Pool(2) as p:
        p.map(_render, names)
