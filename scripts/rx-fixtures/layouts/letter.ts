/**
 * A prescription written as a letter: letterhead, date, a sentence about the patient, then each eye in prose
 * ("Right eye (OD): Acuvue Oasys, power -2.25, BC 8.4, DIA 14.0"), as labelled lines ("Sphere: -2.25  Base
 * Curve: 8.4"), or in the clinical shorthand "-2.25 -1.25 x 180". The label spellings differ from the forms'
 * on purpose (Sphere, Power, Base Curve, Diameter, Cylinder, Axis, Add).
 */
import { cssFamily, type FontFamily } from "../fonts";
import { pickDateFormat, printDate, printName } from "../printing";
import { type Rng } from "../random";
import { type EyeValues, printedLicense, type RxDoc } from "../values";
import { accentColor, esc, inkColor, logoSvg, paperColor, type Rendered, signatureSvg } from "./common";
import { eyeText } from "./eye-text";
import { cityLine, clinicStreetLine, phoneLine, prescriberName } from "./parts";

interface ProseLabels {
  sphere: string;
  cylinder: string;
  axis: string;
  add: string;
  baseCurve: string;
  diameter: string;
  color: string;
}

const PROSE_LABELS: readonly ProseLabels[] = [
  { sphere: "power", cylinder: "cylinder", axis: "axis", add: "add", baseCurve: "BC", diameter: "DIA", color: "color" },
  {
    sphere: "Sphere",
    cylinder: "Cylinder",
    axis: "Axis",
    add: "Add",
    baseCurve: "Base Curve",
    diameter: "Diameter",
    color: "Color",
  },
  {
    sphere: "Power",
    cylinder: "Cyl",
    axis: "Axis",
    add: "Add",
    baseCurve: "Base Curve",
    diameter: "Diameter",
    color: "Color",
  },
  {
    sphere: "sphere",
    cylinder: "cyl",
    axis: "axis",
    add: "add power",
    baseCurve: "base curve",
    diameter: "diameter",
    color: "tint",
  },
  { sphere: "PWR", cylinder: "CYL", axis: "AXIS", add: "ADD", baseCurve: "BC", diameter: "DIA", color: "Color" },
];

const EYE_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["Right eye (OD)", "Left eye (OS)"],
  ["OD (right eye)", "OS (left eye)"],
  ["Right eye", "Left eye"],
  ["OD", "OS"],
  ["Right (O.D.)", "Left (O.S.)"],
];

