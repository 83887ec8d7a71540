/**
 * handwritten-pad: a printed prescription pad (the doctor's name, clinic, address and phone printed at the top,
 * a ℞, printed labels and rules) filled in by hand: the patient's name (sometimes `Last, First`), the date, and
 * each eye's values, every word with its own tilt and baseline. Training handwriting faces only.
 */
import { cssFamily, type FontFamily, TRAINING_HANDS } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues, printedLicense } from "../values";
import { accentColor, esc, signatureSvg } from "./common";
import { eyeText } from "./eye-text";
import { date, type FamilyPage, hand, penColor, shell, truthOf } from "./kit";
import { cityLine, clinicStreetLine } from "./parts";
import { printName } from "../printing";

export function handwrittenPad(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  // People write names their own way: a third write `Last, First`.
  doc.style.nameFormat = rng.pick(["First Last", "First Last", "Last, First"] as const);
  doc.shows.patientAddress = rng.chance(0.3);
  const font = rng.pick(TRAINING_HANDS);
  const printFont: FontFamily = rng.pick(["Source Serif 4", "Merriweather", "Roboto"] as const);
  const pen = penColor(rng);
  const accent = accentColor(rng);
  const size = rng.int(22, 28);
  const w = (text: string) => hand(text, font, rng, size, pen);
  const rule = (label: string, content: string, flex = 1) =>
    `<div style="flex:${flex};display:flex;align-items:flex-end;gap:8px;margin:10px 0">` +
    `<span style="white-space:nowrap;font-size:0.85em">${esc(label)}</span>` +
    `<div style="flex:1;border-bottom:1px solid #777;min-height:30px;padding-left:6px">${content}</div></div>`;
  const license = rng.chance(0.8) ? printedLicense(doc) : undefined;
  const npi = rng.chance(0.6) ? doc.doctor.npi : undefined;
  const ids = [license && `Lic. ${license}`, npi && `NPI ${npi}`].filter(Boolean).join(" &nbsp; ");
  const head =
    `<div style="text-align:center;color:${accent}"><div style="font-size:1.35em;font-weight:700">` +
    `${esc(`Dr. ${doc.doctor.firstName} ${doc.doctor.lastName}, ${doc.doctor.credential}`)}</div>` +
    `<div>${esc(doc.clinic.name)}</div><div style="font-size:0.85em">${esc(clinicStreetLine(doc))}, ${esc(cityLine(doc.clinic.place))}` +
    `<br>${esc(doc.clinic.phone)}${ids ? `<br>${ids}` : ""}</div></div><hr style="border:0;border-top:2px solid ${accent}">`;
  const name = printName(doc.patient.firstName, doc.patient.lastName, doc.style.nameFormat);
  const who =
    `<div style="display:flex;gap:16px">${rule("Name", w(name), 3)}${rule("Date", w(date(doc, doc.examDate)), 2)}</div>` +
    (doc.shows.dateOfBirth ? rule(rng.pick(["DOB", "Birthdate"]), w(date(doc, doc.patient.dateOfBirth))) : "") +
    (doc.shows.patientAddress ? rule("Address", w(`${doc.patient.street}, ${cityLine(doc.patient.place)}`)) : "");
  const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
  const toric = all.some((e) => e.cylinder);
  const multi = all.some((e) => e.add);
  const cols = ["PWR", ...(toric ? ["CYL", "AXIS"] : []), ...(multi ? ["ADD"] : []), "BC", "DIA"];
  const get = (e: EyeValues, c: string) => {
    const t = eyeText(e, doc.style);
    return { PWR: t.sphere, CYL: t.cylinder, AXIS: t.axis, ADD: t.add, BC: t.baseCurve, DIA: t.diameter }[c] ?? "";
  };
  const cell = (content: string) =>
    `<td style="border-bottom:1px solid #888;padding:6px 4px;height:34px">${content}</td>`;
  const rows = (["OD", "OS"] as const)
    .map((k) => {
      const e = doc.eyes[k];
      const brand = e ? w(e.color ? `${e.lens.brand} ${e.color}` : e.lens.brand) : w(rng.pick(["-", "none", "\u00d8"]));
      return (
        `<tr><td style="font-weight:700;padding-right:10px">${k}</td>${cols.map((c) => cell(e ? w(get(e, c)) : "")).join("")}</tr>` +
        `<tr><td></td><td colspan="${cols.length}" style="border-bottom:1px solid #888;padding:4px;height:30px">` +
        `<span style="font-size:0.8em">Lens: </span>${brand}</td></tr>`
      );
    })
    .join("");
  const table =
    `<div style="font-size:2.2em;font-family:serif;color:${accent};margin:8px 0">&#8478;</div>` +
    `<div style="font-size:0.9em;margin-bottom:4px">${esc(rng.pick(["Contact Lenses", "CONTACT LENS Rx", "Soft Contact Lenses"]))}</div>` +
    `<table style="border-collapse:collapse;width:100%"><tr><th></th>${cols.map((c) => `<th style="font-size:0.8em;text-align:left">${c}</th>`).join("")}</tr>${rows}</table>`;
  const expires = doc.shows.expiration ? rule(rng.pick(["Expires", "Exp."]), w(date(doc, doc.expirationDate))) : "";
  const sign =
    `<div style="margin-top:16px;display:flex;justify-content:flex-end"><div style="width:260px;border-top:1px solid #777">` +
    `${signatureSvg(rng, 220, 50, pen)}<div style="font-size:0.75em">Signature</div></div></div>`;
  const html = shell(
    {
      width: rng.int(560, 660),
      padding: rng.int(28, 40),
      background: rng.pick(["#fffef8", "#fbfbf4", "#ffffff", "#f5f9ff"]),
      ink: "#222",
      font: cssFamily(printFont),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.45, 1.8),
    },
    head + who + table + expires + sign,
  );
  const printed = { issueDate: true, license, npi };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
