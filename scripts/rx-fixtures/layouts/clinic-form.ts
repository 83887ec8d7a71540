/**
 * A clinic's printed contact lens prescription form: letterhead, title, patient block, the OD/OS table,
 * expiration and wear details, and the prescriber's signature block. Positions, sizes, fonts and spellings
 * vary per document so the set is not one template with different numbers.
 */
import { FONT_FAMILIES, cssFamily, type FontFamily } from "../fonts";
import { printDate, printName } from "../printing";
import { type Rng } from "../random";
import { type Printed, printedLicense, type RxDoc } from "../values";
import { accentColor, esc, inkColor, logoSvg, paperColor, type Rendered, signatureSvg } from "./common";
import {
  cityLine,
  clinicStreetLine,
  DOB_LABELS,
  EXAM_DATE_LABELS,
  EXPIRATION_LABELS,
  NAME_LABELS,
  phoneLine,
  prescriberName,
  TITLES,
} from "./parts";
import { rxTableHtml } from "./rx-table";

export function clinicFormHtml(doc: RxDoc, rng: Rng): Rendered {
  const labelFont: FontFamily = rng.pick(FONT_FAMILIES.filter((f) => f !== "Courier Prime"));
  // A third of clinics fill the form on a typewriter-like printer: values in a monospace face.
  const valueFont: FontFamily = rng.chance(0.35) ? "Courier Prime" : labelFont;
  const accent = accentColor(rng);
  const ink = inkColor(rng);
  const width = rng.int(700, 840);
  const fullPage = rng.chance(0.6);
  const fontSize = rng.int(13, 16);
  const zoom = rng.float(1.3, 1.65).toFixed(3);
  const margin = rng.int(36, 72);
  const value = (text: string) => `<span style="font-family:${cssFamily(valueFont)}">${esc(text)}</span>`;

  const header = headerHtml(doc, rng, accent);
  const titleText = rng.pick(TITLES);
  const titleAlign = rng.pick(["left", "center", "center"]);
  const title =
    `<h1 style="font-size:${rng.int(17, 24)}px;margin:${rng.int(14, 30)}px 0 ${rng.int(10, 20)}px;` +
    `text-align:${titleAlign};letter-spacing:${rng.pick(["0", "0.04em", "0.08em"])};color:${rng.chance(0.5) ? accent : ink}">` +
    `${esc(titleText)}</h1>`;

  const patientFields: Array<[string, string]> = [
    [rng.pick(NAME_LABELS), printName(doc.patient.firstName, doc.patient.lastName, doc.style.nameFormat)],
  ];
  if (doc.shows.dateOfBirth)
    patientFields.push([rng.pick(DOB_LABELS), printDate(doc.patient.dateOfBirth, doc.style.dateFormat)]);
  if (doc.shows.patientAddress) {
    const p = doc.patient;
    if (rng.chance(0.5)) patientFields.push(["Address", `${p.street}, ${cityLine(p.place)}`]);
    else
      patientFields.push(
        ["Address", p.street],
        [rng.pick(["City/State/ZIP", "City, State, Zip", ""]), cityLine(p.place)],
      );
  }
  const examOnTop = rng.chance(0.6);
  if (examOnTop) patientFields.push([rng.pick(EXAM_DATE_LABELS), printDate(doc.examDate, doc.style.dateFormat)]);
  const patient = fieldGrid(patientFields, rng, value);

  const { html: table, transposed } = rxTableHtml(doc, rng, {
    border: `${rng.pick([1, 1, 1.5, 2])}px solid ${rng.pick([ink, "#555", "#888", accent])}`,
    headBackground: rng.pick(["transparent", "transparent", "#eef1f5", "#f2f2f2", `${accent}1a`]),
    headColor: ink,
    cellPadding: `${rng.int(5, 10)}px ${rng.int(6, 12)}px`,
    valueFont: cssFamily(valueFont),
  });

  const details: Array<[string, string]> = [];
  if (doc.shows.expiration)
    details.push([rng.pick(EXPIRATION_LABELS), printDate(doc.expirationDate, doc.style.dateFormat)]);
  if (!examOnTop) details.push([rng.pick(EXAM_DATE_LABELS), printDate(doc.examDate, doc.style.dateFormat)]);
  const lens = (doc.eyes.OD ?? doc.eyes.OS)!.lens;
  if (rng.chance(0.6)) details.push([rng.pick(["Replacement", "Replacement Schedule", "Replace"]), lens.replacement]);
  if (rng.chance(0.5))
    details.push([rng.pick(["Wear", "Wearing Schedule", "Wear Time"]), rng.pick(["Daily wear", "Daily", "DW"])]);
  if (rng.chance(0.5))
    details.push([
      rng.pick(["Refills", "Quantity", "Supply"]),
      rng.pick(["PRN", "1 year supply", "4 boxes per eye", "Until expiration"]),
    ]);
  const detailsHtml = fieldGrid(rng.shuffle(details), rng, value);

  // One box ticked (or neither, when the doctor left it), never both.
  const ticked = rng.weighted([
    ["not", 6],
    ["permitted", 2],
    ["none", 2],
  ] as const);
  const box = (on: boolean) => (on ? "&#9746;" : "&#9744;");
  const substitution = rng.chance(0.5)
    ? `<p style="margin:12px 0;font-size:0.9em">Substitution: ${box(ticked === "not")} Not permitted ` +
      `&nbsp; ${box(ticked === "permitted")} Permitted</p>`
    : "";
  const { html: signer, printed } = signerHtml(doc, rng, value, ink);
  const footnote = rng.chance(0.5)
    ? `<p style="font-size:0.72em;color:#555;margin-top:18px">${esc(
        rng.pick([
          "This prescription is released to the patient as required by the Fairness to Contact Lens Consumers Act.",
          "Lenses must be of the brand and parameters specified. Not valid for spectacles.",
          "Please bring this prescription to your next visit. Questions? Call our office.",
        ]),
      )}</p>`
    : "";

  const html =
    `<div id="doc" style="width:${width}px;${fullPage ? `min-height:${Math.round(width * 1.29)}px;` : ""}` +
    `box-sizing:border-box;padding:${margin}px;background:${paperColor(rng)};color:${ink};zoom:${zoom};` +
    `font-family:${cssFamily(labelFont)};font-size:${fontSize}px;line-height:1.35;display:flex;flex-direction:column">` +
    `${header}${title}${patient}<div style="margin:${rng.int(14, 28)}px 0">${table}</div>${detailsHtml}${substitution}` +
    `<div style="margin-top:${fullPage ? "auto" : `${rng.int(16, 30)}px`}">${signer}${footnote}</div></div>`;
  return {
    html,
    font: valueFont,
    printed: { issueDate: true, ...printed },
    family: transposed ? "clinic-form-transposed" : "clinic-form",
  };
}

