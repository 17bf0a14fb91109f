"""Still-life 'studio' renderer: tabletop scenes with glass jars, bottles,
candles, tins, cups, stones and botanicals, lit by a warm key light."""
import math

import numpy as np
from PIL import Image, ImageDraw
from scipy import ndimage

from artlib import (Mask, blur, fft_noise, font, gauss2, grid, lin, over,
                    smoothstep, value_noise)

KEY = np.array([-0.55, 0.5, 0.68])          # light direction (x right, y up, z to camera)
KEY = KEY / np.linalg.norm(KEY)
HALF = KEY + np.array([0, 0, 1.0])
HALF = HALF / np.linalg.norm(HALF)


# ----------------------------------------------------------------------------
# materials: each returns colour given normal components and extra info
# ----------------------------------------------------------------------------

def shade_terms(nx, ny, nz):
    diff = np.clip(nx * KEY[0] + ny * KEY[1] + nz * KEY[2], 0, 1)
    ndh = np.clip(nx * HALF[0] + ny * HALF[1] + nz * HALF[2], 0, 1)
    return diff, ndh


def env_strip(nx, ny):
    """studio environment seen in a reflection: softbox at left, warm rim at right"""
    soft = np.exp(-0.5 * ((nx + 0.52) / 0.09) ** 2) * smoothstep(-0.6, 0.3, ny + 0.2)
    rim = np.exp(-0.5 * ((nx - 0.86) / 0.06) ** 2) * 0.35
    floor = smoothstep(0.1, -0.6, ny) * 0.08
    return soft, rim, floor


