/**
 * The format edge cases an upload meets: HEIC (from iPhones; encoded with Debian's heif-enc, skipped with a
 * warning when it is missing), TIFF (from scanners), a PDF with a text layer, and files whose extension lies
 * (a PNG named .pdf, a PDF named .jpg). The manifest keeps each file's true content type.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/** PNG → HEIC with heif-enc; null (and a warning) when heif-enc is not installed or fails. */
export function encodeHeic(png: Buffer, quality = 50): Buffer | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rx-heic-"));
  try {
    const input = path.join(dir, "in.png");
    const output = path.join(dir, "out.heic");
    fs.writeFileSync(input, png);
    const result = spawnSync("heif-enc", ["-q", String(quality), "-o", output, input], { encoding: "utf8" });
    if (result.error || result.status !== 0 || !fs.existsSync(output)) {
      const why = result.error ? result.error.message : result.stderr.trim();
      console.warn(`warning: no HEIC fixture (heif-enc unavailable or failed: ${why})`);
      return null;
    }
    return fs.readFileSync(output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** HEVC wants even dimensions; a PNG of a rendered page can be odd. */
export async function evenSized(png: Buffer, maxWidth?: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  let width = meta.width ?? 2;
  let height = meta.height ?? 2;
  if (maxWidth && width > maxWidth) {
    height = Math.round((height * maxWidth) / width);
    width = maxWidth;
  }
  return sharp(png)
    .resize({ width: width - (width % 2), height: height - (height % 2), fit: "fill" })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
}

export async function encodeTiff(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .flatten({ background: "#ffffff" })
    .tiff({ compression: "deflate", predictor: "horizontal" })
    .toBuffer();
}
