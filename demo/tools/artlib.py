"""Procedural art toolkit for the Golden Pine demo imagery.

Everything here is generated from noise, gradients and simple geometry with
numpy + Pillow + scipy: no photographs or third-party images are used.

Images are composed in *linear* light as float32 arrays of shape (H, W, 3)
and converted to display sRGB-ish values by `finish()` (tone curve, grain,
vignette).
"""
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scipy import ndimage

GOLD = (0.79, 0.64, 0.36)          # #c9a45c in display space
IVORY = (0.953, 0.929, 0.886)      # #f3ede2

FONT_DIRS = [
    "/usr/share/fonts/opentype/ebgaramond",
    "/usr/share/fonts/truetype/ebgaramond",
]


def font(size, style="Regular"):
    names = {
        "Regular": "EBGaramond12-Regular",
        "Italic": "EBGaramond12-Italic",
        "Bold": "EBGaramond12-Bold",
        "SC": "EBGaramondSC12-Regular",
        "AllSC": "EBGaramond12-AllSC",
    }
    for d in FONT_DIRS:
        for ext in (".otf", ".ttf"):
            p = os.path.join(d, names[style] + ext)
            if os.path.exists(p):
                return ImageFont.truetype(p, size)
    for p in ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",):
        if os.path.exists(p):
            return ImageFont.truetype(p, size)
    return ImageFont.load_default()


# --------------------------------------------------------------------------
# colour helpers
# --------------------------------------------------------------------------

def lin(c):
    """display (0..1 or 0..255 / hex) colour -> linear rgb np array"""
    if isinstance(c, str):
        c = c.lstrip("#")
        c = tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))
    c = np.array(c, dtype=np.float32)
    if c.max() > 1.0:
        c = c / 255.0
    return c ** 2.2


def canvas(h, w, color=(0, 0, 0)):
    a = np.zeros((h, w, 3), np.float32)
    a[:] = lin(color) if max(color) > 0 else 0
    return a


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    t = np.asarray(t, np.float32)
    if t.ndim == 2:
        t = t[..., None]
    return a * (1 - t) + b * t


def over(img, color, alpha):
    """composite a colour (3,) or image (H,W,3) with alpha mask (H,W)"""
    a = np.clip(alpha, 0, 1)[..., None]
    img *= (1 - a)
    img += a * color
    return img


def add(img, color, amount):
    img += np.asarray(amount, np.float32)[..., None] * color
    return img


