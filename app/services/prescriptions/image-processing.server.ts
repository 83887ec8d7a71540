import sharp, { type Sharp } from "sharp";
import type { AcceptedFileType } from "~/models/file-type";
import { decodeHeic } from "../adapters/ocr/heic.server";

/**
 * The upload's shrink (spec 2 §4 Prescription upload): HEIC, which sharp's prebuilt libvips cannot decode, is decoded
 * to pixels first (libheif, in a worker thread: a phone photo takes seconds of CPU, which must not hold the request
 * thread; libheif applies the photo's rotation); then every image is turned upright by its EXIF orientation, fitted
 * inside 1280 × 1280 without enlarging, flattened onto white and written as a JPEG of quality 60. PDFs pass through
 * as they came. The output carries no metadata (a phone photo's EXIF, GPS included, is dropped).
 */

export const MAX_IMAGE_SIDE = 1280;
export const JPEG_QUALITY = 60;
/** Larger images are refused before decoding (a 48 MP phone photo is 8064 × 6048): a small file can claim huge sizes. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** A HEIC decode taking longer than this is given up ('Error shrinking image'). */
const HEIC_DECODE_TIMEOUT_MS = 30_000;

export interface ProcessedUpload {
  stored: "jpeg" | "pdf";
  bytes: Buffer;
  contentType: "image/jpeg" | "application/pdf";
  width: number | null;
  height: number | null;
}

/** The image could not be decoded or shrunk (spec 2 §8: 'Error shrinking image'). */
export class ShrinkError extends Error {
  override name = "ShrinkError";
}

export async function processUpload(bytes: Buffer, type: AcceptedFileType): Promise<ProcessedUpload> {
  if (type === "pdf") return { stored: "pdf", bytes, contentType: "application/pdf", width: null, height: null };
  try {
    const input =
      type === "heic" ? await heicPixels(bytes) : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { data, info } = await input
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { stored: "jpeg", bytes: data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch (error) {
    throw new ShrinkError("the image could not be shrunk", { cause: error });
  }
}

async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const raw = await decodeHeic(bytes, HEIC_DECODE_TIMEOUT_MS);
  return sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), {
    limitInputPixels: MAX_INPUT_PIXELS,
    raw: { width: raw.width, height: raw.height, channels: 4 },
  });
}
