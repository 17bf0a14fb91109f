"""Reusable product objects and macro textures built on the Studio renderer."""
import math

import numpy as np
from PIL import Image
from scipy import ndimage

from artlib import (Mask, blur, finish, gauss2, grid, lin, over, smoothstep, value_noise)
import salts
from studio import Studio, env_strip, make_label, shade_terms

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


def u8(img_lin, size, **kw):
    out = finish(img_lin, **kw)
    im = Image.fromarray(out)
    if im.size != size:
        im = im.resize(size, Image.LANCZOS)
    return im


# ----------------------------------------------------------------------------
# clear glass apothecary jar of bath salts
# ----------------------------------------------------------------------------

def revolve(xx, yy, cx, ys, rs, k):
    """front-surface geometry of a solid of revolution (as in Studio.solid)"""
    dx = xx - cx
    r_of = lambda v: np.interp(v, ys, rs)
    r0 = r_of(yy)
    nz0 = np.sqrt(np.clip(1 - (dx / np.maximum(r0, 1e-3)) ** 2, 0, 1))
    ysurf = yy - k * r0 * nz0
    for _ in range(2):
        r1 = r_of(ysurf)
        nz1 = np.sqrt(np.clip(1 - (dx / np.maximum(r1, 1e-3)) ** 2, 0, 1))
        ysurf = yy - k * r1 * nz1
    r1 = r_of(ysurf)
    edge = np.clip((r1 - np.abs(dx)) + 0.5, 0, 1)
    vert = np.clip(ysurf - ys[0] + 0.5, 0, 1) * np.clip(ys[-1] - ysurf + 0.5, 0, 1)
    nx = np.clip(dx / np.maximum(r1, 1e-3), -1, 1)
    nz = np.sqrt(np.clip(1 - nx ** 2, 0, 1))
    # slope of the profile -> vertical normal component
    yi = np.arange(int(ys[0]) - 2, int(ys[-1]) + 3, dtype=np.float32)
    drdy = np.gradient(np.interp(yi, ys, rs))
    sl = np.interp(ysurf, yi, drdy)
    c = 1 / np.sqrt(1 + sl ** 2)
    return dict(ysurf=ysurf, r=r1, mask=edge * vert, nx=nx, nz=nz, nxs=nx * c, nzs=nz * c, ny=sl * c)


def jar_profile(base, r, h_body, shoulder, rn, neck, lip):
    """apothecary jar outline (y, r) from the lip down to the base"""
    pts = []
    y_sh = base - h_body                       # where the shoulder starts
    y_nk = y_sh - shoulder                     # shoulder meets the neck
    y_lip = y_nk - neck
    pts += [(y_lip - lip, rn * 1.07), (y_lip - lip * 0.5, rn * 1.09), (y_lip, rn * 1.06), (y_lip + 2, rn)]
    pts += [(y_nk, rn)]
    for i in range(1, 17):
        t = 1 - i / 16
        pts.append((y_sh - shoulder * t, rn + (r - rn) * math.sqrt(max(0.0, 1 - t * t))))
    rb = r * 0.06
    pts += [(base - rb, r)]
    for i in range(1, 7):
        a = i / 6 * math.pi / 2
        pts.append((base - rb + math.sin(a) * rb, r - rb + math.cos(a) * rb))
    ys = np.array([p[0] for p in pts], np.float32)
    rs = np.array([p[1] for p in pts], np.float32)
    return ys, rs, dict(y_sh=y_sh, y_nk=y_nk, y_lip=y_lip, top=y_lip - lip)


