"""Landscape scenes: mountain panoramas, cabins, lakes, forests."""
import math

import numpy as np

from artlib import (Mask, add, blur, bokeh, canvas, draw_pines, fog_band, gauss2,
                    glow, god_rays, grid, lin, mix, over, ridge1d, ridge_layer,
                    sky_gradient, smoothstep, stars, value_noise)


def shaped_ridge(w, seed, base, peaks, rough=0.58, amp=1.0, detail=1.0, h=700):
    """base row + peaks [(x_frac, height, width_frac)] + fractal detail"""
    x = np.arange(w, dtype=np.float32)
    r = np.full(w, float(base), np.float32)
    prof = np.zeros(w, np.float32)
    for px, ph, pw in peaks:
        d = (x - px * w) / (pw * w)
        prof = np.maximum(prof, ph * (0.6 * np.exp(-np.abs(d) ** 1.1) + 0.4 * np.exp(-d * d)))
    r -= prof
    sc = h / 700.0
    r += ridge1d(w, seed, rough=rough, amp=amp, levels=12) * 40 * detail * sc
    r += ridge1d(w, seed + 7, rough=0.72, amp=0.2, levels=12) * 40 * detail * sc
    # ridged high-frequency crags, stronger near the peaks
    cr = np.abs(ridge1d(w, seed + 100, rough=0.74, levels=12, amp=1.0))
    r -= cr * 16 * detail * sc * (0.4 + prof / (prof.max() + 1e-6))
    return r


def forest_edge(w, base, seed, hmin, hmax, spacing, kind="fir", ss_h=None,
                gaps=None):
    """list of trees along a row"""
    r = np.random.default_rng(seed)
    trees = []
    x = -spacing
    while x < w + spacing:
        x += spacing * r.uniform(0.35, 1.3)
        if gaps and any(a < x < b for a, b in gaps):
            continue
        bx = base(x) if callable(base) else base
        trees.append((x, bx + r.uniform(0, 6), r.uniform(hmin, hmax), int(r.integers(1 << 30)),
                      kind if r.random() > 0.3 else ("pine" if kind == "fir" else "fir")))
    return trees


def paint_trees(img, trees, color, rim=None, rim_dir=1, blur_s=0.0, glow_col=None):
    h, w, _ = img.shape
    m = Mask(h, w, ss=2)
    draw_pines(m, trees)
    a = m.get()
    if blur_s:
        a = blur(a, blur_s)
    col = np.broadcast_to(np.array(color, np.float32), img.shape).copy()
    if rim is not None:
        # rim light on edges facing the light: edge = a - shifted a
        sh = np.roll(a, -rim_dir * 2, axis=1)
        edge = np.clip(a - sh, 0, 1)
        edge = blur(edge, 1.2)
        col += edge[..., None] * np.array(rim) * 3
    img[:] = img * (1 - a[..., None]) + col * a[..., None]
    return a


# ----------------------------------------------------------------------------

