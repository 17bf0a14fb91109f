"""Coarse salt: faceted crystal grains z-buffered into a heightfield and shaded
as translucent crystals (frosted and clear parts, refraction of what lies
beneath, back edges seen through the crystal, soft highlights and glints).

Used for the Hot Spring Mineral Soak: the macro close-up, the salts seen
through the glass jar, and the heaps in the scoop and on the table.
"""
import math

import numpy as np
from scipy import ndimage

from artlib import blur, bokeh, gauss2, lin, smoothstep, value_noise

SALT_WHITE = [(244, 240, 234), (236, 232, 226), (226, 222, 216), (248, 244, 238)]
SALT_PINK = [(242, 204, 204), (236, 190, 190), (246, 218, 214), (232, 178, 178)]


def grains(n, region, size, seed, pink=0.15, z=(0.0, 1.0), scale_fn=None, clear=0.3,
           jitter=False, inside=None):
    """n random grain specs (dicts) with centres in region (x0, y0, x1, y1).
    size: (min, max) radius in px, times scale_fn(x, y) if given (perspective).
    z: range of the grain's base height, in units of its radius (stacking).
    pink: share of pink Himalayan grains; clear: mean clarity (0 frosted .. 1 glassy).
    jitter: a jittered grid (even coverage) instead of uniform random centres.
    inside(x, y) -> bool keeps only the grains whose centre passes."""
    r = np.random.default_rng(seed)
    x0, y0, x1, y1 = region
    g = []
    if jitter:
        k = int(math.ceil(math.sqrt(n * (x1 - x0) / (y1 - y0))))
        m = int(math.ceil(n / k))
        cells = [((i + r.random()) / k, (j + r.random()) / m) for j in range(m) for i in range(k)]
        pos = [(x0 + u * (x1 - x0), y0 + v * (y1 - y0)) for u, v in cells]
    else:
        pos = [(r.uniform(x0, x1), r.uniform(y0, y1)) for _ in range(n)]
    for cx, cy in pos:
        if inside is not None and not inside(cx, cy):
            continue
        s = r.uniform(*size) * (scale_fn(cx, cy) if scale_fn else 1.0)
        cube = r.random() < 0.45
        if cube:
            k = 4
            a0 = r.uniform(0, math.pi / 2)
            angs = a0 + np.arange(4) * math.pi / 2 + r.normal(0, 0.12, 4)
            rad = s * r.uniform(0.85, 1.0, 4)
            asp = r.uniform(0.7, 1.0)
        else:
            k = int(r.integers(5, 9))
            angs = np.linspace(0, 2 * math.pi, k, endpoint=False) + r.uniform(0, 6.3) + r.normal(0, 0.25, k)
            rad = s * r.uniform(0.6, 1.0, k)
            asp = r.uniform(0.55, 1.0)
        rot = r.uniform(0, math.pi)
        px = np.cos(angs) * rad
        py = np.sin(angs) * rad * asp
        vx = cx + px * math.cos(rot) - py * math.sin(rot)
        vy = cy + px * math.sin(rot) + py * math.cos(rot)
        pinkish = r.random() < pink
        pal = SALT_PINK if pinkish else SALT_WHITE
        col = np.array(pal[r.integers(len(pal))], np.float32)
        if pinkish:
            col = col * r.uniform(0.9, 1.05)
        g.append(dict(vx=vx, vy=vy, cx=cx, cy=cy, s=s,
                      z0=r.uniform(*z) * s,
                      top=s * r.uniform(0.3, 0.6),
                      tilt=r.normal(0, 0.22, 2),
                      slopes=np.tan(np.radians(r.uniform(58, 80, len(vx)))),
                      albedo=lin(tuple(np.clip(col, 0, 255))),
                      clear=float(np.clip(r.normal(clear, 0.25), 0, 1)),
                      ghost=(r.normal(0.3, 0.08), r.normal(0.3, 0.08)),
                      pink=pinkish, seed=int(r.integers(1 << 30))))
    return g