class Studio:
    def __init__(self, w, h, *, ss=2, horizon=0.62, surface="stone", seed=1,
                 wall=(22, 19, 16), pool=(0.36, 0.38), pool_strength=1.0,
                 warm=(255, 190, 120), surface_tint=None, top_down=False):
        self.W, self.H, self.ss = w * ss, h * ss, ss
        self.w, self.h = w, h
        W, H = self.W, self.H
        self.seed = seed
        self.hz = int(H * horizon) if not top_down else 0
        self.warm = lin(warm)
        r = np.random.default_rng(seed)
        img = np.zeros((H, W, 3), np.float32)
        y, x = grid(H, W)
        self.pool = (pool[0] * W, pool[1] * H)
        if not top_down:
            # wall -------------------------------------------------------
            wallc = lin(wall)
            plaster = value_noise(H, W, 60 * ss, seed + 1, octaves=6)
            img[:] = wallc * (0.75 + 0.5 * plaster)[..., None]
            g = gauss2(H, W, self.pool[0], self.pool[1], W * 0.32, H * 0.34)
            img *= (0.18 + 3.0 * g ** 1.5 * pool_strength)[..., None]
            img += (g ** 2 * 0.05 * pool_strength)[..., None] * self.warm
            # surface ----------------------------------------------------
            self._surface(img, surface, surface_tint)
        else:
            self._surface_top(img, surface, surface_tint)
        self.img = img

    # ------------------------------------------------------------------
    def _tex(self, kind, n, seed, tint):
        """square texture n x n (linear rgb)"""
        ss = self.ss
        if kind == "wood":
            base = lin(tint or (58, 36, 22))
            g1 = value_noise(n, n, (3 * ss, 160 * ss), seed, octaves=5)
            g2 = value_noise(n, n, (40 * ss, 400 * ss), seed + 1, octaves=3)
            yy = np.arange(n)[:, None].astype(np.float32)
            rings = 0.5 + 0.5 * np.sin(yy * 0.09 / ss + g2 * 14)
            t = 0.3 + 0.55 * g1 + 0.35 * rings
            planks = (np.abs(((yy / (170 * ss)) % 1.0) - 0.0) < 0.006 / 1)
            tex = base * t[..., None]
            tex[np.broadcast_to(planks, (n, n))] *= 0.35
            return tex
        if kind == "linen":
            base = lin(tint or (150, 138, 120))
            slub = value_noise(n, n, (1.2 * ss, 40 * ss), seed, octaves=3)
            slub2 = value_noise(n, n, (40 * ss, 1.2 * ss), seed + 1, octaves=3)
            yy, xx = grid(n, n)
            weave = 0.5 + 0.25 * (np.sin(xx * 2.2 / ss) * np.sin(yy * 2.2 / ss))
            folds = value_noise(n, n, (90 * ss, 300 * ss), seed + 2, octaves=3)
            t = (0.6 + 0.2 * slub + 0.2 * slub2) * (0.85 + 0.3 * weave) * (0.65 + 0.6 * folds)
            return base * t[..., None]
        if kind == "slate":
            base = lin(tint or (40, 40, 42))
            a = value_noise(n, n, 80 * ss, seed, octaves=7, persistence=0.6)
            b = value_noise(n, n, (8 * ss, 120 * ss), seed + 1, octaves=4)
            t = 0.6 + 0.45 * a + 0.15 * b
            return base * t[..., None]
        # stone / travertine
        base = lin(tint or (92, 84, 74))
        a = value_noise(n, n, 70 * ss, seed, octaves=7, persistence=0.58)
        b = value_noise(n, n, (6 * ss, 90 * ss), seed + 1, octaves=4)
        r = np.random.default_rng(seed)
        speck = (r.random((n, n)) > 0.997).astype(np.float32)
        speck = blur(speck, 0.8 * ss) * 3
        t = 0.35 + 0.75 * a ** 1.5 + 0.25 * b - 0.3 * speck
        return base * t[..., None]

    def _surface(self, img, kind, tint):
        H, W, hz = self.H, self.W, self.hz
        n = 1024 * self.ss // 2 + 512
        tex = self._tex(kind, n, self.seed + 20, tint)
        y, x = grid(H, W)
        below = y > hz
        dy = np.maximum(y - hz, 0.5)
        f = W * 1.0
        hc = 0.55 * (H - hz)
        Z = f * hc / dy
        v = (Z * 0.9) % (n - 1)
        u = ((x - W / 2) * Z / f + n / 2) % (n - 1)
        samp = np.stack([ndimage.map_coordinates(tex[..., c], [v, u], order=1, mode="wrap")
                         for c in range(3)], -1)
        # distance blur: far parts softer (depth of field)
        far = blur(samp, 2.5 * self.ss)
        t = smoothstep(H * 0.12, 0, y - hz)
        samp = samp * (1 - t[..., None]) + far * t[..., None]
        # lighting on the surface: key pool + falloff toward the front
        g = gauss2(H, W, self.pool[0] + W * 0.05, hz + H * 0.12, W * 0.4, H * 0.22)
        light = 0.1 + 1.5 * g ** 1.3
        light *= (1 - 0.55 * smoothstep(hz, H, y))
        surf = samp * light[..., None]
        # back edge: slight bright line where the table meets the wall
        edge = np.exp(-np.abs(y - hz - 1.5 * self.ss) / (1.2 * self.ss)) * (0.3 + g)
        surf += edge[..., None] * self.warm * 0.06
        a = np.clip(y - hz, 0, 1)
        img[:] = img * (1 - a[..., None]) + surf * a[..., None]
        # soft shadow at the base of the wall
        self.img_shadow_band = None

    def _surface_top(self, img, kind, tint):
        H, W = self.H, self.W
        n = max(H, W)
        tex = self._tex(kind, n, self.seed + 20, tint)[:H, :W]
        g = gauss2(H, W, self.pool[0], self.pool[1], W * 0.45, H * 0.45)
        img[:] = tex * (0.22 + 1.3 * g)[..., None]

    # ------------------------------------------------------------------
    def shadow(self, cx, base, rx, strength=0.85, length=1.6, soft=1.0, top_down=False):
        """contact + cast shadow on the surface for an object standing at (cx, base)"""
        H, W = self.H, self.W
        sh = np.zeros((H, W), np.float32)
        m = Mask(H, W, 1)
        ry = rx * 0.16 if not top_down else rx
        m.ellipse(cx, base, rx * 1.02, ry)
        contact = blur(m.get(), rx * 0.06 * soft + 1)
        sh = np.maximum(sh, contact * strength)
        # cast shadow away from the key (key at left -> shadow to the right/back)
        m2 = Mask(H, W, 1)
        if not top_down:
            m2.poly([(cx - rx * 0.9, base - ry * 0.2), (cx + rx * 0.6, base - ry),
                     (cx + rx * (0.6 + length * 1.4), base - ry * 2.0 - rx * length * 0.1),
                     (cx + rx * (0.5 + length * 1.4), base + ry * 0.4), (cx + rx * 0.2, base + ry)])
        else:
            m2.ellipse(cx + rx * 0.35 * length, base + rx * 0.3 * length, rx, rx)
        cast = blur(m2.get(), rx * 0.3 * soft + 2)
        sh = np.maximum(sh, cast * strength * 0.65)
        self.img *= (1 - sh)[..., None]

    # ------------------------------------------------------------------
    def solid(self, cx, profile, material, *, k=0.14, label=None, label_span=(0.0, 1.0),
              label_angle=1.15, contents=None, glow_top=None, cap=True, ribs=0,
              alpha_out=False):
        """render a solid of revolution.
        profile: list of (y, r) from top to bottom (in output pixels *ss).
        material: dict(kind=glass|matte|gloss|metal, color=linear rgb, ...)
        label: RGBA PIL image wrapped around between rows label_span (fractions of height)
        contents: (level_y, linear colour) visible through glass below level_y
        glow_top: (y, strength, colour) internal glow near the top (candles)
        """
        H, W = self.H, self.W
        ys = np.array([p[0] for p in profile], np.float32)
        rs = np.array([p[1] for p in profile], np.float32)
        y_top, y_bot = ys[0], ys[-1]
        rmax = rs.max()
        x0, x1 = int(max(0, cx - rmax - 4)), int(min(W, cx + rmax + 4))
        yA = int(max(0, y_top - k * rmax - 4))
        yB = int(min(H, y_bot + k * rmax + 4))
        if x1 <= x0 or yB <= yA:
            return
        yy, xx = np.mgrid[yA:yB, x0:x1].astype(np.float32)
        dx = xx - cx
        r_of = lambda yv: np.interp(yv, ys, rs)
        r0 = r_of(yy)
        nz0 = np.sqrt(np.clip(1 - (dx / np.maximum(r0, 1e-3)) ** 2, 0, 1))
        ysurf = yy - k * r0 * nz0
        r1 = r_of(ysurf)
        nxr = dx / np.maximum(r1, 1e-3)
        nz1 = np.sqrt(np.clip(1 - nxr ** 2, 0, 1))
        ysurf = yy - k * r1 * nz1
        r1 = r_of(ysurf)
        # anti-aliased body mask
        edge = np.clip((r1 - np.abs(dx)) + 0.5, 0, 1)
        vert = np.clip(ysurf - y_top + 0.5, 0, 1) * np.clip(y_bot - ysurf + 0.5, 0, 1)
        body = edge * vert
        nx = np.clip(dx / np.maximum(r1, 1e-3), -1, 1)
        nz = np.sqrt(np.clip(1 - nx ** 2, 0, 1))
        drdy = np.gradient(np.interp(np.arange(int(y_top), int(y_bot) + 2), ys, rs))
        sl = np.interp(ysurf, np.arange(int(y_top), int(y_bot) + 2), drdy)
        c = 1 / np.sqrt(1 + sl ** 2)
        ny = sl * c
        nxs, nzs = nx * c, nz * c
        # top cap
        rt = rs[0]
        capm = np.zeros_like(body)
        if cap:
            q = (dx / rt) ** 2 + ((yy - y_top) / max(k * rt, 1e-3)) ** 2
            capm = np.clip((1 - q) * rt * 0.5, 0, 1)
        region = self.img[yA:yB, x0:x1]
        bg = region.copy()
        col = self._material(material, nxs, ny, nzs, nx, nz, dx, yy, ysurf, r1, cx, bg,
                             x0, yA, contents, glow_top, y_top, y_bot)
        if ribs:
            col *= (0.92 + 0.08 * np.cos(np.arcsin(nx) * ribs))[..., None]
        if label is not None:
            col = self._label(col, label, nx, nz, ysurf, y_top, y_bot, label_span, label_angle,
                              material)
        out = region * (1 - body[..., None]) + col * body[..., None]
        if cap:
            capcol = self._cap(material, dx, yy, y_top, rt, k, bg, contents, glow_top)
            out = out * (1 - capm[..., None]) + capcol * capm[..., None]
        self.img[yA:yB, x0:x1] = out
        if alpha_out:
            full = np.zeros((H, W), np.float32)
            full[yA:yB, x0:x1] = np.maximum(body, capm)
            return full

    def _material(self, m, nxs, ny, nzs, nx, nz, dx, yy, ysurf, r1, cx, bg, x0, yA,
                  contents, glow_top, y_top, y_bot):
        kind = m["kind"]
        base = np.array(m["color"], np.float32)
        diff, ndh = shade_terms(nxs, ny, nzs)
        soft, rim, floor = env_strip(nxs, ny)
        gloss = m.get("gloss", 0.6)
        warm = self.warm
        if kind == "glass":
            # refracted background, tinted by absorption through the thickness
            thick = 1 / np.maximum(nz, 0.12)
            src_x = np.clip(cx + dx * 0.55 - x0, 0, bg.shape[1] - 1)
            src = np.stack([ndimage.map_coordinates(bg[..., c], [yy - yA, src_x], order=1)
                            for c in range(3)], -1)
            T = base ** (thick[..., None] * m.get("density", 1.0))
            col = src * T * 1.4
            if contents is not None:
                lvl, ccol = contents[:2]
                ins = smoothstep(lvl - 1, lvl + 1, ysurf)
                lit_c = ccol * (0.05 + 0.5 * diff[..., None]) * T
                if len(contents) > 3 and contents[3]:
                    gr = value_noise(ysurf.shape[0], ysurf.shape[1], 3 * self.ss, 5, octaves=2)
                    lit_c = lit_c * (0.5 + 0.9 * gr)[..., None]
                col = col * (1 - ins[..., None]) + lit_c * ins[..., None]
            # light scattering in the glass itself
            col += (0.06 + 0.3 * diff[..., None] ** 2) * base ** 2 * 0.5 * (1 + thick[..., None] * 0.2)
            if glow_top is not None:
                gy, gs, gc = glow_top
                gl = np.exp(-np.clip(ysurf - gy, 0, None) / (r1 * 0.28 + 1)) * gs
                gl += np.exp(-np.clip(ysurf - gy, 0, None) / (r1 * 1.2 + 1)) * gs * 0.15
                gl *= (0.5 + 0.5 * nz) * smoothstep(gy - r1 * 0.3, gy, ysurf)
                col += gl[..., None] * gc * T ** 0.5
            fres = 0.04 + 0.5 * (1 - nz) ** 4
            col = col * (1 - fres[..., None]) + fres[..., None] * warm * 0.05
            spec = soft ** 2 * 0.9 + ndh ** 120 * 2.0
            col += spec[..., None] * np.array([1.0, 0.97, 0.92]) * m.get("spec", 1.0)
            col += (rim * 0.5)[..., None] * warm * m.get("spec", 1.0)
            return col
        if kind == "metal":
            env = soft * 2.2 + rim * 2.0 + floor + 0.05 + 0.15 * diff
            brushed = m.get("brushed", 0)
            col = base * env[..., None] * 1.2
            col += (ndh ** 60 * 1.5)[..., None] * base ** 0.5
            return col
        # matte / gloss dielectrics (ceramic, tin, rubber, wax)
        amb = m.get("ambient", 0.06)
        col = base * (amb + diff[..., None] * 1.15)
        col += base * (rim[..., None] * 0.6) * warm
        spec = (soft * 0.6 + ndh ** (20 + 120 * gloss) * 1.2) * gloss + rim * 0.4 * gloss
        col += spec[..., None] * np.array([1.0, 0.96, 0.9]) * m.get("spec", 0.5)
        if glow_top is not None:
            gy, gs, gc = glow_top
            gl = np.exp(-np.clip(ysurf - gy, 0, None) / (r1 * 0.5 + 1)) * gs * m.get("translucency", 0.3)
            col += gl[..., None] * gc
        return col

    def _cap(self, m, dx, yy, y_top, rt, k, bg, contents, glow_top):
        kind = m["kind"]
        base = np.array(m["color"], np.float32)
        if m.get("cap_color") is not None:
            base = np.array(m["cap_color"], np.float32)
        # flat top facing up: lit by key (up component) with gradient across
        u = dx / rt
        v = (yy - y_top) / max(k * rt, 1e-3)
        up = KEY[1]
        grad = 0.75 + 0.25 * (-u * 0.8 + v * 0.2)
        if kind == "metal":
            band = np.exp(-0.5 * ((u + 0.3 + v * 0.2) / 0.25) ** 2)
            col = base * (0.25 + 1.6 * band)[..., None]
            return col
        if kind == "glass":
            # open vessel seen from above: contents surface or dark interior
            if glow_top is not None:
                gy, gs, gc = glow_top
                # looking into a candle vessel: dark glass wall, glowing wax pool
                col = np.zeros(u.shape + (3,), np.float32) + base * 0.05
                dpt = (gy - y_top)
                vv = (yy - y_top - dpt * 0.6) / max(k * rt, 1e-3)
                pool = np.clip(1 - (u / 0.9) ** 2 - (vv / 0.9) ** 2, 0, 1)
                col += (contents[2] if contents is not None and len(contents) > 2 else gc) * \
                    (0.25 + 1.2 * np.exp(-(u ** 2 + vv ** 2) * 3))[..., None] * pool[..., None] * gs * 0.35
                col += gc * (gs * 0.15 * np.exp(-(u ** 2 + v ** 2) * 1.0))[..., None]
            elif contents is not None and len(contents) > 2 and contents[2] is not None:
                ccol = contents[2]
                col = ccol * (0.4 + 0.4 * grad)[..., None]
            else:
                col = bg * 0.5
            ringd = np.clip(1 - (u ** 2 + v ** 2), 0, 1)
            rimline = np.exp(-ringd / 0.06)
            col = col + rimline[..., None] * np.array([1, 0.9, 0.75]) * 0.25
            return col
        col = base * (0.12 + up * grad * 0.9)[..., None]
        if m.get("liquid") is not None:
            # open cup / bowl: inner wall then liquid (or heap) surface
            rr = u ** 2 + v ** 2
            inner = smoothstep(0.93, 0.86, np.sqrt(rr))
            wall = base * (0.06 + 0.5 * np.clip(u + 0.2, 0, 1))[..., None]
            col = col * (1 - inner[..., None]) + wall * inner[..., None]
            vv = (yy - y_top - k * rt * 0.25) / max(k * rt * 0.82, 1e-3)
            uu = dx / (rt * 0.84)
            liq = smoothstep(1.0, 0.94, np.sqrt(uu ** 2 + vv ** 2))
            lc = np.array(m["liquid"], np.float32)
            refl = np.exp(-0.5 * (((uu + 0.35) / 0.18) ** 2 + ((vv + 0.3) / 0.35) ** 2))
            lcol = lc * (0.5 + 0.5 * smoothstep(-1, 1, vv))[..., None] + refl[..., None] * 0.5
            col = col * (1 - liq[..., None]) + lcol * liq[..., None]
            return col
        gl = m.get("gloss", 0.5)
        col += (np.exp(-0.5 * ((u + 0.35) / 0.2) ** 2) * gl * 0.15)[..., None]
        return col

    def _label(self, col, label, nx, nz, ysurf, y_top, y_bot, span, angle, material):
        lab = np.asarray(label, np.float32) / 255.0
        lh, lw = lab.shape[:2]
        ly0 = y_top + span[0] * (y_bot - y_top)
        ly1 = y_top + span[1] * (y_bot - y_top)
        th = np.arcsin(np.clip(nx, -1, 1))
        u = (th / angle + 1) / 2 * (lw - 1)
        v = (ysurf - ly0) / max(ly1 - ly0, 1) * (lh - 1)
        inside = (th > -angle) & (th < angle) & (v >= 0) & (v <= lh - 1)
        uu = np.clip(u, 0, lw - 1)
        vv = np.clip(v, 0, lh - 1)
        samp = np.stack([ndimage.map_coordinates(lab[..., c], [vv, uu], order=1)
                         for c in range(4)], -1)
        a = samp[..., 3] * inside
        rgb = samp[..., :3] ** 2.2
        metallic = samp[..., 0] > samp[..., 2] * 1.35   # gold-ish foil print
        diff, ndh = shade_terms(nx, np.zeros_like(nx), nz)
        soft, rim, floor = env_strip(nx, np.zeros_like(nx))
        paper = rgb * (0.07 + 1.05 * diff[..., None]) + (soft * 0.12)[..., None]
        foil = rgb * (0.15 + 1.8 * soft + 1.2 * rim + 0.5 * diff)[..., None]
        lc = np.where(metallic[..., None], foil, paper)
        return col * (1 - a[..., None]) + lc * a[..., None]

    # ------------------------------------------------------------------
    def flame(self, x, y, size, t=0.0, sway=0.0, bright=1.0, light_scene=True):
        """candle flame whose wick tip is at (x, y). size = flame height"""
        H, W = self.H, self.W
        hf = size
        wf = size * 0.24
        x0, x1 = int(max(0, x - size)), int(min(W, x + size))
        y0, y1 = int(max(0, y - hf * 1.4)), int(min(H, y + hf * 0.3))
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        tt = (y + hf * 0.12 - yy) / hf               # 0 at base .. 1 at tip
        bend = sway * np.clip(tt, 0, None) ** 2 * hf * 0.25
        dxf = xx - x - bend
        prof = wf * np.clip(tt * 1.4, 0, 1) ** 0.5 * np.clip(1 - tt, 0, 1) ** 0.65 * 1.1
        d = np.abs(dxf) / np.maximum(prof, 1e-3)
        inside = np.clip(1 - d, 0, 1) * (tt > 0) * (tt < 1)
        body = smoothstep(0.0, 0.35, inside)
        core = smoothstep(0.25, 0.85, inside) * np.exp(-((tt - 0.32) / 0.3) ** 2)
        blue = smoothstep(0.0, 0.5, inside) * np.exp(-((tt - 0.06) / 0.07) ** 2)
        col = (body[..., None] * lin((255, 140, 40)) * 4.0 + core[..., None] * lin((255, 235, 190)) * 7.0
               + blue[..., None] * lin((60, 90, 255)) * 0.6) * bright
        a = np.clip(body + blue * 0.5, 0, 1)
        reg = self.img[y0:y1, x0:x1]
        self.img[y0:y1, x0:x1] = reg * (1 - a[..., None] * 0.9) + col
        # wick
        wm = Mask(H, W, 1)
        wm.line([(x, y + hf * 0.05), (x + hf * 0.02, y - hf * 0.1)], max(1.5, hf * 0.035))
        over(self.img, lin((20, 12, 8)), wm.get() * 0.85)
        ember = gauss2(H, W, x + hf * 0.02, y - hf * 0.09, hf * 0.025)
        self.img += (ember * 1.5 * bright)[..., None] * lin((255, 90, 30))
        # halos
        cy = y - hf * 0.4
        g1 = gauss2(H, W, x, cy, hf * 0.35, hf * 0.5)
        g2 = gauss2(H, W, x, cy, hf * 1.6)
        g3 = gauss2(H, W, x, cy, hf * 5.0)
        self.img += (g1 * 0.45 + g2 * 0.12 + g3 * 0.012 * light_scene)[..., None] * lin((255, 160, 70)) * bright

    def steam(self, x, y, height, width, seed=0, t=0.0, strength=0.35, color=None, tex=None):
        """rising steam wisps from (x,y) upward; t in [0,1) loops seamlessly"""
        H, W = self.H, self.W
        if tex is None:
            tex = steam_texture(seed)
        n = tex.shape[0]
        x0, x1 = int(max(0, x - width * 1.6)), int(min(W, x + width * 1.6))
        y0, y1 = int(max(0, y - height)), int(min(H, y + 2))
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        v = (y - yy) / height                       # 0 at source .. 1 at top
        ph = 2 * math.pi * t
        sway = (np.sin(v * 5.0 - ph * 2 + seed) * 0.18 + np.sin(v * 9.0 - ph * 3 + seed * 2) * 0.07) * v
        spread = width * (0.25 + 1.1 * v)
        u = (xx - x) / spread - sway * 1.6
        env = np.exp(-0.5 * (u / 0.45) ** 2) * smoothstep(0.0, 0.12, v) * smoothstep(1.0, 0.45, v)
        tu = (u * 0.22 + 0.5) * n
        tv = (v * 0.9 + t) * n
        d = ndimage.map_coordinates(tex, [tv % n, tu % n], order=1, mode="wrap")
        d2 = ndimage.map_coordinates(tex, [(tv * 1.9 + n * 0.37) % n, (tu * 1.6) % n], order=1,
                                     mode="wrap")
        dens = smoothstep(0.42, 0.85, d * 0.7 + d2 * 0.45) * env
        col = color if color is not None else lin((255, 236, 210))
        self.img[y0:y1, x0:x1] += (dens * strength)[..., None] * col

    def stone(self, cx, cy, rx, ry, color, seed=0, wet=0.6, tilt=0.0):
        """smooth basalt stone (ellipsoid)"""
        H, W = self.H, self.W
        x0, x1 = int(max(0, cx - rx - 3)), int(min(W, cx + rx + 3))
        y0, y1 = int(max(0, cy - ry - 3)), int(min(H, cy + ry + 3))
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        c, s = math.cos(tilt), math.sin(tilt)
        u = ((xx - cx) * c + (yy - cy) * s) / rx
        v = (-(xx - cx) * s + (yy - cy) * c) / ry
        q = u * u + v * v
        a = np.clip((1 - q) * min(rx, ry) * 0.5, 0, 1)
        nzz = np.sqrt(np.clip(1 - q, 0, 1))
        # flatten: stones are flatter than ellipsoids
        nx, ny, nz = u * 0.8, -v * 0.8, nzz + 0.35
        ln = np.sqrt(nx ** 2 + ny ** 2 + nz ** 2)
        nx, ny, nz = nx / ln, ny / ln, nz / ln
        diff, ndh = shade_terms(nx, ny, nz)
        tex = value_noise(y1 - y0, x1 - x0, 6 * self.ss, seed, octaves=4)
        base = np.array(color) * (0.8 + 0.4 * tex)[..., None]
        col = base * (0.05 + 1.1 * diff[..., None])
        col += (ndh ** 40 * wet * 1.4)[..., None] * np.array([1, 0.95, 0.88])
        soft = np.exp(-0.5 * (((nx + 0.45) / 0.15) ** 2 + ((ny - 0.35) / 0.2) ** 2))
        col += (soft * wet * 0.6)[..., None]
        rimv = smoothstep(0.55, 0.95, nx) * smoothstep(-0.2, 0.3, ny) * 0.6
        col += rimv[..., None] * self.warm * 0.12
        reg = self.img[y0:y1, x0:x1]
        self.img[y0:y1, x0:x1] = reg * (1 - a[..., None]) + col * a[..., None]

    # ------------------------------------------------------------------
    def sprig(self, pts, length_needle, color=(38, 60, 34), seed=0, density=1.0, width=1.0,
              kind="pine", shadow=True):
        """a pine / rosemary sprig along polyline pts"""
        H, W = self.H, self.W
        r = np.random.default_rng(seed)
        m = Mask(H, W, 2)
        hi = Mask(H, W, 2)
        pts = np.array(pts, np.float32)
        seg = np.diff(pts, axis=0)
        lens = np.hypot(seg[:, 0], seg[:, 1])
        total = lens.sum()
        m.line([tuple(p) for p in pts], 2.2 * width * self.ss / 2)
        n = int(total / (1.6 * self.ss) * density)
        for i in range(n):
            d = r.random() * total
            j = np.searchsorted(np.cumsum(lens), d)
            j = min(j, len(lens) - 1)
            f = (d - lens[:j].sum()) / lens[j]
            p = pts[j] + seg[j] * f
            ang = math.atan2(seg[j][1], seg[j][0])
            side = 1 if r.random() < 0.5 else -1
            fwd = d / total
            if kind == "pine":
                a2 = ang + side * r.uniform(0.35, 0.9)
                ln = length_needle * r.uniform(0.7, 1.1) * (0.55 + 0.45 * math.sin(min(1, fwd * 1.2) * math.pi * 0.9 + 0.2))
                q = (p[0] + math.cos(a2) * ln, p[1] + math.sin(a2) * ln)
                m.line([tuple(p), q], 1.0 * width * self.ss / 2 + 0.5)
                if r.random() < 0.5:
                    hi.line([tuple(p), q], 0.6 * self.ss / 2 + 0.3)
            else:  # leafy (sage / rosemary-like leaves)
                a2 = ang + side * r.uniform(0.4, 0.8)
                ln = length_needle * r.uniform(0.7, 1.1)
                cxl, cyl = p[0] + math.cos(a2) * ln / 2, p[1] + math.sin(a2) * ln / 2
                pts_l = []
                for k in range(12):
                    tt = k / 11 * 2 * math.pi
                    ex, ey = math.cos(tt) * ln / 2, math.sin(tt) * ln * 0.18
                    pts_l.append((cxl + ex * math.cos(a2) - ey * math.sin(a2),
                                  cyl + ex * math.sin(a2) + ey * math.cos(a2)))
                m.poly(pts_l)
                if r.random() < 0.6:
                    hi.poly(pts_l[:7])
        a = m.get()
        h2 = hi.get() * a
        if shadow:
            sh = blur(np.roll(np.roll(a, int(6 * self.ss), 1), int(5 * self.ss), 0), 3 * self.ss)
            self.img *= (1 - 0.6 * sh)[..., None]
        col = lin(color) * 0.9
        tint = value_noise(H, W, 20 * self.ss, seed, octaves=2)
        c = col * (0.6 + 0.6 * tint)[..., None] + h2[..., None] * lin(color) * 1.6
        c = c * (0.3 + 1.2 * gauss2(H, W, self.pool[0], self.pool[1], W * 0.5, H * 0.5))[..., None]
        over(self.img, c, a)

    def leaves_heap(self, cx, cy, rx, ry, palette, seed=0, n=2200, size=6.0, kind="leaf",
                    clip=None):
        """pile of loose-leaf tea / petals / needles within an ellipse"""
        H, W = self.H, self.W
        r = np.random.default_rng(seed)
        acc = self.img.copy()
        order = sorted(range(n), key=lambda i: r.random())
        shadow_m = Mask(H, W, 1)
        pieces = []
        for i in range(n):
            a = r.random() * 2 * math.pi
            rr = math.sqrt(r.random())
            x = cx + math.cos(a) * rr * rx
            y = cy + math.sin(a) * rr * ry
            s = size * r.uniform(0.5, 1.4) * self.ss
            ang = r.random() * math.pi
            colr = palette[r.integers(len(palette))]
            pieces.append((x, y, s, ang, colr, rr))
        layer = np.zeros((H, W, 3), np.float32)
        alpha = np.zeros((H, W), np.float32)
        batch = 6
        chunks = [pieces[i::batch] for i in range(batch)]
        for ci, ch in enumerate(chunks):
            m = Mask(H, W, 1)
            cols = Image.new("RGB", (W, H), (0, 0, 0))
            cd = ImageDraw.Draw(cols)
            for (x, y, s, ang, colr, rr) in ch:
                if kind == "needle":
                    dx, dy = math.cos(ang) * s * 1.6, math.sin(ang) * s * 1.6
                    pts = [(x - dx, y - dy), (x + dx, y + dy)]
                    m.d.line(pts, fill=255, width=max(1, int(s * 0.22)))
                    cd.line(pts, fill=colr, width=max(1, int(s * 0.22)))
                elif kind == "flower":
                    rad = s * 0.55
                    m.d.ellipse([x - rad, y - rad, x + rad, y + rad], fill=255)
                    cd.ellipse([x - rad, y - rad, x + rad, y + rad], fill=colr)
                    cd.ellipse([x - rad * 0.45, y - rad * 0.45, x + rad * 0.45, y + rad * 0.45],
                               fill=(200, 150, 40))
                else:
                    k = 7
                    pts = []
                    curl = r.uniform(-0.5, 0.5)
                    for j in range(k):
                        tt = j / (k - 1) * 2 * math.pi
                        ex = math.cos(tt) * s
                        ey = math.sin(tt) * s * r.uniform(0.25, 0.45) + curl * ex * 0.3
                        pts.append((x + ex * math.cos(ang) - ey * math.sin(ang),
                                    y + ex * math.sin(ang) + ey * math.cos(ang)))
                    m.d.polygon(pts, fill=255)
                    cd.polygon(pts, fill=colr)
            a = m.get()
            c = (np.asarray(cols, np.float32) / 255.0) ** 2.2
            # each batch casts a little shadow on the ones below
            sh = blur(np.roll(a, int(2 * self.ss), 0), 1.5 * self.ss)
            layer *= (1 - 0.5 * sh)[..., None]
            lightv = 0.55 + 0.45 * r.random()
            layer = layer * (1 - a[..., None]) + c * lightv * a[..., None]
            alpha = np.maximum(alpha, a)
        yy, xx = grid(H, W)
        dome = np.sqrt(np.clip(1 - ((xx - cx) / rx) ** 2 - ((yy - cy) / ry) ** 2, 0, 1))
        lighting = 0.35 + 1.1 * dome * smoothstep(-1.2, 0.6, -(xx - cx) / rx - (yy - cy) / ry * 0.5)
        layer *= lighting[..., None]
        if clip is not None:
            alpha *= clip
        sh = blur(alpha, 6 * self.ss)
        self.img *= (1 - 0.5 * np.roll(sh, int(5 * self.ss), 0))[..., None]
        self.img[:] = self.img * (1 - alpha[..., None]) + layer * alpha[..., None]

    def finish(self, **kw):
        from artlib import finish
        u8 = finish(self.img, **kw)
        im = Image.fromarray(u8)
        if self.ss != 1:
            im = im.resize((self.w, self.h), Image.LANCZOS)
        return im


