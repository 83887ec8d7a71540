/**
 * Pieces the newer families share: the page shell, the prescriber block (recording the licence and NPI it
 * prints), handwritten values, and the lines a prescription carries that are not lens values (visual acuity,
 * keratometry, pupil distance, vertex, a spectacle prescription). A family draws its look from `rng` and its
 * values from the doc, so the truth always follows what the page prints.
 */
import { cssExtra, cssFamily, type ExtraFont, type FontFamily } from "../fonts";
import { printDate, printName, printPower, type PrintStyle } from "../printing";
import { type Rng } from "../random";
import { type Truth } from "../types";
import { type Printed, printedLicense, type RxDoc, rxTruth } from "../values";
import { esc, type Rendered, signatureSvg } from "./common";
import { prescriberName } from "./parts";

/** What a family's page gives the generator. */
export interface FamilyPage {
  truth: Truth | null;
  rendered: Rendered;
  /** The prescription behind the page, when it has one. */
  doc?: RxDoc;
}

export interface Shell {
  width: number;
  padding: number | string;
  background: string;
  ink: string;
  font: string;
  fontSize: number;
  zoom: number;
  minHeight?: number;
  extra?: string;
}

/** The #doc element the renderer screenshots. */
export function shell(s: Shell, content: string): string {
  return (
    `<div id="doc" style="width:${s.width}px;${s.minHeight ? `min-height:${s.minHeight}px;` : ""}box-sizing:border-box;` +
    `padding:${typeof s.padding === "number" ? `${s.padding}px` : s.padding};background:${s.background};color:${s.ink};` +
    `zoom:${s.zoom.toFixed(3)};font-family:${s.font};font-size:${s.fontSize}px;line-height:1.35;${s.extra ?? ""}">` +
    `${content}</div>`
  );
}

export function css(family: FontFamily | ExtraFont): string {
  return family in { Roboto: 1, Inter: 1, "Source Serif 4": 1, Merriweather: 1, "Courier Prime": 1 }
    ? cssFamily(family as FontFamily)
    : cssExtra(family as ExtraFont);
}

export function date(doc: RxDoc, iso: string): string {
  return printDate(iso, doc.style.dateFormat);
}

export function patientName(doc: RxDoc): string {
  return printName(doc.patient.firstName, doc.patient.lastName, doc.style.nameFormat);
}

/** The prescriber's printed name with the licence and NPI lines a family chooses to print. */
export function prescriberBlock(
  doc: RxDoc,
  rng: Rng,
  { license = 0.6, npi = 0.5, signature = true }: { license?: number; npi?: number; signature?: boolean } = {},
): { html: string; printed: Printed } {
  const printed: Printed = {};
  const lines = [esc(prescriberName(doc, rng))];
  if (rng.chance(license)) {
    printed.license = printedLicense(doc);
    lines.push(`${esc(rng.pick(["License #", "Lic #", "License No.", "State Lic."]))} ${esc(printed.license)}`);
  }
  if (rng.chance(npi)) {
    printed.npi = doc.doctor.npi;
    lines.push(`NPI${rng.pick([" ", ": ", " # "])}${printed.npi}`);
  }
  const pen = rng.pick(["#1a2a6c", "#0d1b4c", "#222", "#102a5c"]);
  const sig = signature ? `<div>${signatureSvg(rng, rng.int(200, 260), 56, pen)}</div>` : "";
  return { html: `${sig}<div>${lines.join("<br>")}</div>`, printed };
}

/** The truth for a page with lens values. */
export function truthOf(doc: RxDoc, printed: Printed): Truth {
  return rxTruth(doc, printed);
}

/**
 * A value written by hand: its own slight rotation, a baseline that wanders, a size that varies, pen ink.
 * Handwriting drops the page's minus sign for a plain dash, as people do.
 */
