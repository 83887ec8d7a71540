/**
 * Makes a rendered picture look like a camera photo rather than a drawing: slight blur, a vignette, sensor
 * noise, a colour tweak and JPEG compression. Used for the Human and Other classes (documents get the fuller
 * treatment of damage.ts instead).
 */
import sharp from "sharp";
import { type Rng } from "../random";

export async function photoize(png: Buffer, rng: Rng, maxWidth = 1200): Promise<Buffer> {
  const { data, info } = await sharp(png)
    .resize({ width: maxWidth, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const vignette = rng.float(0.1, 0.35);
  const sigma = rng.float(2, 7);
  let seed = (rng.int(1, 0x7fffffff) | 1) >>> 0;
  const rand = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed / 4294967296;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const light = 1 - vignette * (dx * dx + dy * dy) * 2;
      const n = (rand() + rand() - 1) * sigma * 2.45;
      const i = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) data[i + ch] = Math.max(0, Math.min(255, data[i + ch]! * light + n));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .blur(rng.float(0.6, 1.8))
    .modulate({ saturation: rng.float(0.85, 1.15), brightness: rng.float(0.92, 1.06) })
    .jpeg({ quality: rng.int(55, 82) })
    .toBuffer();
}
