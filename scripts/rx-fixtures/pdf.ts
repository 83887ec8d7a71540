/**
 * A one-page PDF prescription drawn with pdf-lib, so the file has a real text layer (a reader can take the text
 * without OCR). Standard fonts only speak WinAnsi, so the minus is always the ASCII hyphen here. Dates and ids
 * in the metadata are fixed, so the bytes are the same on every run.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { type Rng } from "./random";
import { printDate, printName } from "./printing";
import { type Truth } from "./types";
import { printedLicense, type RxDoc, rxTruth } from "./values";
import { signaturePaths } from "./layouts/common";
import { eyeText } from "./layouts/eye-text";
import { cityLine, clinicStreetLine } from "./layouts/parts";

const FIXED_DATE = new Date("2026-01-15T12:00:00Z");

/** The PDF prints the exam date, the licence and the NPI on every page. */
export function pdfTruth(doc: RxDoc): Truth {
  return rxTruth(doc, { issueDate: true, license: printedLicense(doc), npi: doc.doctor.npi });
}

export async function prescriptionPdf(doc: RxDoc, rng: Rng): Promise<Uint8Array> {
  const style = { ...doc.style, minus: "-" as const };
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle("Contact Lens Prescription");
  pdf.setProducer("Lenslane rx-fixtures");
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(rng.chance(0.5) ? StandardFonts.Helvetica : StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const accent = rgb(0.12, 0.3, 0.47);
  const text = (s: string, x: number, y: number, size = 11, font = regular, color = ink) =>
    page.drawText(s, { x, y, size, font, color });

  let y = 740;
  text(doc.clinic.name, 54, y, 20, bold, accent);
  y -= 18;
  text(`${clinicStreetLine(doc)}, ${cityLine(doc.clinic.place)}`, 54, y, 10);
  y -= 14;
  text(`Phone ${doc.clinic.phone}${doc.clinic.fax ? `   Fax ${doc.clinic.fax}` : ""}`, 54, y, 10);
  page.drawLine({ start: { x: 54, y: y - 10 }, end: { x: 558, y: y - 10 }, thickness: 1.5, color: accent });
  y -= 44;
  text("CONTACT LENS PRESCRIPTION", 54, y, 15, bold);
  y -= 30;
  const field = (label: string, value: string, x: number) => {
    text(`${label}:`, x, y, 11, bold);
    text(value, x + bold.widthOfTextAtSize(`${label}: `, 11), y, 11);
  };
  field("Patient", printName(doc.patient.firstName, doc.patient.lastName, style.nameFormat), 54);
  if (doc.shows.dateOfBirth) field("DOB", printDate(doc.patient.dateOfBirth, style.dateFormat), 340);
  y -= 18;
  if (doc.shows.patientAddress) {
    field("Address", `${doc.patient.street}, ${cityLine(doc.patient.place)}`, 54);
    y -= 18;
  }
  field("Exam Date", printDate(doc.examDate, style.dateFormat), 54);
  y -= 36;

  // The table: eyes as rows.
  const columns = ["Eye", "Brand", "Sphere", "Cyl", "Axis", "Add", "BC", "DIA"];
  const widths = [40, 170, 56, 48, 42, 48, 46, 46];
  const rowH = 24;
  const drawRow = (cells: string[], font = regular) => {
    let x = 54;
    cells.forEach((cell, i) => {
      page.drawRectangle({ x, y: y - 7, width: widths[i]!, height: rowH, borderColor: ink, borderWidth: 0.8 });
      const size = cell.length > 28 ? 7.5 : 10;
      text(cell, x + 4, y, size, font);
      x += widths[i]!;
    });
    y -= rowH;
  };
  drawRow(columns, bold);
  for (const key of ["OD", "OS"] as const) {
    const eye = doc.eyes[key];
    if (!eye) {
      drawRow([key, "No lens", "", "", "", "", "", ""]);
      continue;
    }
    const t = eyeText(eye, style);
    drawRow([
      key,
      t.color ? `${t.brand} (${t.color})` : t.brand,
      t.sphere,
      t.cylinder ?? "",
      t.axis ?? "",
      t.add ?? "",
      t.baseCurve,
      t.diameter,
    ]);
  }
  y -= 24;
  if (doc.shows.expiration) {
    field("Expiration Date", printDate(doc.expirationDate, style.dateFormat), 54);
    y -= 18;
  }
  const lens = (doc.eyes.OD ?? doc.eyes.OS)!.lens;
  field("Replacement", lens.replacement, 54);
  y -= 70;

  const sig = signaturePaths(rng, 220, 56);
  for (const path of [sig.main, sig.tail]) {
    page.drawSvgPath(path, { x: 54, y: y + 56, borderColor: rgb(0.1, 0.16, 0.42), borderWidth: sig.stroke });
  }
  page.drawLine({ start: { x: 54, y: y - 4 }, end: { x: 300, y: y - 4 }, thickness: 0.8, color: ink });
  y -= 18;
  const { firstName, lastName, credential } = doc.doctor;
  text(`Dr. ${firstName} ${lastName}, ${credential}`, 54, y, 11);
  y -= 14;
  text(`License # ${doc.doctor.license || doc.doctor.npi.slice(0, 6)}   NPI ${doc.doctor.npi}`, 54, y, 9);
  return pdf.save({ useObjectStreams: false });
}