def apothecary_jar(st, cx, base, r, lab, seed, k=0.14, grain=(8, 16)):
    """clear glass apothecary jar filled with coarse bath salts, corked. The salts are
    real grains (salts.jar_fill) seen through the glass; the empty shoulder shows the
    scene behind (two thin walls: barely displaced), the back of the shoulder and neck
    and the cork inside the neck; the wall's thickness shows at the silhouette; the thick base mirrors the salts;
    a softbox strip bends over the shoulder, a warm rim runs down the right edge and the
    rolled lip catches the light. r: body radius; grain: salt grain radius range (px)."""
    H, W = st.H, st.W
    ys, rs, info = jar_profile(base, r, h_body=r * 1.526, shoulder=r * 0.395, rn=r * 0.64,
                               neck=r * 0.158, lip=r * 0.074)
    wall = r * 0.034
    y_fill = info["y_sh"] + r * 0.158
    y_bot = base - r * 0.158
    r_in = r - wall
    x0, x1 = int(cx - r - 6), int(cx + r + 6)
    y0, y1 = int(info["top"] - k * r - 6), int(base + k * r + 6)
    box = (x0, y0, x1, y1)
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    g = revolve(xx, yy, cx, ys, rs, k)
    dx = xx - cx
    bg = st.img[y0:y1, x0:x1].copy()
    ysurf, rr, nx, nz = g["ysurf"], g["r"], g["nx"], g["nz"]
    body = g["mask"]
    # inner silhouette (glass wall thickness) and the air / salt regions ------------------
    rin = np.maximum(rr - wall, 1)
    nzi = np.sqrt(np.clip(1 - (dx / rin) ** 2, 0, 1))
    inner = np.clip(rin - np.abs(dx) + 0.5, 0, 1)
    ys_in0 = yy - k * rin * nzi
    rn = r * 0.64
    # the scene behind, seen through the empty shoulder (two thin walls: barely displaced,
    # pulled in towards the edges)
    src_x = cx + dx * (1 - 0.25 * (1 - nz))
    src_y = yy + (1 - nz) * r * 0.053
    refr = np.stack([ndimage.map_coordinates(st.img[..., c], [src_y, src_x], order=1, mode="nearest")
                     for c in range(3)], -1)
    tint = lin((214, 222, 210))
    air = refr * tint * 0.85
    # back wall of the glass: faint mirrored reflection of the softbox
    soft_b, rim_b, _ = env_strip(-nx * 0.9, g["ny"])
    air += (soft_b * 0.05 + rim_b * 0.05)[..., None] * st.warm
    # the back of the shoulder and neck seen through the front glass
    for yl, rl, a in ((info["y_sh"], r_in, 0.05), (info["y_nk"], rn - wall, 0.08)):
        e = (dx / rl) ** 2 + ((yy - yl) / (k * rl)) ** 2
        backl = np.exp(-np.abs(np.sqrt(e) - 1) * rl / 2.0) * (yy < yl)
        air += (backl * a * (0.4 + 0.6 * smoothstep(0.6, -0.6, dx / rl)))[..., None] * st.warm
    # the cork inside the neck
    in_neck = smoothstep(info["y_nk"] + 2, info["y_nk"] - 2, ys_in0) * inner
    air = air * (1 - in_neck[..., None]) + cork_col(yy, xx, cx, rn - wall, seed)[0] * 0.55 * in_neck[..., None]
    # salts
    scol, sbuf = salts.jar_fill(cx, r_in, y_fill, y_bot, k, seed, box, size=grain)
    # column front: inside the inner cylinder, below the (jagged) fill line; top: ellipse
    ys_in = ys_in0
    grains_here = (sbuf["gid"] >= 0).astype(np.float32)
    col_reg = smoothstep(y_fill - 1, y_fill + 1, ys_in) * smoothstep(y_bot + 1, y_bot - 1, ys_in)
    top_reg = np.clip(1 - (dx / r_in) ** 2 - ((yy - y_fill) / (k * r_in)) ** 2, 0, 1) > 0
    salt_a = np.maximum(col_reg, top_reg.astype(np.float32))
    salt_a = np.maximum(salt_a, grains_here * smoothstep(y_bot + 1, y_bot - 1, ys_in))
    salt_a *= inner
    inside = air * (1 - salt_a[..., None]) + scol * 0.92 * salt_a[..., None]
    # the glass wall seen edge-on at the silhouette: dark line + bright inner edge
    wallband = body * (1 - inner)
    wallc = bg * 0.35 + lin((40, 44, 40)) * 0.02
    col = inside * (1 - wallband[..., None]) + wallc * wallband[..., None]
    iline = np.exp(-np.abs(np.abs(dx) - rin) / 1.2) * body
    col += (iline * 0.06)[..., None] * st.warm
    # thick glass base below the salts: it mirrors the salts above (total internal reflection)
    bz = smoothstep(y_bot - 1, y_bot + 3, ysurf) * body
    mir = np.stack([ndimage.map_coordinates(col[..., c], [np.clip(2 * (y_bot - y0) - (yy - y0) - 6, 0, y1 - y0 - 1),
                                                          cx - x0 + dx * 0.9], order=1, mode="nearest")
                    for c in range(3)], -1)
    basec = mir * 0.55 + bg * 0.25
    col = col * (1 - bz[..., None]) + basec * bz[..., None]
    col *= (1 - 0.5 * np.exp(-np.abs(ysurf - y_bot) / 2.0) * body)[..., None]
    col += (np.exp(-np.abs(ysurf - (base - 3)) / 2.0) * body * 0.12)[..., None] * st.warm
    # glass surface: fresnel + softbox strip + warm rim + glints ------------------------
    nxs, ny, nzs = g["nxs"], g["ny"], g["nzs"]
    diff, ndh = shade_terms(nxs, ny, nzs)
    fres = 0.03 + 0.6 * (1 - nzs) ** 5
    col = col * (1 - fres[..., None] * 0.5) + (fres * 0.05)[..., None] * st.warm
    # the softbox: a crisp vertical strip on the body that bends over the shoulder
    zone = smoothstep(info["y_sh"] - 2, info["y_sh"] + r * 0.08, ysurf) * smoothstep(base - r * 0.05, base - r * 0.26, ysurf)
    win = smoothstep(-0.71, -0.67, nx) * smoothstep(-0.43, -0.47, nx) * zone
    fall = 0.55 + 0.45 * smoothstep(base, info["y_sh"], ysurf)
    col += (win * fall * 1.4)[..., None] * np.array([1.0, 0.97, 0.92])
    thin = np.exp(-0.5 * ((nx + 0.3) / 0.012) ** 2) * 0.2 * fall * zone
    col += thin[..., None] * np.array([1.0, 0.97, 0.92])
    shz = smoothstep(info["y_sh"] + 6, info["y_sh"] - 4, ysurf) * smoothstep(info["y_nk"] - 2, info["y_nk"] + 6, ysurf)
    arc = smoothstep(-0.76, -0.7, nx) * smoothstep(-0.5, -0.56, nx) * shz
    col += (arc * 0.9)[..., None] * np.array([1.0, 0.96, 0.9])
    neck = smoothstep(info["y_nk"] + 2, info["y_nk"] - 2, ysurf) * smoothstep(info["y_lip"] - 2, info["y_lip"] + 2, ysurf)
    col += (np.exp(-0.5 * ((nx + 0.58) / 0.05) ** 2) * neck * 0.5)[..., None]
    # warm rim light on the right edge; a glint
    rim = np.exp(-0.5 * ((nx - 0.93) / 0.02) ** 2)
    col += (rim * 0.16)[..., None] * st.warm
    col += (ndh ** 300 * 1.2)[..., None]
    # label (paper on the outside of the glass)
    col = label_on(col, lab, nx, nz, ysurf, base - r * 1.08, base - r * 0.395, 0.8)
    out = bg * (1 - body[..., None]) + col * body[..., None]
    st.img[y0:y1, x0:x1] = out
    # lip: a rolled rim, bright along its front
    for yl, a in ((info["y_lip"], 0.5), (info["top"], 0.35)):
        m = Mask(H, W, 1)
        rl = np.interp(yl, ys, rs)
        m.ellipse(cx, yl, rl, k * rl)
        ring = m.get()
        inner_m = Mask(H, W, 1)
        inner_m.ellipse(cx, yl, rl - 3, k * rl - 2)
        line = np.clip(ring - inner_m.get(), 0, 1)
        yg = np.arange(H, dtype=np.float32)[:, None]
        line *= (0.35 + 0.65 * (yg > yl))
        st.img += (blur(line, 0.8) * a)[..., None] * np.array([1.0, 0.95, 0.86])
    cork(st, cx, info["top"] - r * 0.21, info["top"] + r * 0.021, rn * 0.99, rn * 0.95, k, seed)
    return info