export function hand(text: string, family: ExtraFont, rng: Rng, size: number, pen: string): string {
  const rotate = rng.float(-4, 4).toFixed(1);
  const dy = rng.float(-3, 3).toFixed(1);
  const dx = rng.float(-4, 6).toFixed(1);
  const scale = rng.float(0.92, 1.12);
  return (
    `<span style="display:inline-block;font-family:${cssExtra(family)};font-size:${(size * scale).toFixed(1)}px;` +
    `color:${pen};transform:translate(${dx}px,${dy}px) rotate(${rotate}deg);white-space:nowrap">${esc(text.replace(/\u2212/g, "-"))}</span>`
  );
}

export function penColor(rng: Rng): string {
  return rng.pick(["#1a2a6c", "#0d1b4c", "#1b1b1b", "#102a5c", "#2a2a80"]);
}

// ---- Lines that are not lens values -------------------------------------------------------------------------

export function acuity(rng: Rng): string {
  return `20/${rng.pick([15, 20, 20, 20, 25, 30, 40])}`;
}

export function vaLine(rng: Rng): string {
  const od = acuity(rng);
  const os = acuity(rng);
  return rng.pick([
    `VA with lenses: OD ${od} OS ${os}`,
    `VA cc: OD ${od}  OS ${os}  OU ${acuity(rng)}`,
    `Visual acuity (CL): OD ${od}, OS ${os}`,
    `DVA OD ${od} OS ${os}`,
  ]);
}

export function kReading(rng: Rng): string {
  const flat = 40 + rng.int(0, 24) * 0.25;
  const steep = flat + rng.int(0, 8) * 0.25;
  return `${flat.toFixed(2)}/${steep.toFixed(2)} @ ${rng.pick([180, 175, 5, 90, 85, 170, 10])}`;
}

export function kLine(rng: Rng): string {
  return rng.pick([
    `K: ${kReading(rng)}`,
    `K's: OD ${kReading(rng)}  OS ${kReading(rng)}`,
    `Keratometry: OD ${kReading(rng)}; OS ${kReading(rng)}`,
  ]);
}

export function pdLine(rng: Rng): string {
  const pd = rng.int(56, 70);
  return rng.pick([`PD ${pd}`, `PD: ${pd} mm`, `PD ${pd}/${pd - 3}`, `Pupillary distance ${pd} mm`]);
}

export function vertexLine(rng: Rng): string {
  return rng.pick([
    `Vertex ${rng.int(10, 14)} mm`,
    `Vertex distance: ${rng.int(10, 14)}mm`,
    `BVD ${rng.int(10, 14)} mm`,
  ]);
}

/** A glasses prescription: sphere, cylinder, axis, maybe prism and add, per eye, and a PD. */
export interface SpectacleEye {
  sphere: string;
  cylinder: string;
  axis: string;
  prism: string;
  base: string;
  add: string;
}

export function spectacleRx(rng: Rng, style: PrintStyle): { OD: SpectacleEye; OS: SpectacleEye; pd: string } {
  const presbyope = rng.chance(0.35);
  const add = presbyope ? printPower(rng.pick([100, 125, 150, 175, 200, 225, 250]), style, false) : "";
  const base = rng.int(-24, 12) * 25;
  const eye = (): SpectacleEye => {
    const sphere = base + rng.pick([-50, -25, 0, 0, 25]);
    const toric = rng.chance(0.6);
    const prism = rng.chance(0.12);
    return {
      sphere: printPower(sphere, style),
      cylinder: toric ? printPower(-rng.int(1, 10) * 25, style, false) : rng.pick(["DS", "SPH", ""]),
      axis: toric ? String(rng.int(1, 180)) : "",
      prism: prism ? `${rng.pick(["0.5", "1.0", "1.5", "2.0"])}` : "",
      base: prism ? rng.pick(["BU", "BD", "BI", "BO"]) : "",
      add,
    };
  };
  return { OD: eye(), OS: eye(), pd: String(rng.int(56, 70)) };
}
