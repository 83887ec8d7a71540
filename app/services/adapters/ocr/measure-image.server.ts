import sharp, { type Sharp } from "sharp";
import type { ImageMeasures } from "~/models/image-classifier";
import { defaultPixelPool, type PixelPool } from "./pixel-worker.server";

/**
 * The classifier's measures of an image (the kernels: image-measures.server.ts), taken on a thumbnail at most 192 px
 * a side in a pixel worker thread. Apart from the kernels because the pixel workers are given their source.
 */

const THUMBNAIL = 192;

/** Measures of an image already decoded and turned upright by sharp (`image` is cloned, not consumed). */
export async function measureImage(
  image: Sharp,
  original: { width: number; height: number },
  pixels: PixelPool = defaultPixelPool(),
): Promise<ImageMeasures> {
  const { data, info } = await image
    .clone()
    .resize(THUMBNAIL, THUMBNAIL, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pixels.measure(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, original);
}

/** Measures of encoded image bytes (JPEG, PNG, TIFF, WebP), up to a phone photo's 50 Mpx. */
export async function measureImageBytes(bytes: Buffer, pixels?: PixelPool): Promise<ImageMeasures> {
  const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
  const { width = 0, height = 0, orientation } = await image.metadata();
  const upright = orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  return measureImage(image, upright, pixels);
}