def cork_col(yy, xx, cx, rad, seed):
    """cork colour (linear) on a cylinder of radius rad: granules and dark pores"""
    h, w = yy.shape
    n1 = value_noise(h, w, 3, seed + 11, octaves=3)
    n2 = value_noise(h, w, (2, 6), seed + 12, octaves=2)
    pores = smoothstep(0.72, 0.9, n2) * smoothstep(0.5, 0.8, n1)
    base = lin((168, 124, 82)) * (0.7 + 0.5 * n1)[..., None]
    base *= (1 - 0.6 * pores)[..., None]
    nx = np.clip((xx - cx) / rad, -1, 1)
    nz = np.sqrt(1 - nx ** 2)
    diff, ndh = shade_terms(nx, np.zeros_like(nx), nz)
    return base * (0.08 + 1.0 * diff[..., None]), nx


def cork(st, cx, y_top, y_bot, r_top, r_bot, k, seed):
    """a cork stopper: textured tapered cylinder with its top face"""
    x0, x1 = int(cx - r_top - 4), int(cx + r_top + 4)
    y0, y1 = int(y_top - k * r_top - 4), int(y_bot + k * r_bot + 4)
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    ys = np.array([y_top, y_bot], np.float32)
    rs = np.array([r_top, r_bot], np.float32)
    g = revolve(xx, yy, cx, ys, rs, k)
    col, _ = cork_col(g["ysurf"], xx, cx, g["r"], seed)
    # soft shading under the top edge
    col *= (0.75 + 0.25 * smoothstep(y_top, y_top + (y_bot - y_top) * 0.3, g["ysurf"]))[..., None]
    dx = xx - cx
    capq = (dx / r_top) ** 2 + ((yy - y_top) / (k * r_top)) ** 2
    cap = np.clip((1 - capq) * r_top * 0.3, 0, 1)
    n1 = value_noise(y1 - y0, x1 - x0, 3, seed + 13, octaves=3)
    capc = lin((176, 132, 88)) * (0.6 + 0.5 * n1)[..., None]
    capc *= (0.35 + 0.45 * smoothstep(0.8, -0.8, dx / r_top + (yy - y_top) / (k * r_top) * 0.4))[..., None]
    capc *= (1 - 0.4 * smoothstep(0.75, 1.0, np.sqrt(capq)))[..., None]
    reg = st.img[y0:y1, x0:x1]
    m = g["mask"]
    out = reg * (1 - m[..., None]) + col * m[..., None]
    out = out * (1 - cap[..., None]) + capc * cap[..., None]
    st.img[y0:y1, x0:x1] = out