def mountain_panorama(w, h, seed=1, *, horizon=0.6, sun_x=0.82, night=0.7,
                      milky=True, tree_line=True, big_pines=True,
                      stars_on=True, gold=1.0, fog=1.0, cabin=None, peaks=None,
                      fg_height=0.93, flank=(0.5, 0.85), sky=None):
    """the house landscape: layered ridges at dusk/night with gold last light"""
    hz = int(h * horizon)
    L = lin
    img = sky_gradient(h, w, sky or [(0, (3, 5, 10)), (0.4, (10, 15, 27)), (0.75, (28, 34, 50)),
                                     (1.0, (60, 54, 56))], horizon=hz)
    light = 1 if sun_x > 0.5 else -1
    # warm afterglow around the (already set) sun, wide and low
    g = gauss2(h, w, sun_x * w, hz * 1.05, w * 0.38, hz * 0.32)
    img += (g * 0.22 * gold)[..., None] * L((150, 92, 46))
    g2 = gauss2(h, w, sun_x * w, hz * 1.02, w * 0.16, hz * 0.1)
    img += (g2 * 0.55 * gold)[..., None] * L((240, 170, 86))
    img *= (1 - night * 0.5)
    # thin high clouds catching light
    cl = value_noise(h, w, (hz * 0.05, w * 0.2), seed + 5, octaves=6)
    band = np.exp(-0.5 * ((np.arange(h)[:, None] - hz * 0.78) / (hz * 0.07)) ** 2)
    clouds = smoothstep(0.5, 0.85, cl) * band
    img += (clouds * (g * 0.25 + 0.01) * gold)[..., None] * L((240, 160, 90))
    img *= (1 - clouds * 0.2)[..., None]
    if stars_on:
        mw = (w * 0.62, -h * 0.1, w * 1.0, hz * 0.85, h * 0.08) if milky else None
        stars(img, seed + 7, density=0.0009, horizon=hz * 1.05, bright=0.8 * night + 0.2,
              milky=mw)
    peaks = peaks or [(0.64, h * 0.2, 0.07), (0.77, h * 0.27, 0.055), (0.87, h * 0.19, 0.05),
                      (0.2, h * 0.06, 0.08), (0.43, h * 0.09, 0.09)]
    far = shaped_ridge(w, seed + 10, hz - h * 0.02, peaks, detail=1.0, h=h)
    ridge_layer(img, far, L((40, 44, 62)) * 0.42, light=light, light_x=sun_x * w,
                light_color=L((255, 170, 90)) * 0.4 * gold, light_depth=h * 0.06,
                rim=L((255, 190, 110)) * 0.35 * gold, rim_width=1.6 * h / 700,
                tex_seed=seed + 11, tex_amount=0.5,
                fog_color=L((64, 62, 76)) * 0.5, fog_amount=0.55 * fog, fog_height=h * 0.15,
                snow=0.25)
    fog_band(img, hz + h * 0.015, h * 0.03, L((120, 100, 92)) * 0.3, 0.6 * fog, seed + 12)
    midr = shaped_ridge(w, seed + 20, hz + h * 0.06,
                        [(0.12, h * 0.1, 0.12), (0.36, h * 0.06, 0.1), (0.58, h * 0.08, 0.1),
                         (0.95, h * 0.05, 0.1)], detail=0.6, h=h)
    ridge_layer(img, midr, L((28, 30, 40)) * 0.55, light=light,
                light_color=L((220, 150, 80)) * 0.05 * gold, light_depth=h * 0.03, light_x=sun_x * w,
                rim=L((230, 160, 90)) * 0.1 * gold, rim_width=1.2 * h / 700,
                tex_seed=seed + 21, tex_amount=0.35,
                fog_color=L((58, 56, 66)) * 0.4, fog_amount=0.6 * fog, fog_height=h * 0.1)
    if tree_line:
        trees = forest_edge(w, lambda x: midr[int(np.clip(x, 0, w - 1))] + 3, seed + 22,
                            h * 0.01, h * 0.026, h * 0.0045)
        paint_trees(img, trees, L((28, 30, 40)) * 0.45)
    fog_band(img, hz + h * 0.12, h * 0.045, L((96, 88, 90)) * 0.3, 0.6 * fog, seed + 23, wisp=0.7)
    near = shaped_ridge(w, seed + 30, hz + h * 0.19,
                        [(0.25, h * 0.06, 0.18), (0.7, h * 0.045, 0.2)], detail=0.4, h=h)
    ridge_layer(img, near, L((13, 14, 19)) * 0.7, tex_seed=seed + 31, tex_amount=0.25,
                rim=L((200, 140, 80)) * 0.05 * gold, rim_width=1.0)
    trees = forest_edge(w, lambda x: near[int(np.clip(x, 0, w - 1))] + 5, seed + 32,
                        h * 0.025, h * 0.07, h * 0.009)
    paint_trees(img, trees, L((11, 12, 16)) * 0.6)
    if cabin is not None:
        cabin(img, near)
    fog_band(img, hz + h * 0.28, h * 0.05, L((70, 64, 66)) * 0.2, 0.45 * fog, seed + 33, wisp=0.8)
    fg = shaped_ridge(w, seed + 40, h * fg_height, [(0.04, h * 0.1, 0.1), (0.98, h * 0.12, 0.09)],
                      detail=0.3, h=h)
    ridge_layer(img, fg, L((6, 6, 8)), tex_seed=seed + 41, tex_amount=0.3)
    if big_pines:
        r = np.random.default_rng(seed + 50)
        trees = []
        lo, hi = flank
        for x0, x1, n, hmin, hmax in ((-0.03, 0.1, 4, lo, hi), (0.92, 1.03, 4, lo * 0.9, hi * 0.95),
                                      (0.11, 0.9, 6, 0.05, 0.11)):
            for i in range(n):
                x = r.uniform(x0, x1) * w
                trees.append((x, fg[int(np.clip(x, 0, w - 1))] + 12, r.uniform(hmin, hmax) * h,
                              int(r.integers(1 << 30)), "fir" if r.random() < 0.6 else "pine"))
        trees.sort(key=lambda t: t[2])
        paint_trees(img, trees, L((3, 3, 4)))
    return img


