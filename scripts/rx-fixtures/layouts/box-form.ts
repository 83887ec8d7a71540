/**
 * box-form: a form of labelled boxes, the label small in each box's top-left corner and the value inside it
 * (typed, or now and then written by hand), one row of boxes per eye, patient and prescriber boxes above and
 * below. Box borders touch, as on a printed form, so a reader that strips rules must keep what is inside.
 */
import { cssFamily, type FontFamily, TRAINING_HANDS } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues, printedLicense } from "../values";
import { accentColor, esc, inkColor, logoSvg, paperColor } from "./common";
import { eyeText } from "./eye-text";
import { date, type FamilyPage, hand, patientName, penColor, shell, truthOf } from "./kit";
import { cityLine, clinicStreetLine, prescriberName } from "./parts";
import { signatureSvg } from "./common";

export function boxForm(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  const labelFont: FontFamily = rng.pick(["Roboto", "Inter", "Source Serif 4"] as const);
  const handwritten = rng.chance(0.3);
  const handFont = rng.pick(TRAINING_HANDS);
  const valueFont: FontFamily = rng.chance(0.4) ? "Courier Prime" : labelFont;
  const pen = penColor(rng);
  const ink = inkColor(rng);
  const accent = accentColor(rng);
  const line = rng.pick([ink, "#444", accent]);
  const upper = rng.chance(0.6);
  const lab = (s: string) => (upper ? s.toUpperCase() : s);
  const value = (s: string) =>
    handwritten
      ? hand(s, handFont, rng, 22, pen)
      : `<span style="font-family:${cssFamily(valueFont)};font-size:1.1em">${esc(s)}</span>`;
  const box = (label: string, content: string, span = 1) =>
    `<div style="grid-column:span ${span};flex:${span} 1 0;border:1px solid ${line};margin:0 -1px -1px 0;padding:3px 6px 6px;min-height:52px">` +
    `<div style="font-size:0.68em;letter-spacing:0.03em;color:#333">${esc(lab(label))}</div>` +
    `<div style="padding:6px 0 0 ${rng.int(2, 12)}px">${content}</div></div>`;
  const row = (boxes: string[]) => `<div style="display:flex;margin:10px 0 0">${boxes.join("")}</div>`;
  const grid = (cols: number, boxes: string[]) =>
    `<div style="display:grid;grid-template-columns:repeat(${cols},1fr);margin:10px 0">${boxes.join("")}</div>`;

  const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
  const toric = all.some((e) => e.cylinder !== undefined) || rng.chance(0.3);
  const multi = all.some((e) => e.add !== undefined);
  const color = all.some((e) => e.color !== undefined);
  const keys: Array<[string, (e: EyeValues) => string | undefined]> = [
    [rng.pick(["Brand", "Lens", "Lens name"]), (e) => eyeText(e, doc.style).brand],
    [rng.pick(["Sphere", "Power", "PWR"]), (e) => eyeText(e, doc.style).sphere],
  ];
  if (toric) keys.push(["Cyl", (e) => eyeText(e, doc.style).cylinder], ["Axis", (e) => eyeText(e, doc.style).axis]);
  if (multi) keys.push(["Add", (e) => eyeText(e, doc.style).add]);
  keys.push(
    ["Base curve", (e) => eyeText(e, doc.style).baseCurve],
    ["Diameter", (e) => eyeText(e, doc.style).diameter],
  );
  if (color) keys.push(["Color", (e) => eyeText(e, doc.style).color]);
  const [odName, osName] = rng.pick([
    ["OD", "OS"],
    ["Right eye", "Left eye"],
    ["OD (right)", "OS (left)"],
    ["R", "L"],
  ] as const);
  const eyeRow = (name: string, eye: EyeValues | undefined) => [
    box("Eye", `<b style="font-size:1.2em">${esc(name)}</b>`),
    ...keys.map(([label, f], i) =>
      box(
        label,
        eye ? value(f(eye) ?? "") : i === 0 ? value(rng.pick(["none", "N/A", "\u2014"])) : "",
        i === 0 ? 2 : 1,
      ),
    ),
  ];
  const cols = keys.length + 2;

  const top = [box(rng.pick(["Patient name", "Patient", "Name"]), value(patientName(doc)), 3)];
  if (doc.shows.dateOfBirth)
    top.push(box(rng.pick(["Date of birth", "DOB"]), value(date(doc, doc.patient.dateOfBirth)), 2));
  const second: string[] = [];
  if (doc.shows.patientAddress)
    second.push(box("Address", value(`${doc.patient.street}, ${cityLine(doc.patient.place)}`), 3));
  second.push(box(rng.pick(["Exam date", "Date issued", "Date"]), value(date(doc, doc.examDate)), 2));
  if (doc.shows.expiration)
    second.push(box(rng.pick(["Expiration date", "Expires", "Rx expires"]), value(date(doc, doc.expirationDate)), 2));
  const license = rng.chance(0.75) ? printedLicense(doc) : undefined;
  const npi = rng.chance(0.7) ? doc.doctor.npi : undefined;
  const bottom = [box(rng.pick(["Prescriber", "Doctor", "Prescribing doctor"]), value(prescriberName(doc, rng)), 2)];
  if (license) bottom.push(box(rng.pick(["License #", "State license"]), value(license)));
  if (npi) bottom.push(box("NPI", value(npi)));
  bottom.push(box("Signature", signatureSvg(rng, 180, 40, pen), 2));
  const head =
    `<div style="display:flex;gap:14px;align-items:center">${logoSvg(rng, 48, accent)}<div><div style="font-size:1.4em;font-weight:700;color:${accent}">` +
    `${esc(doc.clinic.name)}</div><div style="font-size:0.85em">${esc(clinicStreetLine(doc))}, ${esc(cityLine(doc.clinic.place))} &middot; ` +
    `${esc(doc.clinic.phone)}</div></div></div>` +
    `<h2 style="text-align:center;margin:16px 0 6px;font-size:1.3em;letter-spacing:0.05em">${esc(rng.pick(["CONTACT LENS PRESCRIPTION", "Contact Lens Rx Form", "CONTACT LENS ORDER / RX"]))}</h2>`;
  const html = shell(
    {
      width: rng.int(780, 900),
      padding: rng.int(30, 50),
      background: paperColor(rng),
      ink,
      font: cssFamily(labelFont),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.3, 1.55),
    },
    head +
      row(top) +
      row(second) +
      `<div style="font-weight:700;margin-top:14px">${esc(lab("Contact lens prescription"))}</div>` +
      grid(cols, [...eyeRow(odName, doc.eyes.OD), ...eyeRow(osName, doc.eyes.OS)]) +
      row(bottom),
  );
  const printed = { issueDate: true, license, npi };
  return { truth: truthOf(doc, printed), rendered: { html, font: handwritten ? handFont : valueFont, printed }, doc };
}