def raster(H, W, grains, base=None):
    """z-buffer the faceted grains (each a convex polygon extruded into a flat-topped
    crystal with steep bevelled sides). base: optional heightfield under them.
    Returns per-pixel buffers: height, grain / facet ids, facet slopes, normalised
    thickness, distance to the grain outline and to its shifted 'back edge'."""
    Hb = np.full((H, W), -1e9, np.float32) if base is None else base.astype(np.float32).copy()
    gid = np.full((H, W), -1, np.int32)
    fid = np.full((H, W), -1, np.int32)
    sx = np.zeros((H, W), np.float32)
    sy = np.zeros((H, W), np.float32)
    thick = np.zeros((H, W), np.float32)
    edge = np.zeros((H, W), np.float32)
    ghost = np.zeros((H, W), np.float32)
    for i, g in enumerate(grains):
        vx, vy = g["vx"], g["vy"]
        xa, xb = int(max(0, math.floor(vx.min()))), int(min(W, math.ceil(vx.max()) + 1))
        ya, yb = int(max(0, math.floor(vy.min()))), int(min(H, math.ceil(vy.max()) + 1))
        if xb <= xa or yb <= ya:
            continue
        yy, xx = np.mgrid[ya:yb, xa:xb].astype(np.float32)
        k = len(vx)
        # polygon orientation
        area = 0.5 * np.sum(vx * np.roll(vy, -1) - np.roll(vx, -1) * vy)
        sgn = 1.0 if area > 0 else -1.0
        planes_h = []
        grads = []
        dmin = np.full(xx.shape, 1e9, np.float32)
        dmin2 = np.full(xx.shape, 1e9, np.float32)
        ox, oy = g.get("ghost", (0.0, 0.0))
        for j in range(k):
            ax, ay = vx[j], vy[j]
            bx, by = vx[(j + 1) % k], vy[(j + 1) % k]
            ex, ey = bx - ax, by - ay
            ln = math.hypot(ex, ey) + 1e-6
            # inward normal
            nx, ny = -ey / ln * sgn, ex / ln * sgn
            d = (xx - ax) * nx + (yy - ay) * ny
            dmin = np.minimum(dmin, d)
            dmin2 = np.minimum(dmin2, d + (ox * nx + oy * ny) * g["s"])
            s = g["slopes"][j]
            planes_h.append(g["z0"] + d * s)
            grads.append((nx * s, ny * s))
        tx, ty = g["tilt"]
        planes_h.append(g["z0"] + g["top"] + tx * (xx - g["cx"]) + ty * (yy - g["cy"]))
        grads.append((tx, ty))
        P = np.stack(planes_h)
        hmin = P.min(0)
        fi = P.argmin(0)
        inside = dmin > 0
        cur = Hb[ya:yb, xa:xb]
        win = inside & (hmin > cur)
        if not win.any():
            continue
        cur[win] = hmin[win]
        gr = np.array(grads, np.float32)
        sx[ya:yb, xa:xb][win] = gr[fi[win], 0]
        sy[ya:yb, xa:xb][win] = gr[fi[win], 1]
        gid[ya:yb, xa:xb][win] = i
        fid[ya:yb, xa:xb][win] = i * 16 + fi[win]
        thick[ya:yb, xa:xb][win] = (hmin - g["z0"])[win] / max(g["top"], 1)
        edge[ya:yb, xa:xb][win] = dmin[win] / g["s"]
        ghost[ya:yb, xa:xb][win] = dmin2[win] / g["s"]
    return dict(H=Hb, gid=gid, fid=fid, sx=sx, sy=sy, thick=thick, edge=edge, ghost=ghost)


def shift(a, dy, dx, fill):
    """a shifted by (dy, dx) pixels, uncovered parts set to fill"""
    out = np.full_like(a, fill)
    h, w = a.shape
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = a[ys, xs]
    return out


def sample(img, ys, xs):
    return np.stack([ndimage.map_coordinates(img[..., c], [ys, xs], order=1, mode="nearest")
                     for c in range(3)], -1)


