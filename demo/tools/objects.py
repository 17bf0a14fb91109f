"""Reusable product objects and macro textures built on the Studio renderer."""
import math

import numpy as np
from PIL import Image
from scipy import ndimage
from scipy.spatial import cKDTree

from artlib import (Mask, blur, finish, gauss2, grid, lin, over, smoothstep, value_noise)
from studio import Studio, make_label

GOLDM = dict(kind="metal", color=lin((196, 156, 96)))
BRASS = dict(kind="metal", color=lin((170, 128, 70)))
BLACK_MATTE = dict(kind="matte", color=lin((26, 25, 24)), gloss=0.35, spec=0.35, translucency=0.0)
BLACK_TIN = dict(kind="matte", color=lin((22, 22, 22)), gloss=0.55, spec=0.45)
IVORY_CER = dict(kind="matte", color=lin((228, 218, 198)), gloss=0.5, spec=0.35, translucency=0.12)
AMBER = dict(kind="glass", color=lin((190, 125, 60)), density=1.3)
SMOKE = dict(kind="glass", color=lin((120, 110, 100)), density=1.6)
CLEAR = dict(kind="glass", color=lin((225, 225, 215)), density=0.6)

LABEL_DARK = dict(bg=(24, 21, 18), ink=(214, 182, 112), border=(176, 146, 88))
LABEL_CREAM = dict(bg=(236, 228, 212), ink=(40, 32, 26), border=(168, 136, 82), accent=(160, 120, 60))


def label(name, sub, extra=None, style="dark", w=900, h=340):
    lines = [("GOLDEN PINE", 0.085, "SC", None), (name, 0.17, "Regular", None),
             (sub, 0.075, "SC", None)]
    if extra:
        lines.append((extra, 0.065, "Italic", None))
    return make_label(w, h, lines, **(LABEL_DARK if style == "dark" else LABEL_CREAM))


# ----------------------------------------------------------------------------

def dropper_bottle(st, cx, base, r, h, lab, glass=AMBER, liquid=(230, 160, 60)):
    st.solid(cx, [(base - h, r * 0.35), (base - h + r * 0.33, r * 0.9), (base - h + r * 0.6, r),
                  (base - 10, r), (base, r * 0.96)], glass, label=lab, label_span=(0.33, 0.88),
             label_angle=1.05, contents=(base - h + r * 0.5, lin(liquid)))
    st.solid(cx, [(base - h - r * 0.4, r * 0.42), (base - h + 5, r * 0.42)], GOLDM, ribs=80)
    b = base - h
    st.solid(cx, [(b - r * 1.53, r * 0.05), (b - r * 1.43, r * 0.22), (b - r * 1.2, r * 0.3),
                  (b - r * 0.8, r * 0.27), (b - r * 0.6, r * 0.22), (b - r * 0.4, r * 0.3)],
             dict(kind="matte", color=lin((30, 28, 26)), gloss=0.5, spec=0.4))


def jar(st, cx, base, r, h, lid_h, lab, body=AMBER, lid=GOLDM, contents=(220, 200, 160),
        open_top=False, span=(0.2, 0.85)):
    prof = [(base - h, r * 0.94), (base - h + 8 * st.ss, r), (base - 10 * st.ss, r), (base, r * 0.95)]
    if open_top:
        st.solid(cx, prof, body, label=lab, label_span=span, label_angle=1.0,
                 contents=(base - h + 30, lin(contents), lin(contents)))
        return
    st.solid(cx, prof, body, label=lab, label_span=span, label_angle=1.0,
             contents=(base - h + 30, lin(contents)) if body["kind"] == "glass" else None)
    st.solid(cx, [(base - h - lid_h, r * 0.98), (base - h - lid_h + 8, r * 1.0), (base - h, r * 1.0)],
             lid, ribs=120 if lid["kind"] == "metal" else 0)


def candle(st, cx, base, r, h, lab, vessel=AMBER, wax=(238, 222, 190), lit=True, flame=1.0,
           sway=0.0, bright=1.0, span=(0.42, 0.86)):
    lvl = base - h + r * 0.32
    glow = (lvl, 1.6 * bright, lin((255, 160, 70))) if lit else None
    st.solid(cx, [(base - h, r), (base - 10, r), (base, r * 0.96)], vessel, label=lab,
             label_span=span, label_angle=1.0, contents=(lvl, lin(wax), lin(wax)), glow_top=glow)
    if lit:
        st.flame(cx, lvl - 4, r * 0.62 * flame, sway=sway, bright=bright)