export function letterHtml(doc: RxDoc, rng: Rng): Rendered {
  const font: FontFamily = rng.weighted<FontFamily>([
    ["Source Serif 4", 4],
    ["Merriweather", 3],
    ["Courier Prime", 2],
    ["Roboto", 1],
    ["Inter", 1],
  ]);
  const ink = inkColor(rng);
  const accent = rng.chance(0.6) ? accentColor(rng) : ink;
  const width = rng.int(680, 820);
  const margin = rng.int(48, 84);
  const zoom = rng.float(1.35, 1.7).toFixed(3);
  const style = doc.style;
  // Letters mix date formats more than forms: the DOB often differs from the expiry.
  const dobFormat = rng.chance(0.7) ? style.dateFormat : pickDateFormat(rng);
  const expFormat = rng.chance(0.6) ? style.dateFormat : pickDateFormat(rng);
  const name = printName(doc.patient.firstName, doc.patient.lastName, rng.chance(0.85) ? "First Last" : "FIRST LAST");
  const dob = printDate(doc.patient.dateOfBirth, dobFormat);
  const address = `${doc.patient.street}, ${cityLine(doc.patient.place)}`;

  const head = rng.chance(0.5)
    ? `<div style="display:flex;align-items:center;gap:14px;border-bottom:1px solid ${accent};padding-bottom:12px">` +
      `${logoSvg(rng, rng.int(40, 56), accent)}<div><div style="font-size:${rng.int(20, 26)}px;font-weight:700;color:${accent}">` +
      `${esc(doc.clinic.name)}</div><div style="font-size:0.88em">${esc(clinicStreetLine(doc))}, ${esc(cityLine(doc.clinic.place))}` +
      `<br>${phoneLine(doc, rng)}</div></div></div>`
    : `<div style="text-align:center"><div style="font-size:${rng.int(20, 26)}px;font-weight:700;letter-spacing:0.03em;color:${accent}">` +
      `${esc(rng.chance(0.3) ? doc.clinic.name.toUpperCase() : doc.clinic.name)}</div><div style="font-size:0.88em">` +
      `${esc(clinicStreetLine(doc))} &middot; ${esc(cityLine(doc.clinic.place))}<br>${phoneLine(doc, rng)}</div></div>`;

  const dateLine =
    `<p style="text-align:${rng.pick(["left", "right"])};margin:26px 0 18px">${rng.chance(0.5) ? "Date: " : ""}` +
    `${esc(printDate(doc.examDate, rng.chance(0.5) ? style.dateFormat : "MMMM D, YYYY"))}</p>`;

  const dobPart = doc.shows.dateOfBirth
    ? rng.pick([`, DOB ${dob}`, ` (date of birth ${dob})`, `, born ${dob}`, ` (DOB: ${dob})`])
    : "";
  const addressPart = doc.shows.patientAddress
    ? rng.pick([`, of ${address}`, `, residing at ${address}`, `, ${address}`])
    : "";
  const opening = rng.pick([
    `Contact lens prescription for ${name}${dobPart}${addressPart}.`,
    `This letter confirms the contact lens prescription of ${name}${dobPart}${addressPart}.`,
    `${name}${dobPart}${addressPart} was examined in our office and fitted with the following contact lenses.`,
    `To whom it may concern: ${name}${dobPart}${addressPart} is a patient of this practice. The contact lens prescription is as follows.`,
  ]);
  const labels = rng.pick(PROSE_LABELS);
  const [odName, osName] = rng.pick(EYE_NAMES);
  const manner = rng.pick(["prose", "lines", "shorthand"] as const);
  const eyeLines = (["OD", "OS"] as const).map((key) => {
    const eye = doc.eyes[key];
    const eyeName = key === "OD" ? odName : osName;
    if (!eye)
      return `<p style="margin:6px 0"><b>${esc(eyeName)}:</b> ${esc(rng.pick(["no lens prescribed", "none", "no contact lens"]))}.</p>`;
    return eyeParagraph(eyeName, eye, doc, labels, manner, rng);
  });

  const expiry = doc.shows.expiration
    ? `<p>${esc(
        rng.pick([
          `This prescription expires on ${printDate(doc.expirationDate, expFormat)}.`,
          `Expiration date: ${printDate(doc.expirationDate, expFormat)}`,
          `Valid until ${printDate(doc.expirationDate, expFormat)}.`,
          `This prescription is valid through ${printDate(doc.expirationDate, expFormat)}.`,
        ]),
      )}</p>`
    : "";
  const filler = rng.chance(0.6)
    ? `<p>${esc(
        rng.pick([
          "The patient has been fitted successfully and may purchase lenses from the supplier of their choice.",
          "Lenses are to be replaced as directed by the manufacturer. Please call our office with any questions.",
          "The patient tolerated the trial lenses well; no substitution of brand or material is permitted.",
        ]),
      )}</p>`
    : "";
  const pen = rng.pick(["#1a2a6c", "#0d1b4c", "#222", "#102a5c"]);
  const closing = rng.pick(["Sincerely,", "Regards,", "Respectfully,"]);
  const sig = signatureSvg(rng, 240, 60, pen);
  const signer = esc(prescriberName(doc, rng));
  const license = rng.chance(0.6) ? printedLicense(doc) : undefined;
  const signature =
    `<p style="margin:26px 0 0">${closing}</p>` +
    `${sig}<p style="margin:2px 0">${signer}` +
    `${license ? `<br>License #${esc(license)}` : ""}` +
    `${rng.chance(0.4) ? `<br>${esc(doc.clinic.name)}` : ""}</p>`;

  const html =
    `<div id="doc" style="width:${width}px;min-height:${Math.round(width * 1.29)}px;box-sizing:border-box;` +
    `padding:${margin}px;background:${paperColor(rng)};color:${ink};zoom:${zoom};font-family:${cssFamily(font)};` +
    `font-size:${rng.int(13, 16)}px;line-height:${rng.float(1.35, 1.6).toFixed(2)}">${head}${dateLine}` +
    `<p>${esc(opening)}</p><div style="margin:${rng.int(10, 22)}px 0 ${rng.int(10, 22)}px ${rng.int(0, 30)}px">${eyeLines.join("")}</div>` +
    `${expiry}${filler}${signature}</div>`;
  return {
    html,
    font,
    printed: { issueDate: true, ...(license ? { license } : {}) },
    family: manner === "shorthand" ? "letter-shorthand" : "letter",
  };
}

function eyeParagraph(
  eyeName: string,
  eye: EyeValues,
  doc: RxDoc,
  l: ProseLabels,
  manner: "prose" | "lines" | "shorthand",
  rng: Rng,
): string {
  const t = eyeText(eye, doc.style);
  const brand = esc(t.brand);
  const name = `<b>${esc(eyeName)}:</b>`;
  if (manner === "shorthand") {
    // "-2.25 -1.25 x 180": the refraction notation clinicians write.
    const rx = t.cylinder !== undefined ? `${t.sphere} ${t.cylinder} x ${t.axis}` : t.sphere;
    const extra = [t.add && `${l.add} ${t.add}`, t.color && `${l.color} ${t.color}`].filter(Boolean).join(", ");
    return (
      `<p style="margin:6px 0">${name} ${brand} ${esc(rx)}, ${esc(l.baseCurve)} ${esc(t.baseCurve)}, ` +
      `${esc(l.diameter)} ${esc(t.diameter)}${extra ? `, ${esc(extra)}` : ""}</p>`
    );
  }
  const parts: Array<[string, string]> = [[l.sphere, t.sphere]];
  if (t.cylinder !== undefined) parts.push([l.cylinder, t.cylinder], [l.axis, t.axis!]);
  if (t.add !== undefined) parts.push([l.add, t.add]);
  parts.push([l.baseCurve, t.baseCurve], [l.diameter, t.diameter]);
  if (t.color !== undefined) parts.push([l.color, t.color]);
  if (manner === "prose") {
    return `<p style="margin:6px 0">${name} ${brand}, ${parts.map(([k, v]) => `${esc(k)} ${esc(v)}`).join(", ")}</p>`;
  }
  const gap = "&nbsp;".repeat(rng.int(2, 4));
  return (
    `<p style="margin:8px 0 2px">${name} ${brand}</p><p style="margin:0 0 6px">` +
    `${parts.map(([k, v]) => `${esc(k)}: ${esc(v)}`).join(gap)}</p>`
  );
}