def shade(buf, grains, under, light=(-0.62, -0.62, 0.48), key=(255, 232, 202), fill=(150, 104, 70),
          shadow_steps=48, shadow_len=120, seed=0, refr=40.0, scale=1.0):
    """colour (linear) of the rastered grains; `under` (H, W, 3) shows in the gaps and,
    refracted, through the clear parts. light: direction to the key (x right, y down,
    z up to the camera). scale: size of the inner detail (px per unit)."""
    Hh, W = buf["H"].shape
    Hb, gid, fid = buf["H"], buf["gid"], buf["fid"]
    has = gid >= 0
    hasf = has.astype(np.float32)
    L = np.array(light, np.float32)
    L /= np.linalg.norm(L)
    nx, ny = -buf["sx"], -buf["sy"]
    ln = np.sqrt(nx ** 2 + ny ** 2 + 1)
    nx, ny, nz = nx / ln, ny / ln, 1 / ln
    ndl = nx * L[0] + ny * L[1] + nz * L[2]
    wrap = np.clip((ndl + 0.3) / 1.3, 0, 1)
    Hv = L + np.array([0, 0, 1.0])
    Hv /= np.linalg.norm(Hv)
    ndh = np.clip(nx * Hv[0] + ny * Hv[1] + nz * Hv[2], 0, 1)
    n = len(grains)
    alb = np.array([g["albedo"] for g in grains], np.float32).reshape(-1, 3)
    clr = np.array([g["clear"] for g in grains], np.float32)
    gi = np.clip(gid, 0, n - 1)
    A = alb[gi]
    C = clr[gi] * hasf
    # heightfield shadows (grains let some light through)
    lxy = np.array([L[0], L[1]])
    lxy /= np.linalg.norm(lxy)
    tanE = L[2] / math.hypot(L[0], L[1])
    occl = np.zeros_like(Hb)
    for t in np.linspace(1.5, shadow_len, shadow_steps):
        dx, dy = int(round(lxy[0] * t)), int(round(lxy[1] * t))
        sh = shift(Hb, -dy, -dx, Hb.min())
        occl = np.maximum(occl, np.clip((sh - Hb - t * tanE) / 3.0, 0, 1))
    occl = blur(occl, 2.0 * scale)
    lightv = 1 - 0.7 * occl
    ao = np.clip(1 - (blur(Hb, 14 * scale) - Hb) / (50.0 * scale), 0.3, 1)
    ao *= np.clip(1 - (blur(Hb, 40 * scale) - Hb) / (110.0 * scale), 0.35, 1)
    keyc = lin(key)
    fillc = lin(fill)
    cloud = value_noise(Hh, W, 22 * scale, seed + 1, octaves=4)
    veins = value_noise(Hh, W, (5 * scale, 50 * scale), seed + 2, octaves=3)
    frac = smoothstep(0.8, 0.96, veins)
    thick = np.clip(buf["thick"], 0, 1)
    edge = buf["edge"]
    inner = smoothstep(0.0, 0.3, edge)
    # light reaching the grain, smoothed: it scatters inside the crystal
    lsm = blur(lightv * hasf, 8 * scale) / np.maximum(blur(hasf, 8 * scale), 1e-3)
    Ab = A ** 1.5
    # frosted (cloudy) parts scatter light; clear parts show what lies beneath, refracted
    frost = smoothstep(C - 0.25, C + 0.25, cloud)
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    refr_img = sample(under, yy + ny * refr * scale, xx + nx * refr * scale)
    sss = (0.25 + 0.75 * lsm) * (0.5 + 0.5 * thick) * (0.6 + 0.4 * inner)
    frosted = A * keyc * (wrap * lightv * 0.35)[..., None] + Ab * keyc * (sss * 0.5)[..., None]
    clear = refr_img * Ab * 1.2 + Ab * keyc * (sss * 0.16 + wrap * lightv * 0.08)[..., None]
    body = clear * (1 - frost[..., None]) + frosted * frost[..., None]
    body += A * fillc * 0.04
    # back edges seen through the crystal
    gh = buf["ghost"]
    gline = smoothstep(0.03, 0.0, np.abs(gh - 0.1)) * inner
    gdark = smoothstep(0.1, 0.02, gh) * hasf
    body *= (1 - (0.3 * gdark)[..., None])
    body += (gline * (0.06 + 0.22 * (1 - frost)) * (0.4 + 0.6 * lsm))[..., None] * keyc * Ab
    body += (frac * 0.4 * lsm * inner * (1 - 0.5 * frost))[..., None] * keyc * A
    # transmitted light escaping at the edge away from the key
    trans = smoothstep(0.0, 0.05, edge) * smoothstep(0.2, 0.05, edge) * lsm
    body += (trans * 0.3)[..., None] * Ab * keyc
    # reflections: soft highlights on faces turned to the key, sharp glints, fresnel on steep faces
    rr = np.random.default_rng(seed + 3)
    spark = rr.random(int(fid.max()) + 2).astype(np.float32)
    sp = spark[np.clip(fid, 0, None)] * hasf
    glint = smoothstep(0.93, 0.99, sp) * smoothstep(0.55, 0.9, ndh) * (0.5 + 0.5 * frost)
    spec = (ndh ** 24 * 0.25 + ndh ** 200 * 2.2 + glint * 0.9) * lightv
    fres = (1 - nz) ** 2 * 0.25 * lsm
    body += (spec + fres)[..., None] * keyc
    f = fid
    ridge = ((f != np.roll(f, 1, 0)) | (f != np.roll(f, 1, 1))) & has
    same = (gid == np.roll(gid, 1, 0)) & (gid == np.roll(gid, 1, 1))
    ridge = blur((ridge & same).astype(np.float32), 0.9)
    body += (ridge * 0.35 * lsm * (0.4 + wrap))[..., None] * keyc * A
    body *= (1 - 0.35 * smoothstep(0.035, 0.0, edge))[..., None]
    body *= ao[..., None]
    return np.where(has[..., None], body, under)