def tin(st, cx, base, r, h, lab, body=BLACK_TIN, lid_h=None, band=GOLDM):
    lid_h = lid_h or h * 0.22
    st.solid(cx, [(base - h + lid_h, r * 0.985), (base - 10, r * 0.985), (base, r * 0.95)], body,
             label=lab, label_span=(0.12, 0.9), label_angle=1.1)
    st.solid(cx, [(base - h, r * 0.99), (base - h + 6, r), (base - h + lid_h, r)], body)
    st.solid(cx, [(base - h + lid_h - 6 * st.ss, r * 1.005), (base - h + lid_h, r * 1.005)], band, cap=False)


def cup(st, cx, base, r, h, color=IVORY_CER, tea=(150, 90, 30)):
    m = dict(color)
    m["liquid"] = lin(tea) * 0.6
    st.solid(cx, [(base - h, r), (base - h * 0.55, r * 0.92), (base - h * 0.15, r * 0.7),
                  (base, r * 0.55)], m)


def bowl(st, cx, base, r, h, color=BLACK_MATTE):
    m = dict(color)
    m["liquid"] = lin((30, 26, 22))
    st.solid(cx, [(base - h, r), (base - h * 0.5, r * 0.85), (base, r * 0.45)], m)


def stones(st, specs, seed=0):
    for i, (cx, cy, rx, ry, tilt) in enumerate(specs):
        # little contact shadow first
        m = Mask(st.H, st.W, 1)
        m.ellipse(cx + rx * 0.15, cy + ry * 0.55, rx * 1.0, ry * 0.45)
        st.img *= (1 - 0.7 * blur(m.get(), rx * 0.12 + 2))[..., None]
        st.stone(cx, cy, rx, ry, lin((46, 44, 42)), seed=seed + i, wet=0.7, tilt=tilt)


# ----------------------------------------------------------------------------
# macro textures (top-down heightfield renders)
# ----------------------------------------------------------------------------

def light_heightfield(hf, albedo, gloss=0.5, spec=0.6, light=(-0.6, -0.55, 0.6), scale=1.0,
                      sss=0.0):
    gy, gx = np.gradient(hf * scale)
    nx, ny, nz = -gx, -gy, np.ones_like(hf)
    ln = np.sqrt(nx ** 2 + ny ** 2 + nz ** 2)
    nx, ny, nz = nx / ln, ny / ln, nz / ln
    L = np.array(light) / np.linalg.norm(light)
    diff = np.clip(nx * L[0] + ny * L[1] + nz * L[2], 0, 1)
    Hh = L + np.array([0, 0, 1.0])
    Hh /= np.linalg.norm(Hh)
    ndh = np.clip(nx * Hh[0] + ny * Hh[1] + nz * Hh[2], 0, 1)
    col = albedo * (0.08 + 1.0 * diff[..., None])
    col += (ndh ** (10 + 200 * gloss) * spec)[..., None]
    if sss:
        col += albedo * sss
    return col


def swirl_texture(n, seed, albedo, gloss=0.6, spec=0.7, turns=3.0, amp=30.0, ss=2):
    """top-down macro of a whipped balm / cream with a soft spiral swirl"""
    y, x = grid(n, n)
    cx, cy = n * 0.55, n * 0.48
    dx, dy = (x - cx) / n, (y - cy) / n
    rr = np.sqrt(dx ** 2 + dy ** 2)
    ang = np.arctan2(dy, dx)
    nz = value_noise(n, n, n * 0.3, seed, octaves=2)
    ph = ang + rr * turns * 2 * math.pi + nz * 0.8
    ridge = (0.5 + 0.5 * np.sin(ph)) ** 2
    hf = ridge * np.exp(-rr * 1.6) * amp
    hf += value_noise(n, n, n * 0.08, seed + 1, octaves=2) * amp * 0.25
    # a peak where the spatula lifted away
    hf += np.exp(-((dx - 0.02) ** 2 + (dy + 0.01) ** 2) / 0.002) * amp * 0.6
    hf = blur(hf, 6.0 * ss)
    col = light_heightfield(hf, albedo, gloss=gloss, spec=spec, scale=1.1, sss=0.03,
                            light=(-0.8, -0.6, 0.45))
    g = gauss2(n, n, n * 0.4, n * 0.35, n * 0.65)
    return col * (0.3 + 0.9 * g)[..., None]


