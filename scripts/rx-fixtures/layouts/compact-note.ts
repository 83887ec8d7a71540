/**
 * compact-note: a chart note from a contact lens visit, each eye on one line in compact notation
 * (`OD: Biofinity -0.50 DS BC 8.6 DIA 14.0`, `OS: -2.00 -2.25 x 90`, `sph`, `PL`/plano), a balance lens
 * (`BAL`) for an eye that gets no power (truth: nothing for that eye), and lines that are not lens values mixed
 * in: visual acuity (20/20), keratometry, pupil distance, vertex distance.
 */
import { cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues, type RxDoc } from "../values";
import { esc, inkColor, paperColor } from "./common";
import { eyeText } from "./eye-text";
import {
  date,
  type FamilyPage,
  kLine,
  patientName,
  pdLine,
  prescriberBlock,
  shell,
  truthOf,
  vaLine,
  vertexLine,
} from "./kit";
import { EXPIRATION_LABELS } from "./parts";

export function compactNote(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.2, medAdds: true });
  const font: FontFamily = rng.pick(["Courier Prime", "Roboto", "Inter", "Courier Prime", "Source Serif 4"] as const);
  const ink = inkColor(rng);
  const sphWord = rng.pick(["DS", "sph", "DS", "D", ""]);
  const xSpace = rng.pick([" x ", " x", "x", " X "]);
  const fitStyle = rng.pick(["labels", "slash", "labels"] as const);
  const brandFirst = rng.chance(0.7);
  const eyeLabel = rng.pick([
    ["OD", "OS"],
    ["OD:", "OS:"],
    ["R:", "L:"],
    ["RE", "LE"],
  ] as const);
  const balance = rng.pick(["BAL", "BAL (balance lens)", "balance lens", "Bal"]);

  const lensLine = (label: string, eye: EyeValues | undefined): string | undefined => {
    if (!eye) return rng.chance(0.7) ? `${label} ${balance}` : undefined;
    const t = eyeText(eye, doc.style);
    const rx = t.cylinder
      ? `${t.sphere} ${t.cylinder}${xSpace}${t.axis}`
      : `${t.sphere}${sphWord ? ` ${sphWord}` : ""}`;
    const fit = fitStyle === "slash" ? `${t.baseCurve}/${t.diameter}` : `BC ${t.baseCurve} DIA ${t.diameter}`;
    const extra = [t.add && `ADD ${t.add}`, t.color && `(${t.color})`].filter(Boolean).join(" ");
    const parts = brandFirst ? [t.brand, rx, extra, fit] : [rx, extra, fit, t.brand];
    return `${label} ${parts.filter(Boolean).join(" ")}`;
  };
  const [odLabel, osLabel] = eyeLabel;
  const lensLines = [lensLine(odLabel, doc.eyes.OD), lensLine(osLabel, doc.eyes.OS)].filter((l): l is string => !!l);
  const noise = rng.shuffle([vaLine(rng), kLine(rng), pdLine(rng), vertexLine(rng)]).slice(0, rng.int(2, 4));
  const chatter = rng
    .shuffle([
      "Pt reports good comfort and vision with current lenses.",
      "Lenses centered well, full corneal coverage, 0.5 mm movement on blink.",
      "SLE: cornea clear OU, no staining.",
      "Tear film adequate. Continue current care regimen.",
      "Discussed replacement schedule and lens hygiene.",
    ])
    .slice(0, rng.int(1, 3));

  const body: string[] = [];
  body.push(...chatter.slice(0, 1), ...noise.slice(0, 1));
  body.push(`<b>${esc(rng.pick(["Final CL Rx:", "CL Rx:", "Contact lens Rx:", "Rx (CL):", "Plan - CL Rx:"]))}</b>`);
  body.push(...lensLines.map((l) => `<span style="padding-left:18px">${esc(l)}</span>`));
  body.push(...noise.slice(1), ...chatter.slice(1));
  const signer = prescriberBlock(doc, rng, { license: 0.5, npi: 0.6 });
  const content =
    `<div style="display:flex;justify-content:space-between;border-bottom:1px solid #999;padding-bottom:8px">` +
    `<div><b>${esc(doc.clinic.name)}</b><br>${esc(doc.clinic.phone)}</div>` +
    `<div style="text-align:right">${esc(rng.pick(["Progress Note", "CL Follow-up", "Contact Lens Visit", "Office Visit"]))}<br>` +
    `${esc(rng.pick(["Date of service", "DOS", "Visit date"]))}: ${esc(date(doc, doc.examDate))}</div></div>` +
    `<p>${patientLine(doc, rng)}</p>` +
    body.map((b) => `<div style="margin:5px 0">${b.startsWith("<") ? b : esc(b)}</div>`).join("") +
    (doc.shows.expiration ? `<p>${esc(`${rng.pick(EXPIRATION_LABELS)}: ${date(doc, doc.expirationDate)}`)}</p>` : "") +
    `<div style="margin-top:20px">${signer.html}</div>`;
  const html = shell(
    {
      width: rng.int(700, 820),
      padding: rng.int(34, 56),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 16),
      zoom: rng.float(1.35, 1.65),
    },
    content,
  );
  const printed = { issueDate: true, ...signer.printed };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}

function patientLine(doc: RxDoc, rng: Rng): string {
  const dob = doc.shows.dateOfBirth ? `   DOB: ${date(doc, doc.patient.dateOfBirth)}` : "";
  const addr = doc.shows.patientAddress
    ? `<br>${esc(`${doc.patient.street}, ${doc.patient.place.city}, ${doc.patient.place.state} ${doc.patient.place.zip}`)}`
    : "";
  return `${esc(`${rng.pick(["Patient", "Pt", "Name"])}: ${patientName(doc)}${dob}`)}${addr}`;
}
