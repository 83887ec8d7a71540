/**
 * The OD/OS table of a clinic form, in its common shapes: eyes as rows with the parameters as columns (in one of
 * several orders, the brand as a column or below the table), or transposed (parameters as rows, eyes as columns,
 * with a Brand row). Cylinder, axis and add columns appear only when the lens needs them, or as empty columns
 * some printed forms always carry.
 */
import { type PrintStyle } from "../printing";
import { type Rng } from "../random";
import { type EyeValues, type RxDoc } from "../values";
import { esc } from "./common";
import {
  EMPTY_CELLS,
  EMPTY_CYLINDER_CELLS,
  EYE_LABELS,
  eyeText,
  type EyeText,
  type ParamKey,
  pickLabels,
} from "./eye-text";

const ORDERS: ReadonlyArray<readonly ParamKey[]> = [
  ["brand", "sphere", "cylinder", "axis", "add", "baseCurve", "diameter", "color"],
  ["sphere", "baseCurve", "diameter", "cylinder", "axis", "add", "brand", "color"],
  ["baseCurve", "diameter", "sphere", "cylinder", "axis", "add", "brand", "color"],
  ["brand", "baseCurve", "diameter", "sphere", "cylinder", "axis", "add", "color"],
];

export interface TableStyle {
  border: string;
  headBackground: string;
  headColor: string;
  cellPadding: string;
  valueFont: string;
}

export function rxTableHtml(doc: RxDoc, rng: Rng, look: TableStyle): { html: string; transposed: boolean } {
  const labels = pickLabels(rng);
  const [odLabel, osLabel] = rng.pick(EYE_LABELS);
  const eyes = [
    { label: odLabel, text: textOf(doc.eyes.OD, doc.style) },
    { label: osLabel, text: textOf(doc.eyes.OS, doc.style) },
  ];
  const all = [doc.eyes.OD, doc.eyes.OS].filter((e): e is EyeValues => !!e);
  const toric = all.some((e) => e.cylinder !== undefined);
  const multifocal = all.some((e) => e.add !== undefined);
  const color = all.some((e) => e.color !== undefined);
  const sameBrand = new Set(all.map((e) => e.lens.brand)).size === 1;
  const transposed = rng.chance(0.22);
  const brandBelow = !transposed && sameBrand && rng.chance(0.35);

  // Printed forms often carry CYL/AXIS (and ADD) columns even for lenses that do not need them.
  const cylinderColumns = toric || rng.chance(0.5);
  const addColumn = multifocal || rng.chance(0.25);
  const keys = rng.pick(ORDERS).filter((key) => {
    if (key === "cylinder" || key === "axis") return cylinderColumns;
    if (key === "add") return addColumn;
    if (key === "color") return color;
    if (key === "brand") return !brandBelow;
    return true;
  });
  // An empty column keeps the same filler on both rows, as a person filling the form would.
  const filler = { cyl: rng.pick(EMPTY_CYLINDER_CELLS), other: rng.pick(EMPTY_CELLS) };
  const noLens = rng.pick(["No lens", "N/A", "Not prescribed", "\u2014"]);
  const cell = (text: EyeText | undefined, key: ParamKey): string => {
    if (!text) return key === "brand" ? noLens : "\u2014";
    const value = text[key];
    if (value !== undefined) return value;
    return key === "cylinder" ? filler.cyl : key === "axis" && filler.cyl === "DS" ? "" : filler.other;
  };

  const th = (content: string, extra = "") =>
    `<th style="border:${look.border};padding:${look.cellPadding};background:${look.headBackground};` +
    `color:${look.headColor};${extra}">${esc(content)}</th>`;
  const td = (content: string, extra = "") =>
    `<td style="border:${look.border};padding:${look.cellPadding};font-family:${look.valueFont};${extra}">` +
    `${esc(content)}</td>`;

  let table: string;
  if (transposed) {
    const head = th("") + eyes.map((e) => th(e.label)).join("");
    const rows = keys.map(
      (key) => `<tr>${th(labels[key], "text-align:left")}${eyes.map((e) => td(cell(e.text, key))).join("")}</tr>`,
    );
    table = `<table style="border-collapse:collapse;width:${rng.int(70, 100)}%"><tr>${head}</tr>${rows.join("")}</table>`;
  } else {
    const head = th(rng.pick(["Eye", "", "Rx"])) + keys.map((k) => th(labels[k])).join("");
    const rows = eyes.map(
      (e) =>
        `<tr>${th(e.label, "text-align:left")}${keys
          .map((k) => td(cell(e.text, k), k === "brand" ? "text-align:left" : "text-align:center"))
          .join("")}</tr>`,
    );
    table = `<table style="border-collapse:collapse;width:100%"><tr>${head}</tr>${rows.join("")}</table>`;
  }
  if (brandBelow && all[0]) {
    const label = rng.pick(["Lens", "Brand", "Lens Brand", "Contact Lens", "Lens prescribed"]);
    const suffix = all.length === 2 ? rng.pick(["", " (both eyes)", " OU"]) : "";
    table +=
      `<p style="margin:10px 0 0"><b>${esc(label)}:</b> <span style="font-family:${look.valueFont}">` +
      `${esc(all[0].lens.brand + suffix)}</span></p>`;
  }
  return { html: table, transposed };
}

function textOf(eye: EyeValues | undefined, style: PrintStyle): EyeText | undefined {
  return eye ? eyeText(eye, style) : undefined;
}