def label_on(col, label, nx, nz, ysurf, ly0, ly1, angle):
    lab = np.asarray(label, np.float32) / 255.0
    lh, lw = lab.shape[:2]
    th = np.arcsin(np.clip(nx, -1, 1))
    u = (th / angle + 1) / 2 * (lw - 1)
    v = (ysurf - ly0) / max(ly1 - ly0, 1) * (lh - 1)
    inside = (th > -angle) & (th < angle) & (v >= 0) & (v <= lh - 1)
    samp = np.stack([ndimage.map_coordinates(lab[..., c], [np.clip(v, 0, lh - 1), np.clip(u, 0, lw - 1)],
                                             order=1) for c in range(4)], -1)
    a = samp[..., 3] * inside
    a = blur(a, 0.6)
    rgb = samp[..., :3] ** 2.2
    diff, ndh = shade_terms(nx, np.zeros_like(nx), nz)
    soft, rim, floor = env_strip(nx, np.zeros_like(nx))
    metallic = samp[..., 0] > samp[..., 2] * 1.35
    paper = rgb * (0.07 + 1.0 * diff[..., None]) + (soft * 0.1)[..., None]
    foil = rgb * (0.15 + 1.8 * soft + 1.2 * rim + 0.5 * diff)[..., None]
    lc = np.where(metallic[..., None], foil, paper)
    return col * (1 - a[..., None]) + lc * a[..., None]


# ----------------------------------------------------------------------------
# stone bowl of steaming water, wooden scoop
# ----------------------------------------------------------------------------

BASALT = dict(kind="matte", color=lin((62, 58, 54)), gloss=0.3, spec=0.25, ambient=0.05)


def stone_texture(h, w, seed, ss=2):
    """multiplier (h, w) for a honed basalt: soft mottling and pale specks"""
    a = value_noise(h, w, 40 * ss, seed, octaves=6, persistence=0.6)
    r = np.random.default_rng(seed)
    speck = blur((r.random((h, w)) > 0.996).astype(np.float32), 0.7 * ss) * 2.5
    return 0.75 + 0.45 * a + 0.5 * speck


def stone_bowl(st, cx, y_top, R, h, seed, k=0.3, depth=None, ripple=(0.38, -0.1), dissolving=True):
    """a wide basalt bowl of hot water seen from above the front. The water mirrors the
    warm room (more at the back, Fresnel), shows the key light as a long soft highlight,
    rings spreading from where salts were dropped in, and crystals sinking in milky
    plumes. Steam is left to the caller. ripple: centre of the rings in units of R."""
    ss = st.ss
    base = y_top + h
    st.shadow(cx, base, R * 0.62, strength=0.8, length=1.0)
    # a smooth, slightly flared profile: the wall rounds in towards a narrow foot
    prof = [(y_top + h * t, R * (1 - 0.38 * t ** 1.8)) for t in np.linspace(0, 1, 40)]
    m = st.solid(cx, prof, BASALT, k=k, cap=False, alpha_out=True)
    x0, x1 = int(cx - R - 4), int(cx + R + 4)
    y0, y1 = int(y_top - k * R - 4), int(base + k * R * 0.7 + 4)
    tex = stone_texture(y1 - y0, x1 - x0, seed, ss)
    reg = st.img[y0:y1, x0:x1]
    reg *= (1 + (tex - 1) * m[y0:y1, x0:x1])[..., None]
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    u = (xx - cx) / R
    v = (yy - y_top) / (k * R)
    rho = np.sqrt(u * u + v * v)
    t_rim = 0.075
    outer = np.clip((1 - rho) * R * 0.5, 0, 1)
    innr = 1 - t_rim
    inner = np.clip((innr - rho) * R * 0.5, 0, 1)
    # the flat rim: honed stone, lit from the key, a bright front edge
    rimc = lin((70, 66, 61)) * tex[..., None] * (0.25 + 0.5 * smoothstep(0.6, -0.8, u + v * 0.3))[..., None]
    rimc += (np.exp(-np.abs(rho - 1) * R / (1.5 * ss)) * (v > 0) * 0.06)[..., None] * st.warm
    rimc += (np.exp(-np.abs(rho - innr) * R / (1.2 * ss)) * (v < 0) * 0.04)[..., None] * st.warm
    reg[:] = reg * (1 - (outer - inner)[..., None]) + rimc * (outer - inner)[..., None]
    # inside: the back wall down to the water
    depth = depth if depth is not None else h * 0.28
    vw = (yy - y_top - depth) / (k * R * 0.93)
    uw = (xx - cx) / (R * 0.93)
    rw = np.sqrt(uw * uw + vw * vw)
    water = np.clip((1 - rw) * R * 0.5, 0, 1) * inner
    wallc = lin((58, 54, 50)) * tex[..., None] * (0.05 + 0.5 * smoothstep(-0.3, 0.9, u))[..., None]
    wallc *= (0.5 + 0.5 * smoothstep(innr, innr - 0.4, rho))[..., None]
    wallc += (smoothstep(-0.2, 0.8, u) * 0.02)[..., None] * st.warm
    # water: the room reflected (Fresnel: more at the back), the key as a long highlight
    fres = 0.12 + 0.7 * smoothstep(0.8, -1.0, vw)
    room = st.warm * 0.06 * (0.4 + 0.6 * np.exp(-0.5 * ((uw + 0.25) / 0.6) ** 2))[..., None]
    rx_, ry_ = ripple
    du, dv = uw - rx_, (vw - ry_) * 1.0
    dr = np.sqrt(du * du + dv * dv)
    ring = np.sin(dr * 70 - 1.0) * np.exp(-dr / 0.22) * smoothstep(0.0, 0.05, dr)
    ring2 = np.sin(dr * 28) * np.exp(-((dr - 0.45) / 0.18) ** 2) * 0.6
    wave = ring + ring2
    # the softbox mirrored in the water: a soft-edged panel, broken up by the rings
    hu = uw + 0.34 + wave * 0.03
    hv = vw + 0.4 + wave * 0.08
    panel = smoothstep(0.075, 0.035, np.abs(hu)) * smoothstep(0.42, 0.2, np.abs(hv))
    halo = np.exp(-0.5 * ((hu / 0.16) ** 2 + (hv / 0.5) ** 2))
    deep = lin((30, 36, 34)) * 0.18 + lin((120, 128, 118)) * 0.012 * (1 - smoothstep(-0.5, 1.0, vw))[..., None]
    wcol = deep * (1 - fres[..., None]) + room * 0.7 * fres[..., None] * (1 + 0.6 * wave[..., None])
    wcol += (panel * 0.6 + halo * 0.08)[..., None] * np.array([1.0, 0.9, 0.75])
    # ring crests catch the light
    wcol += (np.clip(wave, 0, 1) ** 3 * 0.04 * smoothstep(0.9, -0.6, vw))[..., None] * st.warm
    if dissolving:
        r = np.random.default_rng(seed + 3)
        cloud = value_noise(y1 - y0, x1 - x0, 14 * ss, seed + 4, octaves=4)
        for i in range(7):
            pu = rx_ + r.normal(0, 0.06)
            pv = ry_ + r.normal(0, 0.1) + 0.05
            sz = r.uniform(0.006, 0.014)
            g = np.exp(-0.5 * (((uw - pu) / sz) ** 2 + ((vw - pv) / (sz * 2.0)) ** 2))
            plume = np.exp(-0.5 * (((uw - pu) / (sz * 5)) ** 2 + ((vw - pv - 0.08) / (sz * 12)) ** 2))
            wcol += (g * 0.08 + plume * 0.02 * cloud)[..., None] * lin((236, 230, 222))
    # inner shadow of the rim on the water (key from the left)
    rim_sh = smoothstep(0.55, 1.0, rw) * smoothstep(0.2, -0.6, uw)
    wcol *= (1 - 0.5 * rim_sh)[..., None]
    ins = wallc * (1 - water[..., None]) + wcol * water[..., None]
    reg[:] = reg * (1 - inner[..., None]) + ins * inner[..., None]
    st.img[y0:y1, x0:x1] = reg
    return dict(water_y=y_top + depth, R=R * 0.93, k=k)


