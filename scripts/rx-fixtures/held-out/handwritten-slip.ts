/**
 * handwritten-slip (held out): a small printed slip (another pad design than handwritten-pad: a bordered card,
 * labels in small capitals, boxes for R and L) written in other handwriting faces. The eyes are written by hand
 * as `R` / `L` or `OD` / `OS`, each eye on a line: brand, then the values, in the writer's own order.
 */
import { cssFamily, HELD_OUT_HANDS, type FontFamily } from "../fonts";
import { printName } from "../printing";
import { type Rng } from "../random";
import { drawRxDoc, printedLicense } from "../values";
import { accentColor, esc, signatureSvg } from "../layouts/common";
import { eyeText } from "../layouts/eye-text";
import { date, type FamilyPage, hand, penColor, shell, truthOf } from "../layouts/kit";
import { cityLine, clinicStreetLine } from "../layouts/parts";

export function handwrittenSlip(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  doc.style.nameFormat = rng.pick(["First Last", "Last, First", "LAST, FIRST"] as const);
  doc.shows.patientAddress = false;
  const font = rng.pick(HELD_OUT_HANDS);
  const printFont: FontFamily = rng.pick(["Merriweather", "Inter", "Source Serif 4"] as const);
  const pen = penColor(rng);
  const accent = accentColor(rng);
  const size = rng.int(24, 30);
  const w = (text: string) => hand(text, font, rng, size, pen);
  const [r, l] = rng.pick([
    ["R", "L"],
    ["OD", "OS"],
    ["R:", "L:"],
    ["RE", "LE"],
  ] as const);
  const labelled = rng.chance(0.5);
  const eyeLine = (k: "OD" | "OS", mark: string) => {
    const e = doc.eyes[k];
    if (!e) return rng.chance(0.5) ? `<div style="margin:8px 0">${w(`${mark} \u2014`)}</div>` : "";
    const t = eyeText(e, doc.style);
    const parts = [t.sphere];
    if (t.cylinder) parts.push(t.cylinder, `x${t.axis}`);
    if (t.add) parts.push(`add ${t.add}`);
    parts.push(labelled ? `BC ${t.baseCurve}` : t.baseCurve, labelled ? `DIA ${t.diameter}` : t.diameter);
    return (
      `<div style="margin:10px 0;display:flex;flex-wrap:wrap;gap:10px 18px;align-items:baseline">${w(mark)}` +
      `${w(t.color ? `${t.brand} ${t.color}` : t.brand)}</div>` +
      `<div style="margin:0 0 10px 40px;display:flex;flex-wrap:wrap;gap:10px 22px">${parts.map(w).join("")}</div>`
    );
  };
  const license = rng.chance(0.6) ? printedLicense(doc) : undefined;
  const head =
    `<div style="display:flex;justify-content:space-between;align-items:flex-start;border-bottom:1px solid ${accent};padding-bottom:8px">` +
    `<div><div style="font-variant:small-caps;font-size:1.3em;color:${accent}">${esc(doc.clinic.name)}</div>` +
    `<div style="font-size:0.8em">${esc(clinicStreetLine(doc))}<br>${esc(cityLine(doc.clinic.place))} &middot; ${esc(doc.clinic.phone)}</div></div>` +
    `<div style="text-align:right;font-size:0.8em">${esc(`${doc.doctor.firstName} ${doc.doctor.lastName}, ${doc.doctor.credential}`)}` +
    `${license ? `<br>${esc(`Lic ${license}`)}` : ""}</div></div>`;
  const field = (label: string, content: string) =>
    `<div style="display:flex;align-items:flex-end;gap:6px;margin:8px 0"><span style="font-variant:small-caps;font-size:0.85em">${esc(label)}</span>` +
    `<span style="flex:1;border-bottom:1px dotted #666">${content}</span></div>`;
  const who =
    field("patient", w(printName(doc.patient.firstName, doc.patient.lastName, doc.style.nameFormat))) +
    `<div style="display:flex;gap:18px">${field("date", w(date(doc, doc.examDate)))}${doc.shows.dateOfBirth ? field("d.o.b.", w(date(doc, doc.patient.dateOfBirth))) : ""}</div>`;
  const rx =
    `<div style="border:1px solid #999;border-radius:6px;padding:6px 12px;margin:12px 0;min-height:150px">` +
    `<div style="font-variant:small-caps;font-size:0.85em">${esc(rng.pick(["contact lens rx", "cl prescription", "rx \u2014 contacts"]))}</div>` +
    eyeLine("OD", r) +
    eyeLine("OS", l) +
    `</div>`;
  const exp = doc.shows.expiration ? field(rng.pick(["expires", "valid thru"]), w(date(doc, doc.expirationDate))) : "";
  const sign = `<div style="text-align:right;margin-top:8px">${signatureSvg(rng, 200, 46, pen)}</div>`;
  const html = shell(
    {
      width: rng.int(520, 600),
      padding: rng.int(22, 30),
      background: rng.pick(["#fffdf6", "#f4f8fb", "#fffaf5"]),
      ink: "#2b2b2b",
      font: cssFamily(printFont),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.6, 1.9),
      extra: `border:3px double ${accent}`,
    },
    head + who + rx + exp + sign,
  );
  const printed = { issueDate: true, license };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