def grid(h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    return y, x


# --------------------------------------------------------------------------
# noise
# --------------------------------------------------------------------------

def value_noise(h, w, cell, seed, octaves=4, persistence=0.5, lacunarity=2.0):
    """fractal value noise in [0,1]. cell may be (cy, cx) for anisotropy."""
    r = np.random.default_rng(seed)
    if not isinstance(cell, (tuple, list)):
        cell = (cell, cell)
    cy, cx = float(cell[0]), float(cell[1])
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    for _ in range(octaves):
        gy = max(2, int(math.ceil(h / cy)) + 3)
        gx = max(2, int(math.ceil(w / cx)) + 3)
        g = r.random((gy, gx)).astype(np.float32)
        im = Image.fromarray(g, "F").resize(
            (max(w, int(gx * cx)), max(h, int(gy * cy))), Image.BICUBIC)
        a = np.asarray(im)
        oy = r.integers(0, max(1, a.shape[0] - h))
        ox = r.integers(0, max(1, a.shape[1] - w))
        out += a[oy:oy + h, ox:ox + w] * amp
        tot += amp
        amp *= persistence
        cy /= lacunarity
        cx /= lacunarity
        if cy < 1 and cx < 1:
            break
    out /= tot
    # normalise to roughly 0..1
    lo, hi = np.percentile(out, 0.5), np.percentile(out, 99.5)
    return np.clip((out - lo) / (hi - lo + 1e-6), 0, 1)


def fft_noise(h, w, seed, beta=2.0, lowcut=0.0):
    """periodic (tileable) 1/f^beta noise normalised to 0..1"""
    r = np.random.default_rng(seed)
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.rfftfreq(w)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    f[0, 0] = 1
    amp = 1.0 / f ** (beta / 2)
    amp[0, 0] = 0
    if lowcut:
        amp *= smoothstep(0, lowcut, f)
    ph = r.random(amp.shape) * 2 * np.pi
    spec = amp * np.exp(1j * ph)
    n = np.fft.irfft2(spec, s=(h, w)).astype(np.float32)
    n -= n.min()
    n /= n.max() + 1e-9
    return n


def ridge1d(w, seed, rough=0.55, levels=11, amp=1.0):
    """midpoint displacement 1-d profile, length w, mean 0"""
    r = np.random.default_rng(seed)
    pts = np.array([0.0, 0.0])
    a = amp
    for _ in range(levels):
        mids = (pts[:-1] + pts[1:]) / 2 + r.normal(0, a, len(pts) - 1)
        new = np.empty(len(pts) * 2 - 1)
        new[0::2] = pts
        new[1::2] = mids
        pts = new
        a *= rough
    xs = np.linspace(0, w - 1, len(pts))
    prof = np.interp(np.arange(w), xs, pts)
    return (prof - prof.mean()).astype(np.float32)


def blur(a, s):
    if s <= 0:
        return a
    if a.ndim == 3:
        return ndimage.gaussian_filter(a, (s, s, 0))
    return ndimage.gaussian_filter(a, s)


def gauss2(h, w, cx, cy, sx, sy=None, angle=0.0):
    sy = sx if sy is None else sy
    y, x = grid(h, w)
    dx, dy = x - cx, y - cy
    if angle:
        c, s = math.cos(angle), math.sin(angle)
        dx, dy = dx * c + dy * s, -dx * s + dy * c
    return np.exp(-0.5 * ((dx / sx) ** 2 + (dy / sy) ** 2)).astype(np.float32)


# --------------------------------------------------------------------------
# finishing
# --------------------------------------------------------------------------

def tonemap(img, exposure=1.0):
    x = img * exposure
    # gentle filmic shoulder, toe kept dark
    a, b, c, d, e = 2.51, 0.03, 2.43, 0.59, 0.14
    y = (x * (a * x + b)) / (x * (c * x + d) + e)
    return np.clip(y, 0, 1)


def finish(img, exposure=1.0, grain=0.018, vignette=0.35, seed=7,
           warmth=0.0, lift=0.0):
    """linear float image -> uint8 display RGB"""
    h, w, _ = img.shape
    x = tonemap(img, exposure)
    x = np.clip(x, 0, 1) ** (1 / 2.2)
    if warmth:
        x = x * np.array([1 + warmth, 1 + warmth * 0.3, 1 - warmth * 0.6])
    if lift:
        x = x * (1 - lift) + lift * np.array([0.05, 0.045, 0.04])
    if vignette:
        y, xx = grid(h, w)
        d = np.sqrt(((xx - w / 2) / (w / 2)) ** 2 + ((y - h / 2) / (h / 2)) ** 2) / math.sqrt(2)
        v = 1 - vignette * smoothstep(0.35, 1.05, d) ** 1.3
        x = x * v[..., None]
    if grain:
        r = np.random.default_rng(seed)
        g = r.normal(0, 1, (h, w)).astype(np.float32)
        g = ndimage.gaussian_filter(g, 0.6) * 1.6
        lum = x.mean(axis=2)
        amt = grain * (0.5 + 0.8 * np.sqrt(np.clip(lum, 0, 1)))
        x = x + (g * amt)[..., None]
    return (np.clip(x, 0, 1) * 255 + 0.5).astype(np.uint8)


def save(arr_u8, path, quality=78, size=None, max_kb=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    im = Image.fromarray(arr_u8) if isinstance(arr_u8, np.ndarray) else arr_u8
    if size and im.size != size:
        im = im.resize(size, Image.LANCZOS)
    if path.endswith(".jpg"):
        im.save(path, "JPEG", quality=quality, optimize=True, progressive=True)
    else:
        q = quality
        while True:
            im.save(path, "WEBP", quality=q, method=6)
            if not max_kb or os.path.getsize(path) <= max_kb * 1024 or q <= 50:
                break
            q -= 4
    return path


# --------------------------------------------------------------------------
# drawing masks at supersampling
# --------------------------------------------------------------------------

class Mask:
    """A supersampled L-mode drawing surface that resolves to float mask."""

    def __init__(self, h, w, ss=3):
        self.h, self.w, self.ss = h, w, ss
        self.im = Image.new("L", (w * ss, h * ss), 0)
        self.d = ImageDraw.Draw(self.im)

    def poly(self, pts, fill=255):
        s = self.ss
        self.d.polygon([(x * s, y * s) for x, y in pts], fill=fill)

    def line(self, pts, width, fill=255):
        s = self.ss
        self.d.line([(x * s, y * s) for x, y in pts], fill=fill,
                    width=max(1, int(round(width * s))), joint="curve")

    def ellipse(self, cx, cy, rx, ry, fill=255):
        s = self.ss
        self.d.ellipse([(cx - rx) * s, (cy - ry) * s, (cx + rx) * s, (cy + ry) * s], fill=fill)

    def rect(self, x0, y0, x1, y1, fill=255):
        s = self.ss
        self.d.rectangle([x0 * s, y0 * s, x1 * s, y1 * s], fill=fill)

    def get(self):
        im = self.im.resize((self.w, self.h), Image.BOX)
        return np.asarray(im, np.float32) / 255.0


# --------------------------------------------------------------------------
# sky & landscape
# --------------------------------------------------------------------------

def sky_gradient(h, w, stops, horizon=None):
    """stops: list of (t, colour) with t = 0 at top, 1 at `horizon` row."""
    horizon = horizon or h
    y = np.arange(h, dtype=np.float32) / horizon
    ts = [s[0] for s in stops]
    cols = np.array([lin(s[1]) for s in stops])
    out = np.stack([np.interp(y, ts, cols[:, i]) for i in range(3)], axis=1)
    return np.repeat(out[:, None, :], w, axis=1).astype(np.float32)


def stars(img, seed, density=0.0009, horizon=None, bright=1.0, milky=None):
    """sprinkle stars (and optionally a milky way band: (x0,y0,x1,y1,width))"""
    h, w, _ = img.shape
    horizon = horizon or h
    r = np.random.default_rng(seed)
    n = int(h * w * density)
    ys = r.random(n) * horizon
    xs = r.random(n) * w
    mag = r.pareto(2.2, n) * 0.05 + 0.01
    if milky is not None:
        x0, y0, x1, y1, bw = milky
        m = int(n * 2.5)
        t = r.random(m)
        px = x0 + (x1 - x0) * t
        py = y0 + (y1 - y0) * t
        nx, ny = -(y1 - y0), (x1 - x0)
        ln = math.hypot(nx, ny)
        off = r.normal(0, bw * 0.45, m)
        xs = np.concatenate([xs, px + nx / ln * off])
        ys = np.concatenate([ys, py + ny / ln * off])
        mag = np.concatenate([mag, r.pareto(2.8, m) * 0.025 + 0.006])
    ok = (xs >= 0) & (xs < w - 1) & (ys >= 0) & (ys < h - 1)
    xs, ys, mag = xs[ok], ys[ok], mag[ok]
    field = np.zeros((h, w), np.float32)
    xi, yi = xs.astype(int), ys.astype(int)
    fx, fy = xs - xi, ys - yi
    for dx, dy, wgt in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                        (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        np.add.at(field, (yi + dy, xi + dx), mag * wgt)
    core = blur(field, 0.55)
    halo = blur(field, 2.5) * 0.35
    yy = np.arange(h, dtype=np.float32)[:, None]
    fade = smoothstep(horizon * 1.0, horizon * 0.55, yy)
    col_t = r.random((h, w)).astype(np.float32)
    s = (core * 3.0 + halo) * fade * bright
    tint = np.stack([1.0 + 0.0 * col_t, 0.95 + 0.03 * col_t, 0.85 + 0.2 * col_t], -1)
    img += s[..., None] * tint
    if milky is not None:
        x0, y0, x1, y1, bw = milky
        yg, xg = grid(h, w)
        nx, ny = -(y1 - y0), (x1 - x0)
        ln = math.hypot(nx, ny)
        d = ((xg - x0) * nx + (yg - y0) * ny) / ln
        band = np.exp(-0.5 * (d / bw) ** 2)
        cloud = value_noise(h, w, bw * 0.6, seed + 1, octaves=6)
        dust = value_noise(h, w, (bw * 0.18, bw * 0.5), seed + 2, octaves=5)
        glow = band * (0.4 + cloud) * smoothstep(0.25, 0.75, dust + band * 0.3)
        glow = glow * fade
        img += (glow * 0.018)[..., None] * np.array(lin((205, 200, 215)))
        img += (band ** 3 * cloud * 0.02 * fade)[..., None] * np.array(lin((230, 200, 160)))
    return img


def pine_points(x, ybase, height, seed, kind="fir", lean=0.0):
    """returns list of polygons (list of points) for a conifer silhouette"""
    r = np.random.default_rng(seed)
    polys = []
    top = ybase - height
    trunk_w = max(0.5, height * 0.012)
    polys.append([(x - trunk_w, ybase), (x + trunk_w, ybase),
                  (x + trunk_w * 0.2, top + height * 0.05),
                  (x - trunk_w * 0.2, top + height * 0.05)])
    fir = kind == "fir"
    nb = max(8, int(height / (1.6 if height > 120 else 2.4)))
    maxw = height * (0.17 if fir else 0.22) * r.uniform(0.8, 1.15)
    # clumps for pines: a few random density bumps along the trunk
    bumps = [(r.uniform(0.25, 0.95), r.uniform(0.05, 0.12)) for _ in range(4)]
    for i in range(nb):
        t = (i + r.random()) / nb
        yy = top + t * height * (0.93 if fir else 0.8) + height * 0.015
        if fir:
            env = t ** 0.9
        else:
            env = 0.25 + 0.45 * t ** 0.7
            env *= 0.35 + sum(math.exp(-((t - c) / wd) ** 2) for c, wd in bumps)
            if env < 0.12:
                continue
        hw = maxw * min(env, 1.2) * r.uniform(0.45, 1.15) + height * 0.01
        droop = hw * r.uniform(0.1, 0.5) * (1 if fir else 0.6)
        th = max(0.6, height * r.uniform(0.006, 0.016))
        side = 1 if (i % 2 == 0) ^ (r.random() < 0.3) else -1
        for sd in ((side,) if r.random() < 0.55 else (-1, 1)):
            l = hw * r.uniform(0.7, 1.1)
            tipx = x + sd * l
            tipy = yy + droop
            pts = [(x, yy - th), (x + sd * l * 0.55, yy - th * 0.6 + droop * 0.25),
                   (tipx, tipy - th * 0.3), (tipx + sd * l * 0.04, tipy + th * 0.6)]
            k = 5
            for j in range(k, 0, -1):
                fx = j / (k + 1)
                pts.append((x + sd * l * fx + r.normal(0, l * 0.04),
                            yy + droop * fx ** 1.3 + th * r.uniform(1.2, 4.0)))
            pts.append((x, yy + th * 2.0))
            polys.append(pts)
    polys.append([(x - height * 0.008, top + height * 0.08),
                  (x + r.normal(0, height * 0.004), top - height * 0.015),
                  (x + height * 0.008, top + height * 0.08)])
    return polys


def draw_pines(mask, trees):
    """trees: list of (x, ybase, height, seed, kind)"""
    for t in trees:
        for p in pine_points(*t):
            mask.poly(p)


def ridge_layer(img, ridge, color, *, rim=None, rim_width=6.0, light=None,
                light_color=None, light_depth=None, light_x=None, tex_seed=0, tex_amount=0.35,
                fog_color=None, fog_height=80.0, fog_amount=0.0, snow=0.0):
    """paint a mountain layer below 1-d ridge array (per column y).
    light: +1 sun on the right, -1 on the left (lights faces turned to it)."""
    h, w, _ = img.shape
    y = np.arange(h, dtype=np.float32)[:, None]
    d = y - ridge[None, :]
    alpha = np.clip(d + 0.5, 0, 1)
    col = np.broadcast_to(np.array(color, np.float32), (h, w, 3)).copy()
    sc = h / 700.0
    n = value_noise(h, w, (45 * sc, 10 * sc), tex_seed, octaves=6, persistence=0.55)
    # shear the gully texture so it follows the fall line of each slope
    sl = np.sign(np.gradient(blur(ridge, 25 * sc)))[None, :]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xw = np.clip(xs + np.clip(d, 0, None) * 0.35 * sl, 0, w - 1)
    n = ndimage.map_coordinates(n, [ys, xw], order=1)
    if tex_amount:
        shade = 1 - tex_amount + tex_amount * 2 * n
        col *= shade[..., None]
    if light is not None:
        slope = np.gradient(blur(ridge, 1.5 * sc))
        face = np.clip(slope * light * 1.5, 0, 1.5)
        # propagate face orientation downward, displaced by the rock texture
        nb = blur(n, 1.0)
        dn = np.gradient(nb, axis=1) * light * 25 / sc
        ld = light_depth or 60 * sc
        fall = np.exp(-np.clip(d, 0, None) / ld)
        lit = (0.7 * face[None, :] + 0.6 * np.clip(dn, 0, 1.0)) * fall
        lit *= smoothstep(0.3, 0.65, nb + 0.3 * fall)
        if light_x is not None:
            xs = np.arange(w, dtype=np.float32)
            lit *= (0.25 + 0.75 * np.exp(-0.5 * ((xs - light_x) / (0.3 * w)) ** 2))[None, :]
        lc = np.array(light_color if light_color is not None else color)
        col += lit[..., None] * lc
    if snow:
        n2 = value_noise(h, w, (20 * sc, 5 * sc), tex_seed + 11, octaves=5)
        sn = smoothstep(0.66, 0.82, n2) * np.exp(-np.clip(d, 0, None) / (50 * sc)) * snow
        col = col * (1 - sn[..., None]) + sn[..., None] * np.array(color) * 2.2
    if rim is not None:
        rimv = np.exp(-np.clip(d, 0, None) / rim_width)
        col += rimv[..., None] * np.array(rim)
    if fog_color is not None and fog_amount:
        fg = fog_amount * smoothstep(0, fog_height, d)
        col = col * (1 - fg[..., None]) + fg[..., None] * np.array(fog_color)
    img[:] = img * (1 - alpha[..., None]) + col * alpha[..., None]
    return img


def fog_band(img, y0, height, color, amount, seed=0, wisp=0.5):
    h, w, _ = img.shape
    y = np.arange(h, dtype=np.float32)[:, None]
    base = np.exp(-0.5 * ((y - y0) / height) ** 2)
    n = value_noise(h, w, (height * 0.5, height * 4), seed, octaves=5)
    f = base * (1 - wisp + wisp * 2 * n) * amount
    f = np.clip(f, 0, 1)
    img[:] = img * (1 - f[..., None]) + f[..., None] * np.array(color)
    return img


def glow(img, cx, cy, radius, color, strength=1.0, sy=None):
    h, w, _ = img.shape
    g = gauss2(h, w, cx, cy, radius, sy)
    img += (g * strength)[..., None] * np.array(color, np.float32)
    return img


def bokeh(img, seed, n, rmin, rmax, colors, region=None, alpha=(0.05, 0.25), soft=1.5):
    h, w, _ = img.shape
    r = np.random.default_rng(seed)
    x0, y0, x1, y1 = region or (0, 0, w, h)
    acc = np.zeros_like(img)
    for i in range(n):
        rad = r.uniform(rmin, rmax)
        cx = r.uniform(x0, x1)
        cy = r.uniform(y0, y1)
        m = Mask(int(2 * rad + 8), int(2 * rad + 8), ss=2)
        m.ellipse(rad + 4, rad + 4, rad, rad)
        disk = m.get()
        disk = blur(disk, soft)
        yy, xx = np.mgrid[0:disk.shape[0], 0:disk.shape[1]]
        dd = np.sqrt((xx - rad - 4) ** 2 + (yy - rad - 4) ** 2) / rad
        disk *= (0.75 + 0.35 * dd ** 3)  # brighter rim like real bokeh
        col = np.array(colors[r.integers(len(colors))], np.float32) * r.uniform(*alpha)
        ys, xs = int(cy - rad - 4), int(cx - rad - 4)
        ye, xe = ys + disk.shape[0], xs + disk.shape[1]
        sy0, sx0 = max(0, -ys), max(0, -xs)
        ys2, xs2, ye2, xe2 = max(0, ys), max(0, xs), min(h, ye), min(w, xe)
        if ye2 <= ys2 or xe2 <= xs2:
            continue
        acc[ys2:ye2, xs2:xe2] += disk[sy0:sy0 + ye2 - ys2, sx0:sx0 + xe2 - xs2, None] * col
    img += acc
    return img


def god_rays(img, sx, sy, strength, color, seed=0, spread=1.0):
    """radial streaks emanating from (sx, sy)"""
    h, w, _ = img.shape
    y, x = grid(h, w)
    ang = np.arctan2(y - sy, x - sx)
    dist = np.sqrt((x - sx) ** 2 + (y - sy) ** 2)
    r = np.random.default_rng(seed)
    k = np.zeros_like(ang)
    for f in (7, 13, 23, 41, 67):
        k += np.sin(ang * f * spread + r.random() * 6.28) * (1.0 / math.sqrt(f))
    rays = smoothstep(0.2, 1.2, k) * np.exp(-dist / (0.6 * max(w, h)))
    img += (rays * strength)[..., None] * np.array(color)
    return img
