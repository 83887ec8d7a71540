import os from "node:os";
import sharp, { type Sharp } from "sharp";
import { type AcceptedFileType, JPEG_QUALITY, MAX_IMAGE_SIDE, MAX_INPUT_PIXELS } from "~/models/file-type";
import { decodeHeic } from "../adapters/ocr/heic.server";

/**
 * The upload's shrink (spec 2 §4 Prescription upload): HEIC, which sharp's prebuilt libvips cannot decode, is decoded
 * to pixels first (libheif, in a worker thread: a phone photo takes seconds of CPU, which must not hold the request
 * thread; libheif applies the photo's rotation); then every image is turned upright by its EXIF orientation, fitted
 * inside 1280 × 1280 without enlarging, flattened onto white and written as a JPEG of quality 60. PDFs pass through
 * as they came. The output carries no metadata (a phone photo's EXIF, GPS included, is dropped).
 *
 * Memory and CPU are bounded (issue 24, decision 47): an image over `MAX_INPUT_PIXELS` is refused by its header,
 * before it is decoded; libvips reads the rest sequentially (it shrinks a JPEG while decoding it, and keeps a strip
 * of rows, not the whole picture); and at most `MAX_CONCURRENT_SHRINKS` run at once, the others wait their turn, so
 * sixteen uploads at once hold one or two decodes, not sixteen, and leave a core to the event loop.
 */

/** Shrinks at once in this process: one core left to the event loop (at least one, at most two). */
export const MAX_CONCURRENT_SHRINKS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** A HEIC decode taking longer than this is given up ('Error shrinking image'). */
const HEIC_DECODE_TIMEOUT_MS = 30_000;

/** What the shopper reads for an image over the pixel limit (the shrink's own failure keeps the spec's words). */
export const TOO_MANY_PIXELS_MESSAGE =
  "That picture is too big for us to read (over 50 megapixels). Please take the photo again at a lower " +
  "resolution, or send a scan.";

export interface ProcessedUpload {
  stored: "jpeg" | "pdf";
  bytes: Buffer;
  contentType: "image/jpeg" | "application/pdf";
  width: number | null;
  height: number | null;
}

/**
 * The image could not be decoded or shrunk (spec 2 §8: 'Error shrinking image'), or is too large to try:
 * `shopperMessage` then says so in place of the spec's words.
 */
export class ShrinkError extends Error {
  override name = "ShrinkError";
  constructor(message: string, options?: { cause?: unknown; shopperMessage?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.shopperMessage = options?.shopperMessage ?? null;
  }
  readonly shopperMessage: string | null;
}

/** A counting semaphore: `run` waits for one of `size` places. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly size: number) {}

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The place passes straight to the next waiter (the count stays), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const shrinks = new Semaphore(MAX_CONCURRENT_SHRINKS);

export async function processUpload(bytes: Buffer, type: AcceptedFileType): Promise<ProcessedUpload> {
  if (type === "pdf") return { stored: "pdf", bytes, contentType: "application/pdf", width: null, height: null };
  const pixels = await declaredPixels(bytes, type);
  if (pixels !== null && pixels > MAX_INPUT_PIXELS) {
    throw new ShrinkError("the image has too many pixels", { shopperMessage: TOO_MANY_PIXELS_MESSAGE });
  }
  return shrinks.run(() => shrink(bytes, type));
}

async function shrink(bytes: Buffer, type: AcceptedFileType): Promise<ProcessedUpload> {
  try {
    const input =
      type === "heic"
        ? await heicPixels(bytes)
        : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true });
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

/**
 * The pixels the file says it has, from its header (nothing decoded), or null when the header can't tell (the
 * decode's own limit still holds then). HEIC's is read from its `ispe` boxes, since its decoder takes no limit.
 */
export async function declaredPixels(bytes: Buffer, type: AcceptedFileType): Promise<number | null> {
  if (type === "heic") return heicDeclaredPixels(bytes);
  try {
    // A multi-page TIFF's size is its first page's, the one the shrink reads.
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/** The largest `ispe` (image spatial extents) box in a HEIC's first megabyte: the full image's, or a tile's. */
function heicDeclaredPixels(bytes: Buffer): number | null {
  const head = bytes.subarray(0, 1024 * 1024);
  let largest: number | null = null;
  for (let at = head.indexOf("ispe"); at >= 0; at = head.indexOf("ispe", at + 4)) {
    // 'ispe', then version and flags (4 bytes), width and height (4 bytes each, big-endian).
    if (at + 16 > head.length) break;
    const pixels = head.readUInt32BE(at + 8) * head.readUInt32BE(at + 12);
    largest = Math.max(largest ?? 0, pixels);
  }
  return largest;
}

async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const raw = await decodeHeic(bytes, HEIC_DECODE_TIMEOUT_MS);
  return sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), {
    limitInputPixels: MAX_INPUT_PIXELS,
    raw: { width: raw.width, height: raw.height, channels: 4 },
  });
}
