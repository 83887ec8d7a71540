/**
 * ehr-printout (held out): an electronic health record's chart printout: a header band with the patient's
 * demographics and the encounter, sections for history, visual acuity, keratometry, a spectacle Rx (glasses:
 * must not be read as lens values), and a 'Final Contact Lens Rx' section as a table or in compact notation,
 * with PD and vertex lines near it. Page footer with the print time and a page number.
 */
import { cssFamily, type FontFamily } from "../fonts";
import { printDate } from "../printing";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues } from "../values";
import { esc } from "../layouts/common";
import { eyeText } from "../layouts/eye-text";
import {
  acuity,
  date,
  type FamilyPage,
  kReading,
  patientName,
  pdLine,
  prescriberBlock,
  shell,
  spectacleRx,
  truthOf,
  vertexLine,
} from "../layouts/kit";
import { cityLine } from "../layouts/parts";

export function ehrPrintout(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.1, medAdds: true });
  const glasses = spectacleRx(values.fork("glasses"), doc.style);
  const font: FontFamily = rng.pick(["Roboto", "Inter", "Courier Prime"] as const);
  const small = "font-size:0.85em";
  const section = (title: string, body: string) =>
    `<div style="margin:12px 0"><div style="font-weight:700;background:#e8ebef;padding:3px 8px;border-left:4px solid #4a5a70">${esc(title)}</div>` +
    `<div style="padding:6px 8px">${body}</div></div>`;
  const grid = (head: string[], rows: string[][]) =>
    `<table style="border-collapse:collapse;${small}" cellpadding="4"><tr>${head.map((h) => `<th style="text-align:left;border-bottom:1px solid #888">${esc(h)}</th>`).join("")}</tr>` +
    rows
      .map(
        (r) =>
          `<tr>${r.map((c) => `<td style="border-bottom:1px solid #ddd;padding-right:14px">${esc(c)}</td>`).join("")}</tr>`,
      )
      .join("") +
    `</table>`;

  const demo = [`Patient: ${patientName(doc)}`, `MRN: ${rng.int(100000, 9999999)}`];
  if (doc.shows.dateOfBirth) demo.push(`DOB: ${date(doc, doc.patient.dateOfBirth)}`);
  if (doc.shows.patientAddress) demo.push(`Address: ${doc.patient.street}, ${cityLine(doc.patient.place)}`);
  demo.push(`Encounter: ${date(doc, doc.examDate)}`, `Provider: Dr. ${doc.doctor.firstName} ${doc.doctor.lastName}`);
  const head =
    `<div style="display:flex;justify-content:space-between;border-bottom:2px solid #4a5a70;padding-bottom:6px">` +
    `<b style="font-size:1.2em">${esc(doc.clinic.name)}</b><span style="${small}">${esc(doc.clinic.phone)}</span></div>` +
    `<div style="display:grid;grid-template-columns:1fr 1fr;gap:2px 18px;margin:8px 0;${small}">${demo.map((d) => `<div>${esc(d)}</div>`).join("")}</div>`;

  const va = grid(
    ["", "Distance sc", "Distance cc", "Near cc"],
    [
      ["OD", `20/${rng.pick([50, 70, 100, 200, 400])}`, acuity(rng), acuity(rng)],
      ["OS", `20/${rng.pick([50, 70, 100, 200, 400])}`, acuity(rng), acuity(rng)],
    ],
  );
  const kera = grid(
    ["", "K1", "K2"],
    [
      ["OD", ...kReading(rng).split("/")],
      ["OS", ...kReading(rng).split("/")],
    ],
  );
  const specCols = ["", "Sph", "Cyl", "Axis", "Add", "Prism"];
  const spec = grid(
    specCols,
    (["OD", "OS"] as const).map((k) => {
      const g = glasses[k];
      return [k, g.sphere, g.cylinder, g.axis, g.add, g.prism ? `${g.prism} ${g.base}` : ""];
    }),
  );

  const asTable = rng.chance(0.5);
  let cl: string;
  if (asTable) {
    const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
    const toric = all.some((e) => e.cylinder);
    const multi = all.some((e) => e.add);
    const cols = ["", "Lens", "Power", ...(toric ? ["Cyl", "Axis"] : []), ...(multi ? ["Add"] : []), "BC", "Diam"];
    cl = grid(
      cols,
      (["OD", "OS"] as const).map((k) => {
        const e = doc.eyes[k];
        if (!e) return [k, "No CL", ...cols.slice(2).map(() => "")];
        const t = eyeText(e, doc.style);
        return [
          k,
          t.color ? `${t.brand} ${t.color}` : t.brand,
          t.sphere,
          ...(toric ? [t.cylinder ?? "", t.axis ?? ""] : []),
          ...(multi ? [t.add ?? ""] : []),
          t.baseCurve,
          t.diameter,
        ];
      }),
    );
  } else {
    cl = (["OD", "OS"] as const)
      .map((k) => {
        const e = doc.eyes[k];
        if (!e) return `<div>${k}: ${rng.pick(["no lens", "BAL", "not fit"])}</div>`;
        const t = eyeText(e, doc.style);
        const rx = t.cylinder ? `${t.sphere} / ${t.cylinder} x ${t.axis}` : `${t.sphere} sph`;
        return `<div>${esc(`${k}: ${t.brand}${t.color ? ` (${t.color})` : ""}  ${rx}${t.add ? `  add ${t.add}` : ""}  BC ${t.baseCurve}  DIA ${t.diameter}`)}</div>`;
      })
      .join("");
  }
  const clExtras = `<div style="${small};margin-top:6px">${esc(pdLine(rng))} &nbsp; ${esc(vertexLine(rng))}</div>`;
  const expiry = doc.shows.expiration
    ? `<div>${esc(`${rng.pick(["CL Rx expiration", "Expires", "Rx valid until"])}: ${date(doc, doc.expirationDate)}`)}</div>`
    : "";
  const signer = prescriberBlock(doc, rng, { license: 0.5, npi: 0.8, signature: rng.chance(0.3) });
  const sections = [
    section(
      "Chief Complaint / HPI",
      esc(
        rng.pick([
          "Annual exam, CL wearer. No complaints.",
          "Pt wants to update contact lenses; blurry at near.",
          "Routine CL follow-up. Occasional dryness end of day.",
        ]),
      ),
    ),
    section("Visual Acuity", va),
    section("Keratometry", kera),
    section(
      rng.pick(["Manifest Refraction / Spectacle Rx", "Spectacle Rx (final)", "Glasses Rx"]),
      spec + `<div style="${small}">${esc(`PD ${glasses.pd} mm`)}</div>`,
    ),
    section(rng.pick(["Final Contact Lens Rx", "Contact Lens Rx - Final", "CL Final Rx"]), cl + clExtras + expiry),
    section(
      "Assessment / Plan",
      esc(
        rng.pick([
          "Myopia OU; astigmatism. Released CL Rx.",
          "Presbyopia. Multifocal CL trial successful.",
          "CL fit acceptable; RTC 1 year.",
        ]),
      ),
    ),
  ];
  const printedAt = `${printDate(doc.examDate, "MM/DD/YYYY")} ${rng.int(8, 17)}:${String(rng.int(0, 59)).padStart(2, "0")}`;
  const html = shell(
    {
      width: rng.int(760, 860),
      padding: rng.int(28, 44),
      background: "#ffffff",
      ink: "#1c1c1c",
      font: cssFamily(font),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.3, 1.5),
    },
    head +
      sections.join("") +
      `<div style="margin-top:14px">${esc(rng.pick(["Electronically signed by", "Signed:", "Provider signature:"]))} ${signer.html}</div>` +
      `<div style="${small};color:#777;margin-top:16px;display:flex;justify-content:space-between"><span>Printed ${esc(printedAt)}</span><span>Page 1 of 1</span></div>`,
  );
  const printed = { issueDate: true, ...signer.printed };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