def dof(col, coc, levels=(0, 2, 4, 7, 11)):
    """depth of field: blur col by a per-pixel sigma coc (px), blending a few blur levels"""
    out = np.zeros_like(col)
    stack = [blur(col, l) if l else col for l in levels]
    c = np.clip(coc, levels[0], levels[-1])
    for i in range(len(levels) - 1):
        l0, l1 = levels[i], levels[i + 1]
        t = np.clip((c - l0) / (l1 - l0), 0, 1)
        w0 = np.where((c >= l0) & (c <= l1), 1 - t, 0)
        w1 = np.where((c >= l0) & (c <= l1), t, 0)
        if i > 0:
            w0 = np.where(c == l0, 0, w0)   # counted in the previous interval
        out += stack[i] * w0[..., None] + stack[i + 1] * w1[..., None]
    return out


def macro(n, seed, exposure_pool=(0.4, 0.45, 0.46)):
    """close-up of a bed of coarse salt with pink Himalayan flecks, lit by a warm raking
    key from the upper left, shallow depth of field (n x n, linear colour)."""
    def persp(x, y):
        return 0.5 + 0.8 * (y / n)
    sc = n / 1600
    R = (-60 * sc, -60 * sc, n + 60 * sc, n + 60 * sc)
    gr = []
    gr += grains(1200, R, (30 * sc, 66 * sc), seed, z=(0.0, 0.3), scale_fn=persp, pink=0.12,
                 clear=0.45, jitter=True)
    gr += grains(520, R, (40 * sc, 90 * sc), seed + 1, z=(0.3, 0.7), scale_fn=persp, pink=0.12,
                 clear=0.45)
    gr += grains(120, R, (60 * sc, 120 * sc), seed + 2, z=(0.7, 1.1), scale_fn=persp, pink=0.15,
                 clear=0.45)
    buf = raster(n, n, gr, base=np.zeros((n, n)))
    under = np.zeros((n, n, 3), np.float32) + lin((84, 60, 42)) * 0.1
    col = shade(buf, gr, under, scale=1.6 * sc, shadow_len=120 * sc, refr=40 * sc, seed=seed)
    # light diffusing through the bed lights the gaps; clear grains show it refracted
    under = under + blur(col, 10 * sc) * 0.55
    col = shade(buf, gr, under, scale=1.6 * sc, shadow_len=120 * sc, refr=40 * sc, seed=seed)
    y = np.arange(n, dtype=np.float32)[:, None]
    px, py, ps = exposure_pool
    g = gauss2(n, n, n * px, n * py, n * ps)
    col *= (0.08 + 1.25 * g)[..., None]
    col *= (0.35 + 0.65 * smoothstep(0, n * 0.45, y))[..., None]
    col *= (1 - 0.3 * smoothstep(n * 0.7, n, y))[..., None]
    coc = np.clip((np.abs(y - n * 0.55) / n - 0.12) * 30, 0, 11) * sc
    coc = np.broadcast_to(coc, (n, n))
    col = dof(col, coc, levels=tuple(l * sc for l in (0, 2, 4, 7, 11)))
    # out-of-focus glints in the far salt turn into soft golden discs
    bokeh(col, seed + 3, 26, 10 * sc, 34 * sc, [lin((255, 214, 160)), lin((255, 236, 210))],
          region=(0, 0, n, n * 0.3), alpha=(0.04, 0.16), soft=2.5 * sc)
    return col


