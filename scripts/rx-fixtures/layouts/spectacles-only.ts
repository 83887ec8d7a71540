/**
 * spectacles-only: a glasses prescription (SPH / CYL / AXIS / PRISM / BASE / ADD, PD), titled 'Spectacle Rx',
 * 'Eyeglass Prescription'... It is a Prescription, but one with no contact lens values: the truth has an empty
 * prescription and `spectaclesOnly: true`, with the patient, dates and prescriber it prints.
 */
import { FONT_FAMILIES, cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { drawRxDoc } from "../values";
import { headerHtml } from "./clinic-form";
import { accentColor, esc, inkColor, paperColor } from "./common";
import { date, type FamilyPage, patientName, prescriberBlock, shell, spectacleRx, truthOf } from "./kit";
import { DOB_LABELS, EXPIRATION_LABELS } from "./parts";

export function spectaclesOnly(values: Rng, rng: Rng): FamilyPage {
  const doc = drawRxDoc(values);
  // The page prints no patient address, so the truth must not expect one.
  doc.shows.patientAddress = false;
  const glasses = spectacleRx(values.fork("glasses"), doc.style);
  const font: FontFamily = rng.pick(FONT_FAMILIES);
  const accent = accentColor(rng);
  const ink = inkColor(rng);
  const border = `1px solid ${rng.pick([ink, "#777"])}`;
  const cell = (s: string, head = false) =>
    `<${head ? "th" : "td"} style="border:${border};padding:6px 10px;text-align:center">${esc(s)}</${head ? "th" : "td"}>`;
  const prism = glasses.OD.prism || glasses.OS.prism || rng.chance(0.5);
  const cols = ["SPH", "CYL", "AXIS", ...(prism ? ["PRISM", "BASE"] : []), "ADD"];
  const key = { SPH: "sphere", CYL: "cylinder", AXIS: "axis", PRISM: "prism", BASE: "base", ADD: "add" } as const;
  const rows = (["OD", "OS"] as const)
    .map((k) => `<tr>${cell(k, true)}${cols.map((c) => cell(glasses[k][key[c as keyof typeof key]])).join("")}</tr>`)
    .join("");
  const table =
    `<table style="border-collapse:collapse;margin:14px 0;width:${rng.int(70, 100)}%"><tr>${cell("", true)}` +
    `${cols.map((c) => cell(c, true)).join("")}</tr>${rows}</table>`;
  const info: string[] = [`<b>${rng.pick(["Patient", "Name"])}:</b> ${esc(patientName(doc))}`];
  if (doc.shows.dateOfBirth) info.push(`<b>${rng.pick(DOB_LABELS)}:</b> ${esc(date(doc, doc.patient.dateOfBirth))}`);
  info.push(`<b>${rng.pick(["Date", "Exam Date", "Issued"])}:</b> ${esc(date(doc, doc.examDate))}`);
  const after: string[] = [`<b>PD:</b> ${glasses.pd}${rng.chance(0.5) ? " mm" : ""}`];
  if (rng.chance(0.6))
    after.push(`<b>Lens type:</b> ${rng.pick(["Single vision", "Progressive", "Bifocal FT-28", "SV distance"])}`);
  if (rng.chance(0.5))
    after.push(
      `<b>Recommendations:</b> ${rng.pick(["AR coating", "Photochromic", "Polycarbonate, AR", "Blue light filter"])}`,
    );
  if (doc.shows.expiration) after.push(`<b>${rng.pick(EXPIRATION_LABELS)}:</b> ${esc(date(doc, doc.expirationDate))}`);
  const notice = rng.chance(0.5)
    ? `<p style="font-size:0.85em;font-style:italic">${esc(rng.pick(["This prescription is not valid for contact lenses.", "Spectacle prescription only. A contact lens fitting is required for contact lenses.", "Not a contact lens prescription."]))}</p>`
    : "";
  const signer = prescriberBlock(doc, rng, { license: 0.6, npi: 0.5 });
  const html = shell(
    {
      width: rng.int(700, 820),
      padding: rng.int(36, 56),
      background: paperColor(rng),
      ink,
      font: cssFamily(font),
      fontSize: rng.int(13, 16),
      zoom: rng.float(1.3, 1.6),
    },
    headerHtml(doc, rng, accent) +
      `<h2 style="margin:20px 0 10px">${esc(rng.pick(["Spectacle Rx", "Eyeglass Prescription", "SPECTACLE PRESCRIPTION", "Glasses Prescription", "Rx for Eyeglasses"]))}</h2>` +
      info.map((l) => `<div>${l}</div>`).join("") +
      table +
      after.map((l) => `<div style="margin:3px 0">${l}</div>`).join("") +
      notice +
      `<div style="margin-top:26px">${signer.html}</div>`,
  );
  const printed = { issueDate: true, ...signer.printed };
  const truth = { ...truthOf(doc, printed), prescription: {}, spectaclesOnly: true };
  return { truth, rendered: { html, font, printed }, doc };
}
