import sharp from "sharp";
import type { ImageMeasures } from "~/models/image-classifier";
import { measureImage } from "~/services/prescriptions/image-measures.server";
import type { RawImage } from "./heic.server";

/**
 * An upload made ready for tesseract: turned upright (EXIF), grey, scaled so that body text is ~30 px tall (the size
 * tesseract's LSTM model was trained on), contrast stretched; handed over as PGM (raw grey with a 15-byte header),
 * which costs neither sharp nor leptonica any compression. The classifier's measures come from the same decode.
 */

/** Bigger than any phone photo the store accepts; a decompression bomb stops here, not in memory. */
const MAX_INPUT_PIXELS = 60_000_000;
/**
 * Width tesseract reads at. The upload page shrinks photos to 1280 px; a letter-size page at that width has 9–12 px
 * body text, too small for reliable digits, so narrow images are enlarged and huge scans reduced.
 */
export const OCR_WIDTH = { min: 1800, max: 2400 };

export type SniffedType = "pdf" | "png" | "jpeg" | "tiff" | "webp" | "heic" | "gif" | "unknown";

/** The type the bytes really are (an upload's name and content type can lie). */
export function sniffType(bytes: Uint8Array): SniffedType {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 5) === "%PDF-") return "pdf";
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return "tiff";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 3) === "GIF") return "gif";
  if (ascii(4, 8) === "ftyp" && /^(?:heic|heix|hevc|hevx|mif1|msf1|heim|heis)$/.test(ascii(8, 12))) return "heic";
  return "unknown";
}

export interface PreparedImage {
  /** The page for tesseract (PGM). */
  pgm: Buffer;
  measures: ImageMeasures;
}

/** Encoded bytes (JPEG, PNG, TIFF, WebP) or decoded RGBA pixels (a HEIC, see heic.server.ts). */
export async function prepareImage(input: Buffer | RawImage): Promise<PreparedImage> {
  const image = (
    Buffer.isBuffer(input)
      ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      : sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } })
  ).rotate();
  const metadata = await image.metadata();
  const sideways = (metadata.orientation ?? 1) >= 5;
  const width = (sideways ? metadata.height : metadata.width) ?? 0;
  const height = (sideways ? metadata.width : metadata.height) ?? 0;
  if (width < 16 || height < 16) throw new Error("image too small");

  const measuring = measureImage(image, { width, height });
  const targetWidth = Math.min(OCR_WIDTH.max, Math.max(OCR_WIDTH.min, width));
  // Very tall or wide images keep their longest side within what tesseract handles in a few seconds.
  const scale = Math.min(targetWidth / width, 3200 / Math.max(width, height));
  const { data, info } = await image
    .clone()
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: "lanczos3", fit: "fill" })
    .normalise({ lower: 1, upper: 99 })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const header = Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, "ascii");
  return { pgm: Buffer.concat([header, data]), measures: await measuring };
}
