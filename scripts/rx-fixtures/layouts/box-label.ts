/**
 * The end label of a contact lens box: brand and product line, the lens parameters ("BC 8.6  DIA 14.2
 * PWR -3.00", with CYL/AXIS on torics, ADD on multifocals, a colour name on colour lenses), lens count, lot and
 * the lenses' own use-by date, a sterile mark, barcode bars. The Box class: one eye, no patient, no prescription
 * expiry (the EXP on a box is the lenses' shelf life).
 */
import { cssFamily, type FontFamily } from "../fonts";
import { type Rng } from "../random";
import { type BoxDoc } from "../values";
import { accentColor, barcodeSvg, esc, matrixCodeSvg, type Rendered } from "./common";
import { eyeText } from "./eye-text";

const BOX_LABELS = {
  sphere: ["PWR", "POWER", "SPH", "D", "PWR/D"],
  baseCurve: ["BC", "B.C.", "BASE CURVE"],
  diameter: ["DIA", "DIAM", "\u00d8"],
  cylinder: ["CYL"],
  axis: ["AXIS", "AX"],
  add: ["ADD"],
  color: ["COLOR", "Color"],
} as const;

export function boxLabelHtml(doc: BoxDoc, rng: Rng): Rendered {
  const font: FontFamily = rng.weighted<FontFamily>([
    ["Roboto", 4],
    ["Inter", 4],
    ["Source Serif 4", 1],
    ["Courier Prime", 1],
  ]);
  const t = eyeText(doc.eye, doc.style);
  const lens = doc.eye.lens;
  const accent = accentColor(rng);
  const band = rng.pick(["top", "left", "none"] as const);
  const width = rng.int(560, 760);
  const zoom = rng.float(1.5, 1.9).toFixed(3);
  const upper = rng.chance(0.5);
  // Boxes print the line name big, the maker above it and the variant ("for Astigmatism", "Multifocal")
  // smaller below, often upper case.
  const maker = lens.brand.startsWith("Bausch + Lomb ") ? "Bausch + Lomb" : "";
  const rest = maker ? lens.brand.slice(maker.length + 1) : lens.brand;
  const variant = /\s(for Astigmatism|for Presbyopia|[Mm]ultifocal|[Tt]oric|plus HydraGlyde.*)$/.exec(rest);
  const big = variant ? rest.slice(0, variant.index) : rest;
  const small = variant ? variant[1]! : "";
  const cased = (s: string) => (upper ? s.toUpperCase() : s);

  const params: Array<[string, string]> = [
    [rng.pick(BOX_LABELS.baseCurve), t.baseCurve],
    [rng.pick(BOX_LABELS.diameter), t.diameter],
    [rng.pick(BOX_LABELS.sphere), t.sphere],
  ];
  if (t.cylinder !== undefined)
    params.push([rng.pick(BOX_LABELS.cylinder), t.cylinder], [rng.pick(BOX_LABELS.axis), t.axis!]);
  if (t.add !== undefined) params.push([rng.pick(BOX_LABELS.add), t.add]);
  const ordered = rng.chance(0.5) ? params : [params[2]!, params[0]!, params[1]!, ...params.slice(3)];
  const valueSize = rng.int(20, 28);
  const paramHtml = rng.chance(0.5)
    ? `<div style="display:flex;gap:${rng.int(14, 26)}px;flex-wrap:wrap;font-size:${valueSize}px;font-weight:700">` +
      ordered.map(([k, v]) => `<span>${esc(k)} ${esc(v)}</span>`).join("") +
      "</div>"
    : `<table style="border-collapse:collapse;font-size:${valueSize}px"><tr>` +
      ordered.map(([k]) => `<td style="padding:0 14px 0 0;font-size:0.55em;font-weight:400">${esc(k)}</td>`).join("") +
      `</tr><tr>${ordered.map(([, v]) => `<td style="padding:0 14px 0 0;font-weight:700">${esc(v)}</td>`).join("")}</tr></table>`;
  const colorHtml = t.color
    ? `<div style="font-size:18px;margin-top:6px">${esc(rng.pick(BOX_LABELS.color))}: <b>${esc(cased(t.color))}</b></div>`
    : "";
  const countText = rng.pick([
    `${doc.count} LENSES`,
    `${doc.count} soft contact lenses`,
    `${doc.count} ${lens.replacement === "Daily" ? "DAILY " : ""}LENSES`,
    `Contains ${doc.count} lenses`,
  ]);
  const hourglass = `<svg width="14" height="18" viewBox="0 0 14 18" aria-hidden="true"><path d="M1 1h12M1 17h12M2 1c0 6 10 6 10 8s-10 2-10 8M12 1c0 6-10 6-10 8s10 2 10 8" fill="none" stroke="#000" stroke-width="1.4"/></svg>`;
  const expiry = rng.chance(0.5) ? `${hourglass} ${doc.lensExpiry}` : `EXP ${doc.lensExpiry}`;
  const lot = `<span style="border:1.5px solid #000;padding:0 4px;font-size:0.8em">LOT</span> ${doc.lot}`;
  const sterile = `<span style="border:1.5px solid #000;padding:0 4px;font-size:0.8em">STERILE</span>`;
  const footer =
    `<div style="display:flex;gap:18px;align-items:center;font-size:14px;margin-top:10px;flex-wrap:wrap">` +
    `<span>${lot}</span><span>${expiry}</span>${rng.chance(0.6) ? sterile : ""}<span>Rx only</span></div>`;
  const codes =
    `<div style="display:flex;flex-direction:column;align-items:center;gap:6px">` +
    `${rng.chance(0.6) ? matrixCodeSvg(rng, 64) : ""}${barcodeSvg(rng, rng.int(110, 150), rng.int(40, 56))}` +
    `<span style="font-size:11px;letter-spacing:0.1em">${rng.int(100000, 999999)} ${rng.int(10000, 99999)}</span></div>`;

  const brandHtml =
    `<div style="font-size:${rng.int(26, 36)}px;font-weight:700;color:${band === "none" ? accent : "#111"};` +
    `line-height:1.1">${maker ? `<div style="font-size:0.45em;letter-spacing:0.08em">${esc(maker.toUpperCase())}</div>` : ""}` +
    `${esc(cased(big))}${rng.chance(0.5) ? "<sup style='font-size:0.4em'>&reg;</sup>" : ""}</div>` +
    (small
      ? `<div style="font-size:${rng.int(16, 20)}px;font-weight:${rng.chance(0.5) ? 700 : 400}">${esc(cased(small))}</div>`
      : "") +
    `<div style="font-size:12px;color:#333;margin:2px 0 10px">${esc(lens.manufacturer)} &middot; ${esc(countText)}</div>`;
  const body =
    `<div style="display:flex;justify-content:space-between;gap:18px;align-items:center">` +
    `<div>${brandHtml}${paramHtml}${colorHtml}${footer}</div>${codes}</div>`;
  const bandCss =
    band === "top"
      ? `border-top:${rng.int(14, 26)}px solid ${accent}`
      : band === "left"
        ? `border-left:${rng.int(18, 34)}px solid ${accent}`
        : "";
  const html =
    `<div id="doc" style="width:${width}px;box-sizing:border-box;padding:${rng.int(16, 26)}px ${rng.int(18, 30)}px;` +
    `background:${rng.pick(["#ffffff", "#f7f7f7", "#fbfbf8"])};color:#111;${bandCss};zoom:${zoom};` +
    `font-family:${cssFamily(font)}">${body}</div>`;
  return { html, font };
}
