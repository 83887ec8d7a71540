/**
 * letterhead-table: a clinic's letterhead, a few patient lines, then one table row per eye (Eye | Brand | PWR |
 * BC | DIA ...), the way a new user's reference prescription looks. The eye column says OD/OS, Right/Left or
 * both; an eye without a lens is a row of dashes or no row at all.
 */
import { FONT_FAMILIES, cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues } from "../values";
import { headerHtml } from "./clinic-form";
import { accentColor, esc, inkColor, paperColor } from "./common";
import { EMPTY_CYLINDER_CELLS, eyeText, LABELS } from "./eye-text";
import { date, type FamilyPage, patientName, prescriberBlock, shell, truthOf } from "./kit";
import { cityLine, DOB_LABELS, EXPIRATION_LABELS, TITLES } from "./parts";

const EYE_NAMES = [
  ["OD", "OS"],
  ["Right (OD)", "Left (OS)"],
  ["R", "L"],
  ["Right", "Left"],
  ["OD (R)", "OS (L)"],
] as const;

export function letterheadTable(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  const font: FontFamily = rng.pick(FONT_FAMILIES);
  const accent = accentColor(rng);
  const ink = inkColor(rng);
  const eyes = (["OD", "OS"] as const).map((k) => doc.eyes[k]);
  const all = eyes.filter((e): e is EyeValues => !!e);
  const toric = all.some((e) => e.cylinder !== undefined);
  const multi = all.some((e) => e.add !== undefined);
  const color = all.some((e) => e.color !== undefined);
  const cols: Array<[string, (e: EyeValues) => string]> = [];
  const t = (e: EyeValues) => eyeText(e, doc.style);
  cols.push([rng.pick(["Brand", "Lens", "Contact Lens", "Product"]), (e) => t(e).brand]);
  const power = rng.pick(["PWR", "SPH", "Power", "Sphere"]);
  cols.push([power, (e) => t(e).sphere]);
  const cylFiller = rng.pick(EMPTY_CYLINDER_CELLS);
  if (toric) {
    cols.push([rng.pick(LABELS.cylinder), (e) => t(e).cylinder ?? cylFiller]);
    cols.push([rng.pick(LABELS.axis), (e) => t(e).axis ?? ""]);
  }
  if (multi) cols.push([rng.pick(LABELS.add), (e) => t(e).add ?? ""]);
  const fit: Array<[string, (e: EyeValues) => string]> = [
    [rng.pick(["BC", "B.C.", "Base Curve"]), (e) => t(e).baseCurve],
    [rng.pick(["DIA", "Diam", "Diameter"]), (e) => t(e).diameter],
  ];
  if (rng.chance(0.3)) cols.splice(1, 0, ...fit);
  else cols.push(...fit);
  if (color) cols.push([rng.pick(["Color", "Tint"]), (e) => t(e).color ?? ""]);

  const [odName, osName] = rng.pick(EYE_NAMES);
  const dropMissing = rng.chance(0.4);
  const border = `1px solid ${rng.pick([ink, "#666", "#999"])}`;
  const pad = `${rng.int(5, 9)}px ${rng.int(6, 12)}px`;
  const headBg = rng.pick(["#f1f3f6", "transparent", `${accent}22`, "#eee"]);
  const th = (s: string) =>
    `<th style="border:${border};padding:${pad};background:${headBg};text-align:left">${esc(s)}</th>`;
  const td = (s: string) => `<td style="border:${border};padding:${pad}">${esc(s)}</td>`;
  const rows = eyes
    .map((e, i) => {
      const name = i === 0 ? odName : osName;
      if (!e) return dropMissing ? "" : `<tr>${th(name)}${cols.map(() => td("\u2014")).join("")}</tr>`;
      return `<tr>${th(name)}${cols.map(([, f]) => td(f(e))).join("")}</tr>`;
    })
    .join("");
  const table =
    `<table style="border-collapse:collapse;width:100%;margin:18px 0">` +
    `<tr>${th(rng.pick(["Eye", "", "Rx"]))}${cols.map(([h]) => th(h)).join("")}</tr>${rows}</table>`;

  const lines: string[] = [`<b>${esc(rng.pick(["Patient", "Name", "Patient Name"]))}:</b> ${esc(patientName(doc))}`];
  if (doc.shows.dateOfBirth)
    lines.push(`<b>${esc(rng.pick(DOB_LABELS))}:</b> ${esc(date(doc, doc.patient.dateOfBirth))}`);
  if (doc.shows.patientAddress)
    lines.push(`<b>Address:</b> ${esc(`${doc.patient.street}, ${cityLine(doc.patient.place)}`)}`);
  lines.push(
    `<b>${esc(rng.pick(["Date", "Issued", "Exam Date", "Date Issued"]))}:</b> ${esc(date(doc, doc.examDate))}`,
  );
  const after: string[] = [];
  if (doc.shows.expiration)
    after.push(`<b>${esc(rng.pick(EXPIRATION_LABELS))}:</b> ${esc(date(doc, doc.expirationDate))}`);
  if (rng.chance(0.5)) after.push(`<b>Replacement:</b> ${esc(all[0]!.lens.replacement)}`);
  const signer = prescriberBlock(doc, rng, { license: 0.7, npi: 0.6 });
  const content =
    headerHtml(doc, rng, accent) +
    `<h2 style="margin:22px 0 12px;font-size:${rng.int(18, 22)}px">${esc(rng.pick(TITLES))}</h2>` +
    `<div style="display:grid;grid-template-columns:1fr 1fr;gap:4px 24px">${lines.map((l) => `<div>${l}</div>`).join("")}</div>` +
    table +
    `<div>${after.map((l) => `<div style="margin:3px 0">${l}</div>`).join("")}</div>` +
    `<div style="margin-top:28px">${signer.html}</div>`;
  const width = rng.int(720, 840);
  const html = shell(
    {
      width,
      minHeight: rng.chance(0.5) ? Math.round(width * 1.2) : undefined,
      padding: rng.int(36, 60),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 16),
      zoom: rng.float(1.3, 1.6),
    },
    content,
  );
  const printed = { issueDate: true, ...signer.printed };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