def jar_fill(cx, r_in, y_fill, y_bot, k, seed, box, size=(10, 19), key_dir=(-0.55, 0.5, 0.68)):
    """salts packed in a clear cylinder (seen through the glass, Studio perspective k):
    the front of the column - grains laid out unwrapped and wrapped round the cylinder so
    they crowd together towards the sides - and the heaped top surface at y_fill.
    box = (x0, y0, x1, y1) canvas region; returns (colour, raster buffers) for the box."""
    x0, y0, x1, y1 = box
    h, w = y1 - y0, x1 - x0
    half = math.pi / 2 * r_in
    area1 = math.pi * ((size[0] + size[1]) / 2) ** 2
    col_g = []
    for layer, (zr, dens) in enumerate([((0.0, 0.3), 2.4), ((0.3, 0.8), 1.0)]):
        cnt = int(2 * half * (y_bot - y_fill + 20) / area1 * dens)
        col_g += grains(cnt, (-half - 10, y_fill - 6, half + 10, y_bot + 14), size, seed + layer,
                        z=zr, pink=0.1, clear=0.2, jitter=(layer == 0))
    kx, kz = key_dir[0], key_dir[2]
    for g in col_g:
        th_v = np.clip(g["vx"] / r_in, -math.pi / 2, math.pi / 2)
        th_c = float(np.clip(g["cx"] / r_in, -math.pi / 2, math.pi / 2))
        g["vx"] = cx + r_in * np.sin(th_v) - x0
        g["vy"] = g["vy"] + k * r_in * np.cos(th_v) - y0
        g["cx"] = cx + r_in * math.sin(th_c) - x0
        g["cy"] = g["cy"] + k * r_in * math.cos(th_c) - y0
        g["z0"] = g["z0"] + r_in * math.cos(th_c) + 40
        g["lit"] = 0.5 + 0.7 * max(0.0, math.sin(th_c) * kx + math.cos(th_c) * kz)
    # the heaped top surface, seen at a grazing angle
    top_g = grains(int(r_in * r_in * 3.2 / area1 * 3.0), (-r_in, -r_in, r_in, r_in), size, seed + 5,
                   z=(0.0, 0.6), pink=0.1, clear=0.35,
                   inside=lambda x, y: x * x + y * y < (r_in * 0.98) ** 2)
    for g in top_g:
        px, pz = g["cx"], g["cy"]
        mound = (1 - (px * px + pz * pz) / r_in ** 2) * r_in * 0.1
        g["vy"] = y_fill + (g["vy"] - pz) * 0.5 + pz * k - mound - y0
        g["vx"] = cx + g["vx"] - x0
        g["cx"], g["cy"] = cx + px - x0, y_fill + pz * k - mound - y0
        g["z0"] = g["z0"] + pz + 40
        g["lit"] = 1.15
    gr = top_g + col_g
    buf = raster(h, w, gr, base=np.zeros((h, w)))
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    top = np.clip(1 - ((xx - cx) / r_in) ** 2 - ((yy - y_fill) / (k * r_in)) ** 2, 0, 1)
    under = np.zeros((h, w, 3), np.float32) + lin((150, 130, 115)) * 0.12
    under += (smoothstep(0, 0.2, top) * 0.25)[..., None] * lin((236, 226, 214))
    sc = size[1] / 76
    kw = dict(scale=sc, shadow_len=96 * sc, shadow_steps=16, refr=32 * sc, seed=seed)
    col = shade(buf, gr, under, **kw)
    under = under + blur(col, 20 * sc) * 0.75
    col = shade(buf, gr, under, **kw)
    lit = np.array([g["lit"] for g in gr], np.float32)
    has = (buf["gid"] >= 0).astype(np.float32)
    lmap = np.where(has > 0, lit[np.clip(buf["gid"], 0, None)], 0.0)
    lmap = blur(lmap, 6) / np.maximum(blur(has, 6), 0.05)
    col *= np.clip(lmap, 0.2, 1.3)[..., None]
    return col, buf


