/**
 * eyes-columns (held out): a form whose columns are the eyes ('Right eye' / 'Left eye', or OD / OS) and whose
 * rows are the parameters, with multifocal adds written as words (LOW / MED / HIGH for lenses whose adds are
 * words) as well as dioptres. The values sit under column headings, never beside an eye name.
 */
import { FONT_FAMILIES, cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues } from "../values";
import { headerHtml } from "../layouts/clinic-form";
import { accentColor, esc, inkColor, paperColor } from "../layouts/common";
import { eyeText } from "../layouts/eye-text";
import { date, type FamilyPage, patientName, prescriberBlock, shell, truthOf } from "../layouts/kit";
import { cityLine } from "../layouts/parts";

export function eyesColumns(values: Rng, rng: Rng): FamilyPage {
  // Multifocals half the time here, so add words are common.
  const doc = drawRxDoc(values, {
    oneEyeRate: 0.1,
    medAdds: true,
    kind: values.fork("kind").chance(0.45) ? "multifocal" : undefined,
  });
  const font: FontFamily = rng.pick(FONT_FAMILIES);
  const ink = inkColor(rng);
  const accent = accentColor(rng);
  const [right, left] = rng.pick([
    ["Right eye", "Left eye"],
    ["RIGHT EYE", "LEFT EYE"],
    ["OD", "OS"],
    ["Right (OD)", "Left (OS)"],
    ["O.D. (right)", "O.S. (left)"],
  ] as const);
  const rowsOf: Array<[string, (e: EyeValues) => string | undefined]> = [
    [rng.pick(["Manufacturer / Lens", "Lens", "Contact lens", "Brand"]), (e) => e.lens.brand],
    [rng.pick(["Sphere", "Power", "Sph. power", "SPH"]), (e) => eyeText(e, doc.style).sphere],
  ];
  const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
  if (all.some((e) => e.cylinder)) {
    rowsOf.push([rng.pick(["Cylinder", "Cyl"]), (e) => eyeText(e, doc.style).cylinder]);
    rowsOf.push([rng.pick(["Axis", "Axis (deg)"]), (e) => eyeText(e, doc.style).axis]);
  }
  if (all.some((e) => e.add))
    rowsOf.push([rng.pick(["Add", "Near add", "Add power", "ADD"]), (e) => eyeText(e, doc.style).add]);
  rowsOf.push([rng.pick(["Base curve", "BC (mm)", "B.C."]), (e) => eyeText(e, doc.style).baseCurve]);
  rowsOf.push([rng.pick(["Diameter", "Diam. (mm)", "OAD"]), (e) => eyeText(e, doc.style).diameter]);
  if (all.some((e) => e.color)) rowsOf.push(["Color", (e) => eyeText(e, doc.style).color]);
  const missing = rng.pick(["\u2014", "", "no lens"]);
  const line = `1px solid ${rng.pick(["#999", ink, "#bbb"])}`;
  const cell = (s: string, bold = false) =>
    `<td style="border-bottom:${line};padding:8px 12px;${bold ? "font-weight:700;" : ""}">${esc(s)}</td>`;
  const body = rowsOf
    .map(
      ([label, f]) =>
        `<tr>${cell(label, true)}${(["OD", "OS"] as const).map((k) => cell(doc.eyes[k] ? (f(doc.eyes[k]!) ?? "") : missing)).join("")}</tr>`,
    )
    .join("");
  const table =
    `<table style="border-collapse:collapse;width:${rng.int(75, 100)}%;margin:16px 0"><tr><th></th>` +
    `<th style="text-align:left;padding:8px 12px;border-bottom:2px solid ${accent}">${esc(right)}</th>` +
    `<th style="text-align:left;padding:8px 12px;border-bottom:2px solid ${accent}">${esc(left)}</th></tr>${body}</table>`;
  const facts = [`Patient: ${patientName(doc)}`];
  if (doc.shows.dateOfBirth) facts.push(`Date of birth: ${date(doc, doc.patient.dateOfBirth)}`);
  if (doc.shows.patientAddress) facts.push(`Address: ${doc.patient.street}, ${cityLine(doc.patient.place)}`);
  facts.push(`${rng.pick(["Date of exam", "Prescription date", "Written"])}: ${date(doc, doc.examDate)}`);
  if (doc.shows.expiration)
    facts.push(`${rng.pick(["Expiration", "This Rx expires", "Valid through"])}: ${date(doc, doc.expirationDate)}`);
  const signer = prescriberBlock(doc, rng, { license: 0.6, npi: 0.6 });
  const html = shell(
    {
      width: rng.int(700, 820),
      padding: rng.int(36, 56),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 16),
      zoom: rng.float(1.3, 1.6),
    },
    headerHtml(doc, rng, accent) +
      `<h2 style="margin:20px 0 8px">${esc(rng.pick(["Contact Lens Specifications", "Contact Lens Prescription", "Final Lens Parameters"]))}</h2>` +
      facts.map((f) => `<div>${esc(f)}</div>`).join("") +
      table +
      `<div style="margin-top:20px">${signer.html}</div>`,
  );
  const printed = { issueDate: true, ...signer.printed };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
