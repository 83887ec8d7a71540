/**
 * referral-boxes (held out): a referral or fitting form of labelled boxes where the eyes are columns of boxes
 * (a 'RIGHT EYE (OD)' column and a 'LEFT EYE (OS)' column, each box labelled with the parameter), beside
 * patient and referring-doctor boxes.
 */
import { cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues, printedLicense } from "../values";
import { accentColor, esc, inkColor, paperColor, signatureSvg } from "../layouts/common";
import { eyeText } from "../layouts/eye-text";
import { date, type FamilyPage, patientName, shell, truthOf } from "../layouts/kit";
import { cityLine, clinicStreetLine, prescriberName } from "../layouts/parts";

export function referralBoxes(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.1, medAdds: true });
  const font: FontFamily = rng.pick(["Roboto", "Inter", "Merriweather"] as const);
  const valueFont: FontFamily = rng.pick(["Courier Prime", font] as const);
  const ink = inkColor(rng);
  const accent = accentColor(rng);
  const box = (label: string, value: string, grow = 1) =>
    `<div style="flex:${grow} 1 0;border:1.5px solid ${ink};margin:-0.75px;padding:3px 7px 8px;min-height:48px">` +
    `<div style="font-size:0.62em;text-transform:uppercase;letter-spacing:0.05em">${esc(label)}</div>` +
    `<div style="font-family:${cssFamily(valueFont)};font-size:1.1em;padding-top:4px">${esc(value)}</div></div>`;
  const row = (boxes: string[]) => `<div style="display:flex">${boxes.join("")}</div>`;
  const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
  const params: Array<[string, (e: EyeValues) => string | undefined]> = [
    ["Lens / Brand", (e) => e.lens.brand],
    [rng.pick(["Sphere", "Power"]), (e) => eyeText(e, doc.style).sphere],
  ];
  if (all.some((e) => e.cylinder))
    params.push(["Cylinder", (e) => eyeText(e, doc.style).cylinder], ["Axis", (e) => eyeText(e, doc.style).axis]);
  if (all.some((e) => e.add)) params.push(["Add", (e) => eyeText(e, doc.style).add]);
  params.push(
    ["Base curve", (e) => eyeText(e, doc.style).baseCurve],
    ["Diameter", (e) => eyeText(e, doc.style).diameter],
  );
  if (all.some((e) => e.color)) params.push(["Color", (e) => eyeText(e, doc.style).color]);
  const column = (title: string, eye: EyeValues | undefined) =>
    `<div style="flex:1;margin:0 8px"><div style="background:${accent};color:#fff;padding:5px 8px;font-weight:700">${esc(title)}</div>` +
    params.map(([label, f]) => row([box(label, eye ? (f(eye) ?? "") : "")])).join("") +
    `</div>`;
  const [rt, lt] = rng.pick([
    ["RIGHT EYE (OD)", "LEFT EYE (OS)"],
    ["OD", "OS"],
    ["Right eye", "Left eye"],
  ] as const);
  const swap = rng.chance(0.15); // a few forms put the left eye first, as the patient faces the doctor
  const columns = swap
    ? [column(lt, doc.eyes.OS), column(rt, doc.eyes.OD)]
    : [column(rt, doc.eyes.OD), column(lt, doc.eyes.OS)];
  const license = rng.chance(0.7) ? printedLicense(doc) : undefined;
  const npi = rng.chance(0.7) ? doc.doctor.npi : undefined;
  const patient = [box("Patient name", patientName(doc), 2)];
  if (doc.shows.dateOfBirth) patient.push(box("Date of birth", date(doc, doc.patient.dateOfBirth)));
  const patient2 = [box(rng.pick(["Date of fitting", "Exam date", "Date"]), date(doc, doc.examDate))];
  if (doc.shows.expiration) patient2.push(box("Rx expiration", date(doc, doc.expirationDate)));
  if (doc.shows.patientAddress)
    patient2.unshift(box("Patient address", `${doc.patient.street}, ${cityLine(doc.patient.place)}`, 2));
  const doctor = [
    box(rng.pick(["Referring / prescribing doctor", "Fitting doctor", "Prescriber"]), prescriberName(doc, rng), 2),
  ];
  if (license) doctor.push(box("License no.", license));
  if (npi) doctor.push(box("NPI", npi));
  const html = shell(
    {
      width: rng.int(760, 880),
      padding: rng.int(30, 46),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.3, 1.5),
    },
    `<div style="display:flex;justify-content:space-between;align-items:flex-end;margin-bottom:10px"><div><b style="font-size:1.3em">${esc(doc.clinic.name)}</b>` +
      `<div style="font-size:0.8em">${esc(clinicStreetLine(doc))}, ${esc(cityLine(doc.clinic.place))}<br>${esc(doc.clinic.phone)}</div></div>` +
      `<div style="font-weight:700;font-size:1.1em;text-align:right">${esc(rng.pick(["CONTACT LENS REFERRAL", "Contact Lens Fitting Record", "SPECIALTY LENS REFERRAL FORM"]))}</div></div>` +
      `<div style="margin:0 8px">${row(patient)}${row(patient2)}</div>` +
      `<div style="display:flex;margin:14px 0">${columns.join("")}</div>` +
      `<div style="margin:0 8px">${row(doctor)}</div>` +
      `<div style="margin:10px 8px 0">${signatureSvg(rng, 220, 50, "#1a2a6c")}</div>`,
  );
  const printed = { issueDate: true, license, npi };
  return { truth: truthOf(doc, printed), rendered: { html, font: valueFont, printed }, doc };
}