def heap(st, cx, cy, rx, height, seed, size=(7, 14), squash=0.42, density=5.0, pink=0.14,
         clear=0.35, spread=1.0):
    """a heap of coarse salt on the table of a Studio scene: centre (cx, cy) on the surface,
    plan radius rx (seen squashed by `squash`), mound height in px. spread > 1 scatters
    loose crystals around the foot of the heap."""
    H, W = st.H, st.W
    ry = rx * squash
    pad = int(size[1] * 2 + 8)
    x0, x1 = int(max(0, cx - rx * spread - pad)), int(min(W, cx + rx * spread + pad))
    y0, y1 = int(max(0, cy - ry * spread - height - pad)), int(min(H, cy + ry * spread + pad))
    h, w = y1 - y0, x1 - x0
    area1 = 1.4 * ((size[0] + size[1]) / 2) ** 2 * 1.25      # mean grain outline, squashed
    # the front slope of the mound spreads over more of the screen than the back: place
    # grains by how much screen each bit of plan covers (keeping a few at the back)
    def stretch(x, z):
        q = min(1.0, (x * x + z * z) / (rx * rx))
        return squash + height * 2.6 * (1 - q) ** 0.3 * z / (rx * rx)
    smax = stretch(0.0, rx * 0.45) * 1.1
    acc = np.random.default_rng(seed + 8)
    n = int(math.pi * rx * rx / area1 * density * smax / squash)
    gr = grains(n, (-rx, -rx, rx, rx), size, seed, z=(0.0, 0.8), pink=pink, clear=clear,
                inside=lambda x, y: x * x + y * y < rx * rx
                and acc.random() < max(stretch(x, y), 0.25 * squash) / smax)
    if spread > 1:
        r = np.random.default_rng(seed + 9)
        m = int(n * squash / smax * 0.24 * (spread - 1))
        loose = grains(m, (-rx * spread, -rx * spread, rx * spread, rx * spread), size, seed + 1,
                       z=(0.0, 0.2), pink=pink, clear=clear,
                       inside=lambda x, y: rx * rx * 0.8 < x * x + y * y < (rx * spread) ** 2
                       and r.random() < 0.6)
        gr += loose
    for g in gr:
        px, pz = g["cx"], g["cy"]
        q = min(1.0, (px * px + pz * pz) / (rx * rx))
        mound = height * (1 - q) ** 1.3
        g["vy"] = cy + (g["vy"] - pz) * squash * 1.25 + pz * squash - mound - y0
        g["vx"] = cx + g["vx"] - x0
        g["cx"], g["cy"] = cx + px - x0, cy + pz * squash - mound - y0
        g["z0"] = g["z0"] + mound * 0.35 + pz * squash * 0.5 + 20
    buf = raster(h, w, gr, base=np.zeros((h, w)))
    region = st.img[y0:y1, x0:x1]
    has = (buf["gid"] >= 0).astype(np.float32)
    # contact shadow and the shadow the heap casts away from the key
    sh = blur(has, size[1] * 0.5)
    sh2 = blur(shift(has, int(size[1] * 0.8), int(size[1] * 1.6), 0.0), size[1] * 1.2)
    region *= (1 - 0.55 * np.maximum(sh * 0.8, sh2))[..., None]
    under = region * 0.5
    sc = size[1] / 76
    kw = dict(scale=sc, shadow_len=96 * sc, shadow_steps=16, refr=32 * sc, seed=seed,
              light=(-0.55, -0.55, 0.75))
    col = shade(buf, gr, under, **kw)
    # gaps inside the heap show more salt below, in shade
    body = smoothstep(0.45, 0.75, blur(has, size[1] * 0.7))
    deep = blur(col * has[..., None], size[1] * 0.8) / np.maximum(blur(has, size[1] * 0.8), 0.05)[..., None]
    under = under * (1 - body[..., None]) + deep * 0.45 * body[..., None]
    col = shade(buf, gr, under, **kw)
    a = np.maximum(blur(has, 0.5), body)
    st.img[y0:y1, x0:x1] = region * (1 - a[..., None]) + col * a[..., None]
    return buf
