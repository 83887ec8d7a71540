/**
 * thermal-receipt (held out): a narrow optical-shop receipt in a thermal printer's monospace face. An eye heading
 * on its own line (`OD (RIGHT)`), then that eye's values on the following lines (`SPH -2.25`, `BC 8.6`...),
 * then `OS (LEFT)`; prices, a total, a barcode-like line. Printed at the shop when the lenses were ordered, so
 * the prescriber and expiry are copied from the prescription.
 */
import { cssExtra } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc, type EyeValues } from "../values";
import { barcodeSvg, esc } from "../layouts/common";
import { eyeText } from "../layouts/eye-text";
import { date, type FamilyPage, patientName, shell, truthOf } from "../layouts/kit";

export function thermalReceipt(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values, { oneEyeRate: 0.12, medAdds: true });
  doc.shows.patientAddress = false;
  doc.shows.dateOfBirth = rng.chance(0.3) && doc.shows.dateOfBirth;
  const font = "Share Tech Mono" as const;
  const width = 42;
  const pad = (l: string, r: string) => `${l}${" ".repeat(Math.max(1, width - l.length - r.length))}${r}`;
  const center = (s: string) => `${" ".repeat(Math.max(0, Math.floor((width - s.length) / 2)))}${s}`;
  const lines: string[] = [];
  // Half the receipts come from the prescribing clinic's own shop; the others from an optical store.
  const atClinic = rng.chance(0.5);
  const shop = atClinic
    ? doc.clinic.name
    : `${doc.clinic.place.city.toUpperCase()} ${rng.pick(["OPTICAL", "CONTACTS & EYEWEAR", "LENS CENTER"])}`;
  const shopPhone = atClinic
    ? doc.clinic.phone
    : `(${doc.clinic.place.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
  lines.push(
    center(shop),
    center(shopPhone),
    center(rng.pick(["CONTACT LENS ORDER", "SALES RECEIPT", "ORDER #" + rng.int(10000, 99999)])),
    "-".repeat(width),
  );
  lines.push(`${rng.pick(["CUST", "PATIENT", "NAME"])}: ${patientName(doc).toUpperCase()}`);
  if (doc.shows.dateOfBirth) lines.push(`DOB: ${date(doc, doc.patient.dateOfBirth)}`);
  lines.push(`RX DATE: ${date(doc, doc.examDate)}`);
  if (doc.shows.expiration) lines.push(`RX EXP: ${date(doc, doc.expirationDate)}`);
  lines.push(`DR: ${doc.doctor.lastName.toUpperCase()}, ${doc.doctor.firstName.toUpperCase()}`);
  lines.push("-".repeat(width));
  const heading = rng.pick([
    ["OD (RIGHT)", "OS (LEFT)"],
    ["RIGHT EYE - OD", "LEFT EYE - OS"],
    ["OD", "OS"],
    ["R EYE", "L EYE"],
  ] as const);
  let total = 0;
  (["OD", "OS"] as const).forEach((k, i) => {
    const eye: EyeValues | undefined = doc.eyes[k];
    if (!eye) return;
    const t = eyeText(eye, doc.style);
    const boxes = rng.pick([1, 2, 4]);
    const price = rng.int(25, 75) + rng.pick([0, 0.49, 0.99]);
    total += boxes * price;
    lines.push(heading[i]!);
    lines.push(`  ${eye.lens.brand.toUpperCase()}`.slice(0, width));
    lines.push(`  SPH ${t.sphere}`);
    if (t.cylinder) lines.push(`  CYL ${t.cylinder}`, `  AX  ${t.axis}`);
    if (t.add) lines.push(`  ADD ${t.add}`);
    lines.push(`  BC  ${t.baseCurve}`, `  DIA ${t.diameter}`);
    if (t.color) lines.push(`  CLR ${t.color.toUpperCase()}`);
    lines.push(pad(`  QTY ${boxes} @ ${price.toFixed(2)}`, (boxes * price).toFixed(2)));
  });
  const tax = Math.round(total * 0.06 * 100) / 100;
  lines.push(
    "-".repeat(width),
    pad("SUBTOTAL", total.toFixed(2)),
    pad("TAX", tax.toFixed(2)),
    pad("TOTAL", (total + tax).toFixed(2)),
  );
  lines.push(pad(rng.pick(["VISA ****", "MC ****", "DEBIT ****"]) + rng.int(1000, 9999), (total + tax).toFixed(2)), "");
  lines.push(center(rng.pick(["THANK YOU!", "THANK YOU FOR YOUR ORDER", "KEEP THIS RECEIPT"])));
  const body = lines.map((l) => `<div style="white-space:pre;min-height:1.2em">${esc(l)}</div>`).join("");
  const html = shell(
    {
      width: 440,
      padding: "24px 18px 28px",
      background: rng.pick(["#fbfbf8", "#f7f6f0", "#ffffff"]),
      ink: rng.pick(["#2a2a2a", "#3a3a44", "#1f1f1f"]),
      font: cssExtra(font),
      fontSize: rng.int(15, 17),
      zoom: rng.float(1.5, 1.8),
    },
    body + `<div style="margin-top:12px;text-align:center">${barcodeSvg(rng, 300, 50)}</div>`,
  );
  // A store's receipt names the doctor, but its name and phone are the store's, not the prescriber's.
  const truth = truthOf(doc, { issueDate: true });
  if (!atClinic) truth.prescriber = { name: `Dr. ${doc.doctor.firstName} ${doc.doctor.lastName}` };
  return { truth, rendered: { html, font }, doc };
}