def tiny_cabin(img, cx, base, size, lit=1.0, seed=3):
    """modern A-frame-ish tiny home with glowing windows; base = ground row"""
    h, w, _ = img.shape
    s = size
    wall_w, wall_h = s * 1.0, s * 0.46
    roof_h = s * 0.62
    x0, x1 = cx - wall_w / 2, cx + wall_w / 2
    yb = base
    yt = base - wall_h
    # light spill on ground in front
    g = gauss2(h, w, cx, yb + s * 0.08, s * 0.9, s * 0.16)
    img += (g * 0.35 * lit)[..., None] * lin((255, 170, 80))
    # body silhouette
    m = Mask(h, w, 3)
    m.poly([(x0 - s * 0.06, yt), (cx, yt - roof_h), (x1 + s * 0.06, yt),
            (x1, yt), (x1, yb), (x0, yb), (x0, yt)])
    body = m.get()
    wood = value_noise(h, w, (s * 0.6, 2.5), seed, octaves=3)
    col = np.ones((h, w, 3), np.float32) * lin((26, 22, 20))
    col *= (0.7 + 0.5 * wood)[..., None]
    # roof edge rim (warm window spill on eaves)
    over(img, col, body)
    rm = Mask(h, w, 3)
    t = s * 0.035
    rm.line([(x0 - s * 0.08, yt + t), (cx, yt - roof_h - t * 0.3), (x1 + s * 0.08, yt + t)], t * 1.2)
    over(img, lin((10, 10, 12)), rm.get())
    # big glazed gable: warm interior
    win = Mask(h, w, 3)
    gx0, gx1 = cx - s * 0.3, cx + s * 0.3
    win.poly([(gx0, yb - s * 0.04), (gx0, yt - s * 0.02), (cx, yt - roof_h * 0.72),
              (gx1, yt - s * 0.02), (gx1, yb - s * 0.04)])
    wm = win.get()
    y, x = grid(h, w)
    inner = np.clip(1 - ((y - (yb - s * 0.1)) / (s * 0.9)) ** 2, 0, 1)
    interior = lin((255, 176, 92)) * 1.6 * lit
    warm = np.ones((h, w, 3), np.float32) * interior
    warm *= (0.55 + 0.6 * inner)[..., None]
    # mullions
    mm = Mask(h, w, 3)
    for fx in (-0.1, 0.1):
        mm.line([(cx + s * fx, yb - s * 0.04), (cx + s * fx, yt - roof_h * 0.6)], s * 0.012)
    mm.line([(gx0, yt + s * 0.05), (gx1, yt + s * 0.05)], s * 0.012)
    warm *= (1 - 0.9 * mm.get())[..., None]
    # silhouette of a chair and plant inside
    fm = Mask(h, w, 3)
    fm.ellipse(cx - s * 0.17, yb - s * 0.13, s * 0.06, s * 0.09)
    fm.rect(cx + s * 0.12, yb - s * 0.12, cx + s * 0.22, yb - s * 0.04)
    fm.ellipse(cx + s * 0.17, yb - s * 0.16, s * 0.07, s * 0.05)
    warm *= (1 - 0.7 * fm.get())[..., None]
    over(img, warm, wm)
    # side window
    sw = Mask(h, w, 3)
    sw.rect(x1 - s * 0.14, yt + s * 0.1, x1 - s * 0.05, yb - s * 0.14)
    sw.rect(x0 + s * 0.05, yt + s * 0.1, x0 + s * 0.14, yb - s * 0.14)
    over(img, lin((255, 170, 85)) * 1.1 * lit, sw.get())
    # glow around windows (bloom)
    bloom = blur(wm + sw.get() * 0.5, s * 0.12)
    img += (bloom * 0.5 * lit)[..., None] * lin((255, 160, 70))
    bloom2 = blur(wm, s * 0.5)
    img += (bloom2 * 0.35 * lit)[..., None] * lin((255, 150, 60))
    # deck
    dm = Mask(h, w, 3)
    dm.poly([(x0 - s * 0.25, yb), (x1 + s * 0.25, yb), (x1 + s * 0.3, yb + s * 0.05),
             (x0 - s * 0.3, yb + s * 0.05)])
    d = dm.get()
    over(img, lin((40, 28, 18)) * 0.6, d)
    # string lights along the eave
    r = np.random.default_rng(seed)
    lights = np.zeros((h, w), np.float32)
    for i in range(14):
        t = i / 13
        lx = (x0 - s * 0.5) + t * (s * 0.45)
        ly = yt + s * 0.15 + math.sin(t * math.pi) * s * 0.08
        if 0 <= int(ly) < h and 0 <= int(lx) < w:
            lights[int(ly), int(lx)] += 1
    img += (blur(lights, 1.0) * 6 * lit)[..., None] * lin((255, 200, 120))
    img += (blur(lights, 6.0) * 25 * lit)[..., None] * lin((255, 160, 80))
    return img


