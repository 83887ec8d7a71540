/**
 * Image-only PDFs: what a flatbed scanner or a phone's "scan document" app makes. One page holding one JPEG and
 * no text layer, so a reader must render the page and read the picture. The page is sized to the picture at
 * 150–200 dpi (a letter-sized sheet for a full page). Fixed metadata dates, so the bytes repeat per seed.
 */
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { type Rng } from "./random";

const FIXED_DATE = new Date("2026-01-15T12:00:00Z");

/** A clean page as a scanner's JPEG: slightly grey paper, quality 75–90. */
export async function scanJpeg(png: Buffer, rng: Rng): Promise<Buffer> {
  return sharp(png)
    .flatten({ background: "#ffffff" })
    .linear(rng.float(0.93, 1), rng.float(-4, 0))
    .jpeg({ quality: rng.int(75, 90) })
    .toBuffer();
}

export async function imagePdf(jpeg: Buffer, rng: Rng): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setProducer(rng.pick(["ScanSnap Manager", "Adobe Scan", "HP Scan", "Genius Scan"]));
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const image = await pdf.embedJpg(jpeg);
  const dpi = rng.pick([150, 200]);
  const width = (image.width * 72) / dpi;
  const height = (image.height * 72) / dpi;
  const page = pdf.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return pdf.save({ useObjectStreams: false });
}
