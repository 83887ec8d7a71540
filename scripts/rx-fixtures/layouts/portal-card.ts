/**
 * portal-card: a patient-portal page (printed or screenshot): a heading per eye ('Right Eye (OD)', 'OS - Left
 * Eye') on a card, then `Label value` lines (Sphere -2.25, Base Curve 8.6...), label left and value right, or
 * `Label: value`. Cards side by side or stacked; an eye without a lens has no card, or a card saying so.
 */
import { cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues } from "../values";
import { accentColor, esc } from "./common";
import { eyeText } from "./eye-text";
import { date, type FamilyPage, patientName, prescriberBlock, shell, truthOf } from "./kit";

const HEADINGS = [
  ["Right Eye (OD)", "Left Eye (OS)"],
  ["OD - Right Eye", "OS - Left Eye"],
  ["Right eye", "Left eye"],
  ["RIGHT EYE (OD)", "LEFT EYE (OS)"],
  ["OD (Right)", "OS (Left)"],
] as const;

const LABEL_SETS = [
  {
    sphere: "Sphere",
    cylinder: "Cylinder",
    axis: "Axis",
    add: "Add",
    baseCurve: "Base Curve",
    diameter: "Diameter",
    brand: "Lens",
    color: "Color",
  },
  {
    sphere: "Power",
    cylinder: "Cyl",
    axis: "Axis",
    add: "Add Power",
    baseCurve: "BC",
    diameter: "DIA",
    brand: "Brand",
    color: "Color",
  },
  {
    sphere: "Power (SPH)",
    cylinder: "Cylinder (CYL)",
    axis: "Axis",
    add: "ADD",
    baseCurve: "Base curve (BC)",
    diameter: "Diameter (DIA)",
    brand: "Product",
    color: "Tint",
  },
] as const;

export function portalCard(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  // The page prints no patient address, so the truth must not expect one.
  doc.shows.patientAddress = false;
  const font: FontFamily = rng.pick(["Roboto", "Inter", "Roboto", "Source Serif 4"] as const);
  const accent = accentColor(rng);
  const labels = rng.pick(LABEL_SETS);
  const [odH, osH] = rng.pick(HEADINGS);
  const colon = rng.chance(0.4);
  const sideBySide = rng.chance(0.55);
  const brandOnTop = rng.chance(0.5);
  const line = (label: string, value: string) =>
    colon
      ? `<div style="padding:5px 0">${esc(label)}: <b>${esc(value)}</b></div>`
      : `<div style="display:flex;justify-content:space-between;gap:24px;padding:6px 0;border-bottom:1px solid #e6e8eb">` +
        `<span style="color:#555">${esc(label)}</span><span style="font-weight:600">${esc(value)}</span></div>`;
  const card = (heading: string, eye: EyeValues | undefined): string => {
    const head = `<div style="font-weight:700;font-size:1.15em;color:${accent};margin-bottom:8px">${esc(heading)}</div>`;
    if (!eye)
      return `${head}<div style="color:#666">${esc(rng.pick(["No lens prescribed", "Not prescribed", "None"]))}</div>`;
    const t = eyeText(eye, doc.style);
    const rows: string[] = [];
    if (brandOnTop) rows.push(line(labels.brand, t.brand));
    rows.push(line(labels.sphere, t.sphere));
    if (t.cylinder) rows.push(line(labels.cylinder, t.cylinder), line(labels.axis, t.axis!));
    if (t.add) rows.push(line(labels.add, t.add));
    rows.push(line(labels.baseCurve, t.baseCurve), line(labels.diameter, t.diameter));
    if (t.color) rows.push(line(labels.color, t.color));
    if (!brandOnTop) rows.push(line(labels.brand, t.brand));
    return head + rows.join("");
  };
  const cardStyle = `flex:1;background:#fff;border:1px solid #dde1e6;border-radius:${rng.int(4, 12)}px;padding:16px 18px;min-width:0`;
  const showMissing = rng.chance(0.5);
  const cards = (["OD", "OS"] as const)
    .filter((k) => doc.eyes[k] || showMissing)
    .map((k) => `<div style="${cardStyle}">${card(k === "OD" ? odH : osH, doc.eyes[k])}</div>`);

  const meta: string[] = [`${esc(rng.pick(["Patient", "Name"]))}: <b>${esc(patientName(doc))}</b>`];
  if (doc.shows.dateOfBirth)
    meta.push(`${rng.pick(["DOB", "Date of birth"])}: ${esc(date(doc, doc.patient.dateOfBirth))}`);
  meta.push(`${rng.pick(["Issued", "Prescribed on", "Date written"])}: ${esc(date(doc, doc.examDate))}`);
  if (doc.shows.expiration)
    meta.push(`${rng.pick(["Expires", "Expiration date", "Valid through"])}: ${esc(date(doc, doc.expirationDate))}`);
  const signer = prescriberBlock(doc, rng, { license: 0.3, npi: 0.4, signature: false });
  const portal = rng.pick(["Patient Portal", "MyEyes Portal", "Health Connect", "Patient Access"]);
  const content =
    `<div style="background:${accent};color:#fff;padding:12px 22px;display:flex;justify-content:space-between;align-items:center">` +
    `<b style="font-size:1.2em">${esc(doc.clinic.name)}</b><span>${esc(portal)}</span></div>` +
    `<div style="padding:20px 24px">` +
    `<div style="font-size:0.85em;color:#666">${esc(rng.pick(["Health Record > Prescriptions", "My Prescriptions", "Records / Vision"]))}</div>` +
    `<h2 style="margin:8px 0 14px;font-size:1.5em">${esc(rng.pick(["Contact Lens Prescription", "Your Contact Lens Rx", "Contact Lenses"]))}</h2>` +
    `<div style="display:flex;flex-wrap:wrap;gap:6px 28px;margin-bottom:18px">${meta.map((m) => `<span>${m}</span>`).join("")}</div>` +
    `<div style="display:flex;flex-direction:${sideBySide ? "row" : "column"};gap:18px">${cards.join("")}</div>` +
    `<div style="margin-top:22px;font-size:0.95em;color:#333">${esc(rng.pick(["Prescribed by", "Provider", "Prescriber"]))}: ${signer.html}` +
    `<div>${esc(doc.clinic.name)} &middot; ${esc(doc.clinic.phone)}</div></div></div>`;
  const html = shell(
    {
      width: sideBySide ? rng.int(820, 980) : rng.int(560, 700),
      padding: 0,
      background: rng.pick(["#f4f6f8", "#f7f7f7", "#eef2f6"]),
      ink: "#1d2733",
      font: cssFamily(font),
      fontSize: rng.int(14, 16),
      zoom: rng.float(1.25, 1.5),
    },
    content,
  );
  const printed = { issueDate: true, ...signer.printed };
  return { truth: truthOf(doc, printed), rendered: { html, font, printed }, doc };
}