def lake_scene(w, h, seed=4, sun=True):
    """mist over a still lake with a low gold sun, calm and abstract"""
    hz = int(h * 0.5)
    img = sky_gradient(h, w, [(0, (22, 22, 26)), (0.6, (52, 46, 44)), (1.0, (120, 96, 70))],
                       horizon=hz)
    sx, sy = w * 0.62, hz - h * 0.06
    glow(img, sx, sy, h * 0.35, lin((255, 190, 110)) * 0.35)
    glow(img, sx, sy, h * 0.1, lin((255, 205, 130)) * 0.8)
    m = Mask(h, w, 3)
    m.ellipse(sx, sy, h * 0.045, h * 0.045)
    sun_disk = blur(m.get(), 1.5)
    over(img, lin((255, 225, 170)) * 2.2, sun_disk)
    # soft far shore
    far = shaped_ridge(w, seed, hz - h * 0.01, [(0.2, h * 0.06, 0.2), (0.85, h * 0.04, 0.15)],
                       amp=0.3, detail=0.25)
    ridge_layer(img, far, lin((60, 52, 48)) * 0.8, tex_amount=0.1, tex_seed=seed,
                fog_color=lin((120, 100, 80)), fog_amount=0.2, fog_height=20)
    trees = forest_edge(w, lambda x: far[int(np.clip(x, 0, w - 1))] + 3, seed + 1,
                        h * 0.02, h * 0.05, h * 0.01)
    paint_trees(img, trees, lin((48, 42, 40)) * 0.8, blur_s=0.8)
    # water: mirror of what is above the horizon, darker, with ripples
    y0 = int(far.max()) + 2
    y0 = min(y0, h - 2)
    above = img[max(0, 2 * y0 - h):y0][::-1]
    water = np.zeros_like(img[y0:])
    n = min(len(above), len(water))
    rip = value_noise(h - y0, w, (2, 60), seed + 4, octaves=3)
    shift = ((rip - 0.5) * 10).astype(int)
    src = above[:n]
    cols = np.clip(np.arange(w)[None, :] + shift[:n], 0, w - 1)
    water[:n] = np.take_along_axis(src, cols[..., None].repeat(3, 2), axis=1)
    water = blur(water, 1.2) * 0.7
    img[y0:] = water
    # sun glitter path
    yy, xx = grid(h, w)
    path = np.exp(-0.5 * ((xx - sx) / (w * 0.03 + np.clip(yy - y0, 0, None) * 0.12)) ** 2) * (yy > y0)
    gl = value_noise(h, w, (1.5, 12), seed + 6, octaves=2)
    img += (path * smoothstep(0.6, 0.9, gl) * 0.8)[..., None] * lin((255, 200, 120))
    # mist layers
    fog_band(img, y0 - h * 0.005, h * 0.05, lin((200, 170, 140)) * 0.55, 0.65, seed + 7, wisp=0.6)
    fog_band(img, y0 + h * 0.08, h * 0.05, lin((150, 130, 115)) * 0.4, 0.45, seed + 8, wisp=0.8)
    return img
