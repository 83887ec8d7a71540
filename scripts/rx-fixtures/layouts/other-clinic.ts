/**
 * Two Other families that carry a clinic's name, a doctor, dates and eye words but no lens values, so a
 * classifier that keys on "clinic + eye" alone calls them Prescription: an appointment card (appointment-card)
 * and a bill, invoice or superbill with CPT codes (clinic-bill).
 */
import { FONT_FAMILIES, cssFamily, type FontFamily } from "../fonts";
import { printDate } from "../printing";
import { type Rng } from "../random";
import { drawRxDoc, type RxDoc } from "../values";
import { headerHtml } from "./clinic-form";
import { accentColor, esc, inkColor, logoSvg, paperColor } from "./common";
import { type FamilyPage, patientName, shell } from "./kit";
import { cityLine, clinicStreetLine } from "./parts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function visitWhen(doc: RxDoc, rng: Rng): { day: string; time: string } {
  const iso = doc.expirationDate;
  const weekday = WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]!;
  const day = rng.chance(0.5) ? `${weekday}, ${printDate(iso, "MMMM D, YYYY")}` : printDate(iso, doc.style.dateFormat);
  const hour = rng.int(8, 16);
  const time = `${hour > 12 ? hour - 12 : hour}:${rng.pick(["00", "15", "30", "45"])} ${hour >= 12 ? "PM" : "AM"}`;
  return { day, time };
}

export function appointmentCard(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values);
  const font: FontFamily = rng.pick(FONT_FAMILIES);
  const accent = accentColor(rng);
  const { day, time } = visitWhen(doc, rng);
  const reason = rng.pick([
    "Annual eye exam",
    "Contact lens follow-up",
    "Contact lens fitting",
    "Comprehensive eye exam (OD/OS dilation)",
    "Glasses pick-up",
  ]);
  const line = (label: string, value: string) =>
    `<div style="display:flex;gap:10px;margin:6px 0"><span style="width:90px;color:#555">${esc(label)}</span>` +
    `<span style="flex:1;border-bottom:1px dotted #999;font-weight:600">${esc(value)}</span></div>`;
  const html = shell(
    {
      width: rng.int(560, 680),
      padding: rng.int(22, 34),
      background: rng.pick(["#ffffff", "#f6f9fc", "#fffaf0"]),
      ink: inkColor(rng),
      font: cssFamily(font),
      fontSize: rng.int(14, 16),
      zoom: rng.float(1.4, 1.7),
      extra: `border-top:10px solid ${accent};border-radius:6px`,
    },
    `<div style="display:flex;gap:12px;align-items:center">${logoSvg(rng, 44, accent)}<div><b style="font-size:1.25em;color:${accent}">` +
      `${esc(doc.clinic.name)}</b><div style="font-size:0.85em">${esc(clinicStreetLine(doc))}, ${esc(cityLine(doc.clinic.place))}</div></div></div>` +
      `<h3 style="margin:16px 0 8px">${esc(rng.pick(["Your Next Appointment", "Appointment Reminder", "APPOINTMENT CARD", "We look forward to seeing you"]))}</h3>` +
      line(rng.pick(["Patient", "For", "Name"]), patientName(doc)) +
      line(rng.pick(["Date", "Day"]), day) +
      line("Time", time) +
      line(rng.pick(["Doctor", "With", "Provider"]), `Dr. ${doc.doctor.firstName} ${doc.doctor.lastName}`) +
      (rng.chance(0.7) ? line(rng.pick(["Visit", "Reason"]), reason) : "") +
      `<p style="font-size:0.8em;color:#555;margin:12px 0 0">${esc(
        rng.pick([
          `Please call ${doc.clinic.phone} at least 24 hours in advance to reschedule.`,
          `Bring your current glasses and contact lenses. Questions? ${doc.clinic.phone}`,
          `A $25 fee applies to missed appointments. Call ${doc.clinic.phone}.`,
        ]),
      )}</p>`,
  );
  return { truth: null, rendered: { html, font } };
}