def droplets_texture(n, seed, base_col, drop_col, ss=2):
    r = np.random.default_rng(seed)
    bg = value_noise(n, n, 40 * ss, seed, octaves=6)
    hf = bg * 3
    col_alb = np.ones((n, n, 3), np.float32) * base_col * (0.6 + 0.6 * bg)[..., None]
    drops = np.zeros((n, n), np.float32)
    dmask = np.zeros((n, n), np.float32)
    y, x = grid(n, n)
    specs = []
    for i in range(40):
        rad = r.uniform(0.1, 1.0) ** 2 * n * 0.075 + n * 0.006
        specs.append((r.uniform(0.08, 0.92) * n, r.uniform(0.08, 0.92) * n, rad))
    specs[0] = (n * 0.47, n * 0.5, n * 0.11)
    specs[1] = (n * 0.62, n * 0.4, n * 0.06)
    for cx, cy, rad in specs:
        x0, x1 = int(max(0, cx - rad - 2)), int(min(n, cx + rad + 2))
        y0, y1 = int(max(0, cy - rad - 2)), int(min(n, cy + rad + 2))
        q = ((x[y0:y1, x0:x1] - cx) ** 2 + (y[y0:y1, x0:x1] - cy) ** 2) / rad ** 2
        dome = np.sqrt(np.clip(1 - q, 0, 1)) * rad * 0.35
        drops[y0:y1, x0:x1] = np.maximum(drops[y0:y1, x0:x1], dome)
        dmask[y0:y1, x0:x1] = np.maximum(dmask[y0:y1, x0:x1], np.clip((1 - q) * rad * 0.3, 0, 1))
    base = light_heightfield(hf, col_alb, gloss=0.1, spec=0.05, scale=1.0)
    drop = light_heightfield(drops, np.ones((n, n, 3)) * drop_col * 0.5, gloss=0.97, spec=3.0,
                             scale=1.0 / ss)
    # dark refractive edge
    drop *= (0.35 + 0.65 * smoothstep(0, 0.5, dmask))[..., None]
    # caustic: light focused on the side away from the light
    caus = blur(np.roll(np.roll(dmask, int(n * 0.01), 0), int(n * 0.01), 1), 2 * ss)
    drop += caus[..., None] * drop_col * 2.5 * blur(drops, 4) [..., None] / (drops.max() + 1e-6) * 4
    out = base * (1 - dmask[..., None]) + drop * dmask[..., None]
    # soft shadows of drops
    sh = blur(np.roll(np.roll(dmask, int(n * 0.012), 0), int(n * 0.01), 1), 4 * ss)
    out *= (1 - 0.35 * sh * (1 - dmask))[..., None]
    g = gauss2(n, n, n * 0.4, n * 0.35, n * 0.6)
    return out * (0.35 + 0.9 * g)[..., None]


def crystals_texture(n, seed, albedo, ss=2, count=900):
    r = np.random.default_rng(seed)
    pts = r.random((count, 2)) * n
    tree = cKDTree(pts)
    y, x = grid(n, n)
    q = np.stack([y.ravel(), x.ravel()], 1)
    d, idx = tree.query(q, k=2)
    edge = (d[:, 1] - d[:, 0]).reshape(n, n)
    idx0 = idx[:, 0].reshape(n, n)
    # each crystal: a random planar facet + bevel at the edge
    gxs = r.normal(0, 0.8, count)
    gys = r.normal(0, 0.8, count)
    hf = (gxs[idx0] * (x - pts[idx0, 1]) + gys[idx0] * (y - pts[idx0, 0])) * 0.4
    hf += np.clip(edge, 0, 6 * ss) * 1.5
    tone = r.uniform(0.7, 1.1, count)[idx0]
    alb = albedo * tone[..., None]
    col = light_heightfield(hf, alb, gloss=0.85, spec=1.2, scale=0.5 / ss, sss=0.12)
    crack = smoothstep(3.0 * ss, 0.0, edge)
    col *= (1 - 0.9 * crack)[..., None]
    sp = (r.random((n, n)) > 0.9993).astype(np.float32)
    col += (blur(sp, 1.0 * ss) * 30)[..., None]
    g = gauss2(n, n, n * 0.4, n * 0.35, n * 0.6)
    return col * (0.35 + 0.9 * g)[..., None]


def u8(img_lin, size, **kw):
    out = finish(img_lin, **kw)
    im = Image.fromarray(out)
    if im.size != size:
        im = im.resize(size, Image.LANCZOS)
    return im