/** A clinic letterhead in one of three shapes (logo beside the name, centred with a rule, a coloured band). */
export function headerHtml(doc: RxDoc, rng: Rng, accent: string): string {
  const name = esc(doc.clinic.name);
  const lines = `${esc(clinicStreetLine(doc))}<br>${esc(cityLine(doc.clinic.place))}<br>${phoneLine(doc, rng)}`;
  const nameSize = rng.int(20, 28);
  switch (rng.int(0, 2)) {
    case 0: // logo left, text beside it
      return (
        `<div style="display:flex;gap:16px;align-items:center">${logoSvg(rng, rng.int(44, 64), accent)}<div>` +
        `<div style="font-size:${nameSize}px;font-weight:700;color:${accent}">${name}</div>` +
        `<div style="font-size:0.9em">${lines}</div></div></div>`
      );
    case 1: // centred with a rule
      return (
        `<div style="text-align:center;border-bottom:2px solid ${accent};padding-bottom:10px">` +
        `<div style="font-size:${nameSize}px;font-weight:700">${name}</div><div style="font-size:0.9em">${lines}</div></div>`
      );
    default: // a coloured band
      return (
        `<div style="background:${accent};color:#fff;padding:14px 18px;display:flex;justify-content:space-between;` +
        `align-items:center;gap:12px"><div style="font-size:${nameSize}px;font-weight:700">${name}</div>` +
        `<div style="font-size:0.85em;text-align:right">${lines}</div></div>`
      );
  }
}

function fieldGrid(fields: Array<[string, string]>, rng: Rng, value: (t: string) => string): string {
  if (fields.length === 0) return "";
  const columns = rng.chance(0.5) ? 2 : 1;
  const underline = rng.chance(0.6);
  const cells = fields.map(([label, text]) => {
    const labelHtml = label ? `<span style="font-weight:700">${esc(label)}:</span> ` : "";
    const border = underline ? "border-bottom:1px solid #777;" : "";
    return `<div style="padding:4px 0;${border}">${labelHtml}${value(text)}</div>`;
  });
  return (
    `<div style="display:grid;grid-template-columns:repeat(${columns},1fr);column-gap:28px;row-gap:4px">` +
    `${cells.join("")}</div>`
  );
}

function signerHtml(
  doc: RxDoc,
  rng: Rng,
  value: (t: string) => string,
  ink: string,
): { html: string; printed: Printed } {
  const pen = rng.pick(["#1a2a6c", "#0d1b4c", "#222", "#102a5c"]);
  const align = rng.pick(["flex-start", "flex-end"]);
  const extras: string[] = [];
  const printed: Printed = {};
  if (rng.chance(0.7)) {
    printed.license = printedLicense(doc);
    extras.push(`${rng.pick(["License #", "Lic.", "License No."])} ${printed.license}`);
  }
  if (rng.chance(0.5)) {
    printed.npi = doc.doctor.npi;
    extras.push(`NPI ${doc.doctor.npi}`);
  }
  if (rng.chance(0.35)) extras.push(`${rng.pick(["Phone", "Office", "Tel"])}: ${doc.clinic.phone}`);
  const html =
    `<div style="display:flex;flex-direction:column;align-items:${align}">` +
    `<div style="width:300px;border-bottom:1px solid ${ink}">${signatureSvg(rng, 260, 64, pen)}</div>` +
    `<div style="width:300px;padding-top:4px"><span style="font-size:0.8em;color:#555">` +
    `${esc(rng.pick(["Prescriber", "Signature", "Doctor's signature", "Prescribing doctor"]))}</span><br>` +
    `${value(prescriberName(doc, rng))}${extras.map((e) => `<br><span style="font-size:0.9em">${esc(e)}</span>`).join("")}` +
    `</div></div>`;
  return { html, printed };
}