const SERVICES: ReadonlyArray<[string, string, number, number]> = [
  ["92004", "Comprehensive eye exam, new patient", 150, 240],
  ["92014", "Comprehensive eye exam, established patient", 110, 190],
  ["92015", "Refraction", 35, 65],
  ["92310", "Contact lens fitting, both eyes", 75, 150],
  ["92012", "Intermediate eye exam, established", 80, 130],
  ["92250", "Fundus photography with interpretation", 45, 90],
  ["92083", "Visual field exam, extended", 60, 110],
  ["V2520", "Contact lens, hydrophilic, spherical, per lens", 20, 60],
  ["V2521", "Contact lens, hydrophilic, toric, per lens", 30, 80],
  ["99213", "Office visit, established patient", 90, 140],
];

const DIAGNOSES = [
  "H52.13 Myopia, bilateral",
  "H52.223 Regular astigmatism, bilateral",
  "H52.4 Presbyopia",
  "H52.03 Hypermetropia, bilateral",
  "H04.123 Dry eye syndrome, bilateral",
];

export function clinicBill(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values);
  const font: FontFamily = rng.pick(FONT_FAMILIES);
  const accent = accentColor(rng);
  const ink = inkColor(rng);
  const services = rng.shuffle(SERVICES).slice(0, rng.int(2, 5));
  let total = 0;
  const rows = services
    .map(([code, what, lo, hi]) => {
      const units = code.startsWith("V25") ? rng.pick([2, 4]) : 1;
      const fee = rng.int(lo, hi) * units;
      total += fee;
      return (
        `<tr><td>${printDate(doc.examDate, "MM/DD/YYYY")}</td><td>${code}</td><td>${esc(what)}</td><td style="text-align:right">${units}</td>` +
        `<td style="text-align:right">$${fee.toFixed(2)}</td></tr>`
      );
    })
    .join("");
  const paid = rng.chance(0.5) ? Math.round(total * rng.float(0.3, 0.8)) : 0;
  const kind = rng.pick(["STATEMENT", "INVOICE", "SUPERBILL", "Patient Statement", "Receipt for services"]);
  const html = shell(
    {
      width: rng.int(740, 860),
      padding: rng.int(36, 56),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 15),
      zoom: rng.float(1.3, 1.55),
    },
    headerHtml(doc, rng, accent) +
      `<h2 style="margin:20px 0 8px">${esc(kind)}</h2>` +
      `<div style="display:grid;grid-template-columns:1fr 1fr;gap:4px 20px">` +
      `<div><b>Patient:</b> ${esc(patientName(doc))}</div><div><b>Account #:</b> ${rng.int(100000, 999999)}</div>` +
      `<div><b>Date of service:</b> ${esc(printDate(doc.examDate, doc.style.dateFormat))}</div>` +
      `<div><b>Provider:</b> Dr. ${esc(`${doc.doctor.firstName} ${doc.doctor.lastName}`)}${rng.chance(0.5) ? ` (NPI ${doc.doctor.npi})` : ""}</div></div>` +
      `<table style="width:100%;border-collapse:collapse;margin:16px 0" cellpadding="6"><tr style="background:${accent}22;text-align:left">` +
      `<th>Date</th><th>Code</th><th>Description</th><th>Units</th><th style="text-align:right">Charge</th></tr>${rows}</table>` +
      `<div><b>Diagnosis:</b> ${esc(rng.shuffle(DIAGNOSES).slice(0, rng.int(1, 2)).join("; "))}</div>` +
      `<div style="text-align:right;margin-top:12px">Total charges: $${total.toFixed(2)}<br>` +
      `${paid ? `Insurance paid: -$${paid.toFixed(2)}<br>` : ""}<b>Balance due: $${(total - paid).toFixed(2)}</b></div>` +
      `<p style="font-size:0.8em;color:#555">${esc(rng.pick(["Thank you for choosing us for your eye care.", `Questions about your bill? Call ${doc.clinic.phone}.`, "Payment is due within 30 days."]))}</p>`,
  );
  return { truth: null, rendered: { html, font } };
}
