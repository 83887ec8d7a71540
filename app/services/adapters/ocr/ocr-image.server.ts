import sharp, { type Sharp } from "sharp";
import { MAX_INPUT_PIXELS } from "~/models/file-type";
import type { ImageMeasures } from "~/models/image-classifier";
import { measureImage } from "./measure-image.server";
import type { Grey } from "./ocr-preprocess.server";
import { defaultPixelPool, type PixelPool } from "./pixel-worker.server";

/**
 * An upload made ready for tesseract. A small grey copy is analysed first: the skew of the text, the page on the
 * desk and the height of a text line. Then the image is turned upright (EXIF, then the skew), cropped to the page,
 * scaled so a text line is ~targetLine px tall (what tesseract's model reads best), its light evened out and its
 * rules removed, and handed over as PGM (raw grey with a 15-byte header: no compression for sharp to write or
 * leptonica to read). The classifier's measures come from the same decode. sharp works on libuv's threads and the
 * pixel loops in the pixel workers (pixel-worker.server.ts): nothing here holds the event loop.
 *
 * Two profiles: "full" for reading (a grey copy up to 3000 px a side, text lines 42 px tall, up to 7 Mpx for OCR)
 * and "quick" for classifying at upload (1400 px, 26 px lines, 1.2 Mpx: a fraction of the OCR time).
 */

/** The analysis copy's longest side. */
const ANALYSIS_SIZE = 800;
/** A text line's height (ascender to descender) after scaling, in pixels, for the full read. */
export const TARGET_LINE = 42;

export type PrepareProfile = "full" | "quick";

export const PROFILES: Record<PrepareProfile, { greySide: number; targetLine: number; maxOcrPixels: number }> = {
  full: { greySide: 3000, targetLine: TARGET_LINE, maxOcrPixels: 7_000_000 },
  quick: { greySide: 1400, targetLine: 26, maxOcrPixels: 1_200_000 },
};
/** Scaling bounds. */
const MIN_SCALE = 0.5;
const MAX_SCALE = 3.5;

/** Decoded pixels (HEIC comes this way: heic.server.ts). */
export interface RawImage {
  width: number;
  height: number;
  /** RGBA, row-major. */
  data: Uint8Array;
}

/** An image over MAX_INPUT_PIXELS (or under 16 px a side): refused before decoding. */
export class ImageSizeError extends Error {
  override name = "ImageSizeError";
}

export interface PreparedImage {
  /** The page for tesseract (PGM). */
  pgm: Buffer;
  measures: ImageMeasures;
  /** What the analysis found (for the bench and the dev page). */
  analysis: { skewDegrees: number; scale: number; cropped: boolean; width: number; height: number };
}

async function greyRaw(image: Sharp): Promise<Grey> {
  // sharp turns a one-channel input into sRGB on output unless told to stay grey.
  const { data, info } = await image.toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error("expected one channel");
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function greyInput(grey: Grey): Sharp {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
}

/** The median grey of the image's outermost pixels (a few thousand values: cheap enough for the event loop). */
function borderGrey({ data, width, height }: Grey): number {
  const values: number[] = [];
  for (let x = 0; x < width; x++) values.push(data[x]!, data[(height - 1) * width + x]!);
  for (let y = 0; y < height; y++) values.push(data[y * width]!, data[y * width + width - 1]!);
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

/** Width and height, upright, read from the header without decoding; ImageSizeError when out of bounds. */
export async function uprightSize(input: Buffer | RawImage): Promise<{ width: number; height: number }> {
  if (!Buffer.isBuffer(input)) return checkSize(input.width, input.height);
  const metadata = await sharp(input).metadata();
  const sideways = (metadata.orientation ?? 1) >= 5;
  return checkSize(
    (sideways ? metadata.height : metadata.width) ?? 0,
    (sideways ? metadata.width : metadata.height) ?? 0,
  );
}

function checkSize(width: number, height: number): { width: number; height: number } {
  if (width < 16 || height < 16) throw new ImageSizeError("image too small");
  if (width * height > MAX_INPUT_PIXELS) throw new ImageSizeError("image too large");
  return { width, height };
}

/** Encoded bytes (JPEG, PNG, TIFF, WebP) or decoded RGBA pixels (a HEIC, see heic.server.ts). */
export async function prepareImage(
  input: Buffer | RawImage,
  options: { pixels?: PixelPool; profile?: PrepareProfile } = {},
): Promise<PreparedImage> {
  const pixels = options.pixels ?? defaultPixelPool();
  const profile = PROFILES[options.profile ?? "full"];
  const { width, height } = await uprightSize(input);
  const decoded = (
    Buffer.isBuffer(input)
      ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      : sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } })
  ).rotate();
  const measuring = measureImage(decoded, { width, height }, pixels);
  // A rejection while the grey copy is being made must not go unhandled.
  measuring.catch(() => {});

  // One grey copy, at most greySide px a side: every later step starts from it.
  const fullScale = Math.min(1, profile.greySide / Math.max(width, height));
  const grey = await greyRaw(
    decoded
      .clone()
      .flatten({ background: "#ffffff" })
      .resize(Math.round(width * fullScale), Math.round(height * fullScale), { fit: "fill" }),
  );
  const analysisScale = Math.min(1, ANALYSIS_SIZE / Math.max(grey.width, grey.height));
  const small = async (image: Grey) =>
    analysisScale === 1
      ? image
      : greyRaw(
          greyInput(image).resize(Math.round(image.width * analysisScale), Math.round(image.height * analysisScale), {
            fit: "fill",
          }),
        );

  const { skewDegrees, lineHeight: line } = await pixels.analyse(await small(grey));
  // The corners a rotation uncovers take the border's grey, so a desk stays one desk and the page box stays tight.
  const border = borderGrey(grey);
  const upright =
    Math.abs(skewDegrees) < 0.3
      ? grey
      : await greyRaw(greyInput(grey).rotate(-skewDegrees, { background: { r: border, g: border, b: border } }));
  const uprightSmall = await small(upright);
  const box = await pixels.pageBox(uprightSmall);
  const cropped = box.width < uprightSmall.width || box.height < uprightSmall.height;
  const toFull = 1 / analysisScale;
  const crop = {
    left: Math.round(box.left * toFull),
    top: Math.round(box.top * toFull),
    width: Math.min(upright.width - Math.round(box.left * toFull), Math.round(box.width * toFull)),
    height: Math.min(upright.height - Math.round(box.top * toFull), Math.round(box.height * toFull)),
  };
  let scale = line ? profile.targetLine / (line * toFull) : (1800 * profile.targetLine) / TARGET_LINE / crop.width;
  scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  scale = Math.min(scale, Math.sqrt(profile.maxOcrPixels / (crop.width * crop.height)));
  const scaled = await greyRaw(
    greyInput(upright)
      .extract(crop)
      .resize(Math.max(1, Math.round(crop.width * scale)), Math.max(1, Math.round(crop.height * scale)), {
        kernel: "lanczos3",
        fit: "fill",
      }),
  );
  const page = await pixels.finish(scaled, profile.targetLine);
  const header = Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, "ascii");
  return {
    pgm: Buffer.concat([header, page.data]),
    measures: await measuring,
    analysis: { skewDegrees, scale: scale * fullScale, cropped, width: page.width, height: page.height },
  };
}
