/**
 * "Phone photo" damage: the clean page is shrunk a little, warped onto a tilted quadrilateral (rotation within
 * ±7°, mild keystone), laid on a desk-coloured background with a soft shadow, lit unevenly (a linear fall-off
 * plus a hotspot, a colour cast, sometimes a fold crease), given sensor noise, blurred (sigma 0.5–1.4) and saved
 * as a JPEG of quality 35–70. A quarter of photos also catch glare (a blown-out specular blob) and a fifth are
 * taken in low light (dark, flat, noisy). The pixel loop is plain JS over raw RGB: about 2 megapixels per image.
 */
import sharp from "sharp";
import { type Rng } from "./random";
import { homography, photoQuad, type Point } from "./warp";

export interface PhotoOptions {
  /** Largest output width; the photo is scaled down to it when larger. */
  maxWidth?: number;
  /** A fixed JPEG quality instead of a random one in 35–70 (the committed set wants small, even files). */
  quality?: number;
  /** Whether the paper may show a fold crease (not for a box label, which is printed on card). */
  foldable?: boolean;
  /**
   * Whether this photo may also get glare (a bright specular blob, 25 %) or low light (dark, noisy, flat,
   * 20 %). On by default; the committed set turns it off so its photo stays the one its tests were written on.
   */
  hardLight?: boolean;
}

/** Glare and low light, drawn from a side stream so the draws above (and older photos) stay as they were. */
function drawHardLight(rng: Rng, outW: number, outH: number, enabled: boolean) {
  const side = rng.fork("hard-light");
  const glare = enabled && side.chance(0.25);
  const low = enabled && side.chance(0.2);
  const glareX = side.float(0.15, 0.85) * outW;
  const glareY = side.float(0.15, 0.85) * outH;
  const glareRx = side.float(0.05, 0.16) * outW;
  const glareRy = glareRx * side.float(0.5, 1.4);
  const glareStrength = glare ? side.float(0.75, 1.0) : 0;
  return {
    glare,
    low,
    // A blown-out core: the blob saturates to white in its middle and fades over its radius.
    glareCol: Float32Array.from({ length: outW }, (_, x) => Math.exp(-(((x - glareX) / glareRx) ** 2))),
    glareRow: Float32Array.from({ length: outH }, (_, y) => Math.exp(-(((y - glareY) / glareRy) ** 2))),
    glareStrength,
    exposure: low ? side.float(0.42, 0.62) : 1,
    contrast: low ? side.float(0.55, 0.8) : 1,
    extraNoise: low ? side.float(5, 10) : 0,
  };
}

interface Desk {
  base: readonly [number, number, number];
  grain: number;
  grainScale: number;
}

const DESKS: readonly Desk[] = [
  { base: [122, 84, 52], grain: 18, grainScale: 1.6 }, // walnut
  { base: [160, 118, 78], grain: 16, grainScale: 2.2 }, // oak
  { base: [70, 72, 78], grain: 4, grainScale: 30 }, // dark grey laminate
  { base: [92, 100, 112], grain: 5, grainScale: 25 }, // slate
  { base: [48, 82, 62], grain: 3, grainScale: 40 }, // green blotter
  { base: [110, 104, 98], grain: 9, grainScale: 3 }, // granite
];