_steam_cache = {}


def steam_texture(seed, n=256):
    if seed not in _steam_cache:
        a = fft_noise(n, n, seed, beta=2.4)
        b = fft_noise(n, n, seed + 1, beta=3.0)
        _steam_cache[seed] = (0.6 * a + 0.4 * b).astype(np.float32)
    return _steam_cache[seed]


# ----------------------------------------------------------------------------
# labels
# ----------------------------------------------------------------------------

def make_label(w, h, lines, bg=(233, 224, 206), ink=(40, 32, 26), border=None, accent=None,
               mark=True):
    """lines: list of (text, size_frac, style, colour or None)"""
    im = Image.new("RGBA", (w, h), bg + (255,) if bg else (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if border:
        inset = int(h * 0.06)
        d.rectangle([inset, inset, w - inset, h - inset], outline=border, width=max(1, h // 120))
    total = 0
    fonts = []
    for text, sz, style, colr in lines:
        f = font(max(8, int(h * sz)), style)
        bb = d.textbbox((0, 0), text, font=f)
        fonts.append((f, bb))
        total += (bb[3] - bb[1]) + h * 0.04
    y = (h - total) / 2
    if mark:
        y += h * 0.05
        draw_mark(d, w / 2, y - h * 0.08, h * 0.09, accent or ink)
    for (text, sz, style, colr), (f, bb) in zip(lines, fonts):
        tw = bb[2] - bb[0]
        d.text(((w - tw) / 2 - bb[0], y - bb[1]), text, font=f, fill=colr or ink)
        y += (bb[3] - bb[1]) + h * 0.04
    return im


def draw_mark(d, cx, cy, r, colr):
    """tiny pine-in-circle brand mark for labels"""
    wd = max(1, int(r * 0.1))
    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=colr, width=wd)
    pts = [(cx, cy - r * 0.68), (cx - r * 0.3, cy - r * 0.1), (cx - r * 0.15, cy - r * 0.1),
           (cx - r * 0.45, cy + r * 0.4), (cx + r * 0.45, cy + r * 0.4), (cx + r * 0.15, cy - r * 0.1),
           (cx + r * 0.3, cy - r * 0.1)]
    d.line(pts + [pts[0]], fill=colr, width=wd, joint="curve")
    d.line([(cx, cy + r * 0.4), (cx, cy + r * 0.65)], fill=colr, width=wd)
