/**
 * recall-postcard (held out, Other): an eye-exam reminder postcard. It names the clinic, the doctor, the patient
 * and the eyes ("your eyes", "contact lens prescription expires"), and has a date, but no lens values: Other.
 */
import { cssFamily, type FontFamily } from "../fonts";
import { printDate } from "../printing";
import { type Rng } from "../random";
import { drawRxDoc } from "../values";
import { accentColor, esc, logoSvg } from "../layouts/common";
import { type FamilyPage, shell } from "../layouts/kit";
import { cityLine, clinicStreetLine } from "../layouts/parts";

export function recallPostcard(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values);
  const font: FontFamily = rng.pick(["Merriweather", "Roboto", "Inter", "Source Serif 4"] as const);
  const accent = accentColor(rng);
  const due = printDate(doc.expirationDate, rng.pick(["MMMM D, YYYY", "MM/DD/YYYY"] as const));
  const message = rng.pick([
    `It's time for your annual eye exam! Your contact lens prescription expires on ${due}. Healthy eyes start with a yearly visit.`,
    `Our records show you are due for a comprehensive eye exam. Schedule before ${due} to keep your contact lens prescription current.`,
    `Dr. ${doc.doctor.lastName} would like to see you for your yearly vision check. Your eyes deserve it!`,
  ]);
  const html = shell(
    {
      width: rng.int(760, 860),
      padding: 0,
      background: "#ffffff",
      ink: "#222",
      font: cssFamily(font),
      fontSize: rng.int(15, 17),
      zoom: rng.float(1.3, 1.5),
      extra: "display:flex",
    },
    `<div style="flex:1.2;background:${accent};color:#fff;padding:28px"><div>${logoSvg(rng, 56, "#ffffff")}</div>` +
      `<div style="font-size:1.9em;font-weight:700;margin:14px 0">${esc(rng.pick(["See you soon!", "Time for a check-up", "Your eyes miss us!"]))}</div>` +
      `<div>${esc(message)}</div><div style="margin-top:16px;font-weight:700">${esc(`Call ${doc.clinic.phone} or book online.`)}</div></div>` +
      `<div style="flex:1;padding:26px;position:relative;min-height:330px"><div style="font-size:0.85em">${esc(doc.clinic.name)}<br>` +
      `${esc(clinicStreetLine(doc))}<br>${esc(cityLine(doc.clinic.place))}</div>` +
      `<div style="position:absolute;top:22px;right:22px;border:1px solid #999;width:70px;height:80px;font-size:0.6em;text-align:center;padding-top:6px">PRSRT STD<br>US POSTAGE<br>PAID</div>` +
      `<div style="margin-top:110px;font-size:1.05em">${esc(`${doc.patient.firstName} ${doc.patient.lastName}`)}<br>${esc(doc.patient.street)}<br>${esc(cityLine(doc.patient.place))}</div></div>`,
  );
  return { truth: null, rendered: { html, font } };
}