def scoop(st, cx, cy, rx, ang, length, seed, k=0.42):
    """a small turned-wood scoop lying on the table: an oval bowl (centre cx, cy,
    half-width rx, seen squashed by k) and a handle leaving at angle ang (radians)."""
    H, W = st.H, st.W
    ss = st.ss
    ry = rx * k
    ca, sa = math.cos(ang), math.sin(ang)
    # handle polygon, tapering, from the bowl's edge outwards
    hx0, hy0 = cx + ca * rx * 0.85, cy + sa * ry * 0.85
    hx1, hy1 = cx + ca * (rx + length), cy + sa * (ry + length * k * 1.2)
    nx, ny = -(hy1 - hy0), hx1 - hx0
    ln = math.hypot(nx, ny)
    nx, ny = nx / ln, ny / ln
    w0, w1 = rx * 0.22, rx * 0.15
    hm = Mask(H, W, 2)
    hm.poly([(hx0 + nx * w0, hy0 + ny * w0), (hx1 + nx * w1, hy1 + ny * w1),
             (hx1 - nx * w1, hy1 - ny * w1), (hx0 - nx * w0, hy0 - ny * w0)])
    hm.ellipse(hx1, hy1, w1, w1 * 0.9)
    handle = hm.get()
    bm = Mask(H, W, 2)
    bm.ellipse(cx, cy + ry * 0.35, rx * 1.02, ry * 1.25)
    bm.ellipse(cx, cy, rx, ry)
    bowl_m = bm.get()
    a = np.maximum(handle, bowl_m)
    # shadow on the table
    sh = blur(np.roll(np.roll(a, int(rx * 0.12), 0), int(rx * 0.2), 1), rx * 0.12)
    st.img *= (1 - 0.6 * sh)[..., None]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    along = (xx - hx0) * ca + (yy - hy0) * sa
    grain = value_noise(H, W, (3 * ss, 60 * ss), seed, octaves=4)
    grain = ndimage.rotate(grain, -math.degrees(ang), reshape=False, mode="reflect")
    wood = lin((150, 98, 56)) * (0.65 + 0.55 * grain)[..., None]
    # handle: rounded, lit along its upper-left edge
    dist = (xx - hx0) * nx + (yy - hy0) * ny
    wid = np.maximum(w0 + (w1 - w0) * np.clip(along / max(length, 1), 0, 1), 1)
    cr = np.clip(dist / wid, -1, 1)
    hshade = 0.15 + 0.8 * smoothstep(1.0, -0.6, cr * np.sign(ny + 1e-6)) + 0.25 * np.exp(-((cr + 0.4) / 0.2) ** 2)
    # bowl: outer wall lit on the left; the rim; inside shaded at the upper left
    u = (xx - cx) / rx
    v = (yy - cy) / ry
    rr = np.sqrt(u * u + v * v)
    outer_shade = 0.2 + 0.7 * smoothstep(0.6, -0.8, u)
    inside = np.clip((0.9 - rr) * rx * 0.5, 0, 1)
    rim = np.clip((1 - rr) * rx * 0.5, 0, 1) - inside
    in_shade = 0.12 + 0.6 * smoothstep(-0.6, 0.8, u + v * 0.4)
    col = wood * np.where(bowl_m > 0.01, outer_shade, hshade)[..., None]
    col = col * (1 - rim[..., None]) + wood * 1.1 * (0.5 + 0.4 * smoothstep(0.5, -0.5, v))[..., None] * rim[..., None]
    col = col * (1 - inside[..., None]) + wood * in_shade[..., None] * 0.8 * inside[..., None]
    col += (np.exp(-np.abs(rr - 0.95) * rx / (1.0 * ss)) * (v > 0) * bowl_m * 0.05)[..., None] * st.warm
    over(st.img, col, a)
    return dict(cx=cx, cy=cy, rx=rx * 0.88, ry=ry * 0.88)