export async function photograph(png: Buffer, rng: Rng, options: PhotoOptions = {}): Promise<Buffer> {
  const scale = rng.float(0.72, 0.92);
  const meta = await sharp(png).metadata();
  const srcW = Math.round((meta.width ?? 1000) * scale);
  const { data: src, info } = await sharp(png)
    .resize({ width: srcW })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;

  const quad = photoQuad(w, h, {
    angleDeg: rng.float(-7, 7),
    tiltX: rng.float(-0.07, 0.07),
    tiltY: rng.float(-0.05, 0.05),
    jitter: () => rng.float(-0.012, 0.012),
  });
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const marginX = w * rng.float(0.05, 0.16);
  const marginY = h * rng.float(0.04, 0.12);
  const outW = Math.round(Math.max(...xs) - Math.min(...xs) + 2 * marginX);
  const outH = Math.round(Math.max(...ys) - Math.min(...ys) + 2 * marginY);
  const offX = marginX - Math.min(...xs) + rng.float(-0.4, 0.4) * marginX;
  const offY = marginY - Math.min(...ys) + rng.float(-0.4, 0.4) * marginY;
  const dest: Point[] = quad.map(([x, y]) => [x + offX, y + offY]);
  // Inverse mapping: for each photo pixel, where on the page it came from.
  const inv = homography(dest, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const [a, b, c, d, e, f, g, hh] = inv as [number, number, number, number, number, number, number, number];

  const desk = rng.pick(DESKS);
  const lightAngle = rng.float(0, Math.PI * 2);
  const lx = Math.cos(lightAngle) / outW;
  const ly = Math.sin(lightAngle) / outH;
  const fall = rng.float(0.12, 0.3); // brightness drop across the frame
  const spotX = rng.float(0.2, 0.8) * outW;
  const spotY = rng.float(0.2, 0.8) * outH;
  const spotR2 = (rng.float(0.25, 0.5) * Math.max(outW, outH)) ** 2;
  const spot = rng.float(0, 0.12);
  const exposure = rng.float(0.9, 1.04);
  const cast: [number, number, number] = rng.pick([
    [1.03, 1.0, 0.93], // warm lamp
    [0.97, 1.0, 1.04], // daylight, cool
    [1.0, 1.0, 1.0],
    [1.02, 1.01, 0.97],
  ]);
  const hard = drawHardLight(rng, outW, outH, options.hardLight !== false);
  const noiseSigma = rng.float(2, 6) + hard.extraNoise;
  const shadowShiftU = rng.float(-0.01, 0.03) * w;
  const shadowShiftV = rng.float(0, 0.03) * h;
  const shadowR = Math.max(w, h) * rng.float(0.012, 0.03);
  const folded = rng.chance(0.3) && options.foldable !== false;
  const fold = folded ? h * rng.pick([1 / 3, 1 / 2, 2 / 3]) : -1e9;
  let seed = (rng.int(1, 0x7fffffff) | 1) >>> 0;

  // The hotspot is separable (exp(-dx²) · exp(-dy²)), so it costs two small tables instead of an exp per pixel.
  const spotCol = Float32Array.from({ length: outW }, (_, x) => Math.exp(-((x - spotX) ** 2) / spotR2));
  const spotRow = Float32Array.from({ length: outH }, (_, y) => Math.exp(-((y - spotY) ** 2) / spotR2));
  const out = Buffer.alloc(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const den = g * x + hh * y + 1;
      const u = (a * x + b * y + c) / den;
      const v = (d * x + e * y + f) / den;
      const edge = Math.min(u, w - 1 - u, v, h - 1 - v);
      let r = 0;
      let gr = 0;
      let bl = 0;
      if (edge < 1) {
        // Desk colour: grain along x with a slow wave, plus the page's soft shadow.
        const wave = y + 6 * Math.sin(x / 290 + y / 510) + 2.5 * Math.sin(x / 41 + y / 170);
        const grain =
          Math.sin(wave / desk.grainScale) * desk.grain * (0.5 + 0.5 * Math.sin(y / 23 + 1.7 * Math.sin(x / 150)));
        const du = Math.max(-(u - shadowShiftU), u - shadowShiftU - w, 0);
        const dv = Math.max(-(v - shadowShiftV), v - shadowShiftV - h, 0);
        const shadow = 1 - 0.45 * Math.exp(-Math.sqrt(du * du + dv * dv) / shadowR);
        r = (desk.base[0] + grain) * shadow;
        gr = (desk.base[1] + grain * 0.8) * shadow;
        bl = (desk.base[2] + grain * 0.6) * shadow;
      }
      // Page pixels, with a one-pixel blend at the edge so the border is not jagged.
      if (edge > -1) {
        const uu = u < 0 ? 0 : u > w - 1.001 ? w - 1.001 : u;
        const vv = v < 0 ? 0 : v > h - 1.001 ? h - 1.001 : v;
        const x0 = uu | 0;
        const y0 = vv | 0;
        const fx = uu - x0;
        const fy = vv - y0;
        const i00 = (y0 * w + x0) * 3;
        const i01 = i00 + w * 3;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const fd = v - fold;
        const crease =
          fd > -20 && fd < 20 ? 1 - 0.12 * Math.exp(-((fd / 5) ** 2)) + (fd > 0 ? 0.02 : 0) : fd > 0 ? 1.02 : 1;
        const k = (edge >= 0 ? 1 : edge + 1) * crease;
        const keep = edge >= 0 ? 0 : 1 - (edge + 1);
        r = r * keep + (src[i00]! * w00 + src[i00 + 3]! * w10 + src[i01]! * w01 + src[i01 + 3]! * w11) * k;
        gr = gr * keep + (src[i00 + 1]! * w00 + src[i00 + 4]! * w10 + src[i01 + 1]! * w01 + src[i01 + 4]! * w11) * k;
        bl = bl * keep + (src[i00 + 2]! * w00 + src[i00 + 5]! * w10 + src[i01 + 2]! * w01 + src[i01 + 5]! * w11) * k;
      }
      const light =
        hard.exposure * (exposure * (1 - fall * (0.5 + (x * lx + y * ly))) + spot * spotCol[x]! * spotRow[y]!);
      // xorshift32 twice: a cheap, roughly bell-shaped noise value.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const n1 = (seed >>> 0) / 4294967296;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const n = (n1 + (seed >>> 0) / 4294967296 - 1) * 2.45 * noiseSigma;
      const o = (y * outW + x) * 3;
      let R = r * light * cast[0];
      let G = gr * light * cast[1];
      let B = bl * light * cast[2];
      if (hard.low) {
        // A dim room: the sensor's range squeezed towards its dark middle.
        const mid = 70;
        R = mid + (R - mid) * hard.contrast;
        G = mid + (G - mid) * hard.contrast;
        B = mid + (B - mid) * hard.contrast;
      }
      if (hard.glare) {
        const k = Math.min(1, hard.glareStrength * 1.3 * hard.glareCol[x]! * hard.glareRow[y]!);
        R += (255 - R) * k;
        G += (255 - G) * k;
        B += (255 - B) * k;
      }
      out[o] = clamp(R + n);
      out[o + 1] = clamp(G + n);
      out[o + 2] = clamp(B + n);
    }
  }

  let photo = sharp(out, { raw: { width: outW, height: outH, channels: 3 } }).blur(rng.float(0.5, 1.4));
  if (options.maxWidth && outW > options.maxWidth) photo = photo.resize({ width: options.maxWidth });
  const quality = rng.int(35, 70);
  return photo.jpeg({ quality: options.quality ?? quality, chromaSubsampling: "4:2:0" }).toBuffer();
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}