# ----------------------------------------------------------------------------
# a lit candle seen from above
# ----------------------------------------------------------------------------

def candle_from_above(st, cx, cy, R, vessel, wax, seed, *, q=0.9, tilt=0.34, height=1.25,
                      burn=0.26, pool=0.64, flame=1.0):
    """a burning container candle seen from high above the front (camera ~70 degrees up).
    Ray-cast against the vessel: the rim, the back inner wall down to the wax, the front
    outer wall, and the wax top: a glossy melt pool mirroring the flame (a streak below the
    wick) with a bright meniscus, solid wax glowing with the light it scatters, the crescent
    shadow the rim throws across the wax from the key, the curled wick with its ember and
    the flame, foreshortened. R: outer radius (px); q: how round the rim looks; tilt: how
    far a point one radius deeper drops on screen; height, burn: vessel height and wax depth
    below the rim (radii); pool: melt pool radius (of the inner radius); flame: its height."""
    H, W = st.H, st.W
    ss = st.ss
    kind = vessel["kind"]
    vcol = np.array(vessel["color"], np.float32)
    waxc = lin(wax)
    fire = lin((255, 168, 80))
    Ri = 0.92
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    X = (xx - cx) / R
    Y = (yy - cy) / R
    persp = lambda t: 1.0 / (1.0 + 0.12 * t)

    def inside(rho, t):
        s = persp(t)
        return (X / (rho * s)) ** 2 + ((Y - tilt * t * s) / (q * rho * s)) ** 2

    # key light direction in the candle's frame: x right, y up, z towards the camera
    Lk = np.array([-0.55, 0.7, -0.45])
    Lk /= np.linalg.norm(Lk)
    # --- table: cast shadow of the vessel and candle light spilling round it
    sm = Mask(H, W, 1)
    for t in np.linspace(0, 1, 24):
        bx = cx + (-Lk[0] / Lk[1]) * height * R * t
        by = cy + (tilt * height + (-Lk[2] / Lk[1]) * height * t * q * -1) * R
        sm.ellipse(bx, by, R * persp(height), R * q * persp(height))
    sh = blur(sm.get(), R * 0.1)
    st.img *= (1 - 0.75 * sh)[..., None]
    base_y = cy + tilt * height * R * persp(height)
    spill = gauss2(H, W, cx, base_y, R * 1.5, R * 1.35)
    st.img += (spill * (0.05 if kind == "glass" else 0.02))[..., None] * (vcol if kind == "glass" else fire)
    # --- geometry
    outer0 = inside(1.0, 0)
    inner0 = inside(Ri, 0)
    a_outer = np.clip((1 - np.sqrt(outer0)) * R * 0.5, 0, 1)
    a_inner = np.clip((1 - np.sqrt(inner0)) * R * 0.5, 0, 1)
    # outer wall: first depth at which the pixel falls inside the outer circle
    ts = np.linspace(0, height, 48)
    t_out = np.full((H, W), -1.0, np.float32)
    for t in ts[::-1]:
        t_out = np.where(inside(1.0, t) < 1, t, t_out)
    wall_vis = (t_out >= 0).astype(np.float32)
    a_wall = np.clip(blur(wall_vis, 0.7), 0, 1)
    # inner wall: depth at which the pixel leaves the inner circle (else it sees the wax)
    ti = np.linspace(0, burn, 40)
    t_in = np.full((H, W), burn, np.float32)
    for t in ti[::-1]:
        t_in = np.where(inside(Ri, t) >= 1, t, t_in)
    a_wax = np.clip((1 - np.sqrt(inside(Ri, burn))) * R * 0.5, 0, 1)
    # --- outer wall shading
    s_o = persp(t_out)
    phi_o = np.arctan2((Y - tilt * t_out * s_o) / (q * s_o), X / s_o)
    n_dot_k = np.cos(phi_o) * Lk[0] + np.sin(phi_o) * Lk[2]
    down = np.clip(t_out / height, 0, 1)
    if kind == "glass":
        # the wax seen through the glass: glowing near the flame, dimmer lower down
        tintg = vcol ** 0.6
        glowv = np.exp(-np.clip(t_out - burn, 0, None) / 0.3) * smoothstep(burn * 0.6, burn * 1.1, t_out)
        wallc = waxc * tintg * fire ** 0.5 * (0.04 + 0.5 * glowv)[..., None]
        wallc += tintg * (0.02 * np.clip(n_dot_k, 0, 1))[..., None]
        # thicker glass at the edges reads darker, the key leaves a soft streak at the left
        edgev = np.abs(np.cos(phi_o))
        wallc *= (1 - 0.5 * edgev ** 4)[..., None]
        wallc += (np.exp(-0.5 * ((np.cos(phi_o) + 0.62) / 0.07) ** 2) * 0.25 * (1 - down))[..., None] * np.array([1.0, 0.93, 0.82])
    else:
        wallc = vcol * (0.04 + 0.6 * np.clip(n_dot_k + 0.2, 0, 1))[..., None]
        wallc += (np.exp(-0.5 * ((np.cos(phi_o) + 0.55) / 0.12) ** 2) * vessel.get("spec", 0.4) * 0.08)[..., None]
    wallc *= (1 - 0.5 * down)[..., None]
    # --- rim top
    rim_t = (np.sqrt(outer0) - Ri) / (1 - Ri)
    phi_r = np.arctan2(Y / q, X)
    key_r = np.clip(-(np.cos(phi_r) * 0.55 + np.sin(phi_r) * 0.45), 0, 1)
    if kind == "glass":
        rimc = vcol ** 0.6 * fire ** 0.5 * 0.18 + vcol * 0.1 * key_r[..., None]
        rimc += (np.exp(-0.5 * ((rim_t - 0.5) / 0.16) ** 2) * (0.15 + key_r ** 3) * 0.7)[..., None] * np.array([1.0, 0.93, 0.82])
    else:
        rimc = vcol * (0.08 + 0.75 * key_r)[..., None]
        rimc += vcol * fire * (0.25 * smoothstep(0.6, 0.0, rim_t))[..., None]
        rimc += (np.exp(-0.5 * ((rim_t - 0.45) / 0.22) ** 2) * key_r ** 3 * vessel.get("spec", 0.4) * 1.2)[..., None]
    # --- inner wall: lit by the flame (falls off with distance), the key crescent
    yf = burn - flame * 0.45                       # flame centre depth (radii, + = down)
    s_i = persp(t_in)
    phi_i = np.arctan2((Y - tilt * t_in * s_i) / (q * s_i), X / s_i)
    dist2 = Ri ** 2 + (t_in - yf) ** 2
    irr = Ri / dist2 ** 1.5
    if kind == "glass":
        innc = vcol ** 0.6 * fire ** 0.5 * (0.12 * irr)[..., None] + vcol * 0.02
    else:
        innc = vcol * fire * (0.4 * irr)[..., None]
    innc *= (0.55 + 0.45 * smoothstep(0.0, burn, t_in))[..., None]
    # key light on the wall facing it, unless the rim shades it
    px_, pz_ = Ri * np.cos(phi_i), Ri * np.sin(phi_i)
    lam = t_in / Lk[1]
    exit_r = np.sqrt((px_ + lam * Lk[0]) ** 2 + (pz_ + lam * Lk[2]) ** 2)
    lit_i = np.clip(-(np.cos(phi_i) * Lk[0] + np.sin(phi_i) * Lk[2]), 0, 1) * (exit_r < Ri * 0.999)
    innc += vcol * (0.25 * lit_i)[..., None]
    # --- wax top
    s_w = persp(burn)
    wu = X / s_w
    wv = (Y - tilt * burn * s_w) / (q * s_w)
    wr = np.sqrt(wu ** 2 + wv ** 2) / Ri
    rp = pool + 0.03 * (value_noise(H, W, R * 0.25, seed + 5, octaves=2) - 0.5)
    poolm = smoothstep(rp + 0.012, rp - 0.012, wr)
    tex = value_noise(H, W, R * 0.12, seed + 6, octaves=3)
    # solid wax: translucent, glowing with the flame near the pool, darker into the corner
    glow_w = np.exp(-np.clip(wr - rp, 0, None) / 0.16)
    solid = waxc * (0.05 + 0.02 * tex)[..., None] + waxc * fire ** 0.7 * ((0.44 + 0.03 * tex) * glow_w)[..., None]
    solid *= (0.55 + 0.45 * smoothstep(1.0, 0.8, wr))[..., None]
    # the pool: liquid wax, darker and golden, mirroring the room and the flame
    depth_c = smoothstep(rp, 0.0, wr)
    liquid = waxc * fire * (0.3 + 0.4 * depth_c)[..., None] * lin((255, 200, 120))
    liquid *= (0.7 + 0.3 * smoothstep(-0.6, 0.3, wv))[..., None]
    # the softbox at the left mirrored as a soft sheen
    sheen = np.exp(-0.5 * (((wu + 0.3) / 0.1) ** 2 + ((wv + 0.22) / 0.2) ** 2))
    liquid += (sheen * 0.12)[..., None] * np.array([1.0, 0.92, 0.8])
    # flame mirrored: a streak below the wick, and the wick's reflection
    fl = flame * 0.45
    refl = np.exp(-0.5 * ((wu / 0.032) ** 2 + ((wv - fl * 0.4 - 0.04) / (fl * 0.26)) ** 2))
    liquid += (refl * 2.2)[..., None] * lin((255, 228, 180))
    liquid += (np.exp(-0.5 * ((wu / 0.16) ** 2 + ((wv - 0.08) / 0.3) ** 2)) * 0.25)[..., None] * fire
    # the rim of the vessel dimly mirrored near the pool's back edge
    liquid *= (1 - 0.25 * smoothstep(0.4, 0.95, wr / rp) * smoothstep(0.1, -0.3, wv))[..., None]
    # meniscus: bright line where the pool meets solid wax
    men = np.exp(-np.abs(wr - rp) / 0.006) * 0.5 + np.exp(-np.abs(wr - rp + 0.015) / 0.01) * 0.2
    waxtop = solid * (1 - poolm[..., None]) + liquid * poolm[..., None]
    waxtop += (men * (0.5 + 0.5 * smoothstep(0.3, -0.3, wv)))[..., None] * waxc * fire * 0.6
    # rim shadow from the key: a crescent at the upper left of the wax
    lam_w = burn / Lk[1]
    ex_r = np.sqrt((wu + lam_w * Lk[0]) ** 2 + (wv + lam_w * Lk[2]) ** 2)
    shadow_w = smoothstep(Ri * 0.96, Ri * 1.04, ex_r)
    waxtop *= (1 - 0.35 * shadow_w)[..., None]
    # ambient occlusion into the corner with the wall
    waxtop *= (0.6 + 0.4 * smoothstep(1.0, 0.9, wr))[..., None]
    # --- composite: wall, rim, inner wall / wax
    img = st.img
    img[:] = img * (1 - (a_wall * (1 - a_outer))[..., None]) + wallc * (a_wall * (1 - a_outer))[..., None]
    ring = a_outer - a_inner
    img[:] = img * (1 - ring[..., None]) + rimc * ring[..., None]
    inn = innc * (1 - a_wax[..., None]) + waxtop * a_wax[..., None]
    img[:] = img * (1 - a_inner[..., None]) + inn * a_inner[..., None]
    # a thin bright line along the inner lip
    lip = np.exp(-np.abs(np.sqrt(inner0) - 1) * R * Ri / (0.9 * ss)) * a_outer
    img += (lip * (0.05 + 0.12 * smoothstep(0.2, -0.5, Y)))[..., None] * (fire if kind == "glass" else st.warm)
    # --- the wick (curled, charred, an ember at the tip) and the flame
    wx, wy = cx, cy + tilt * burn * s_w * R
    wl = R * 0.07
    # the wick's shadow on the pool (from the flame it is lit from above; the key throws it)
    wsh = Mask(H, W, 2)
    wsh.line([(wx, wy), (wx + wl * 0.7, wy + wl * 0.3)], R * 0.02)
    img *= (1 - 0.35 * blur(wsh.get(), R * 0.01))[..., None]
    wm = Mask(H, W, 2)
    wm.line([(wx, wy), (wx + wl * 0.1, wy - wl * 0.55), (wx + wl * 0.45, wy - wl * 0.95)], R * 0.016)
    over(img, lin((16, 11, 8)), wm.get() * 0.95)
    img += (gauss2(H, W, wx + wl * 0.45, wy - wl * 0.95, R * 0.012) * 2.0)[..., None] * lin((255, 110, 40))
    fh = flame * R * 0.34 * 0.8                     # flame height on screen (foreshortened)
    fx, fy = wx + wl * 0.25, wy - wl * 0.75
    x0, x1 = int(fx - R * 0.2), int(fx + R * 0.2)
    y0, y1 = int(fy - fh * 2.2), int(fy + fh * 0.8)
    fyy, fxx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    tt = (fy - fyy) / fh                              # 0 at the base .. 1 at the tip
    prof = R * 0.065 * np.clip(tt * 2.2 + 0.35, 0, 1) ** 0.6 * np.clip(1 - tt, 0, 1) ** 0.55
    d = np.abs(fxx - fx) / np.maximum(prof, 1e-3)
    ins = np.clip(1 - d, 0, 1) * (tt > -0.3) * (tt < 1)
    body = smoothstep(0.0, 0.4, ins)
    core = smoothstep(0.3, 0.9, ins) * np.exp(-((tt - 0.25) / 0.35) ** 2)
    blue = smoothstep(0.0, 0.5, ins) * np.exp(-((tt + 0.05) / 0.12) ** 2)
    fcol = (body[..., None] * lin((255, 150, 50)) * 3.0 + core[..., None] * lin((255, 238, 200)) * 7.0
            + blue[..., None] * lin((70, 100, 255)) * 0.5)
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - body[..., None] * 0.85) + fcol
    gy = fy - fh * 0.4
    img += (gauss2(H, W, fx, gy, R * 0.07, R * 0.09) * 0.5 + gauss2(H, W, fx, gy, R * 0.3) * 0.12
            + gauss2(H, W, fx, gy, R * 1.2) * 0.05)[..., None] * fire
    return dict(base_y=base_y)
