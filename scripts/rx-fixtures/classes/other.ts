/**
 * The Other class: anything a shopper might upload by mistake. Scenes drawn in SVG (a landscape, abstract
 * shapes, a cat-like animal) plus the text-bearing hard negatives of other-docs.ts. The kind rotates with the
 * index so every kind appears in even a small set.
 */
import { type Rng } from "../random";
import { invoiceHtml, type OtherPicture, receiptHtml, screenshotHtml, shoppingListHtml } from "./other-docs";

const KINDS = ["landscape", "receipt", "shapes", "screenshot", "cat", "shopping-list", "invoice"] as const;
export type OtherKind = (typeof KINDS)[number];

export function otherKind(index: number): OtherKind {
  return KINDS[index % KINDS.length]!;
}

export function otherHtml(kind: OtherKind, rng: Rng): OtherPicture {
  switch (kind) {
    case "landscape":
      return scene(landscapeSvg(rng));
    case "shapes":
      return scene(shapesSvg(rng));
    case "cat":
      return scene(catSvg(rng));
    case "receipt":
      return receiptHtml(rng);
    case "shopping-list":
      return shoppingListHtml(rng);
    case "invoice":
      return invoiceHtml(rng);
    case "screenshot":
      return screenshotHtml(rng);
  }
}

function scene(svg: string): OtherPicture {
  return { html: `<div id="doc" style="display:inline-block;zoom:1.5">${svg}</div>`, font: "none", finish: "photo" };
}

const W = 800;
const H = 600;

function ridge(rng: Rng, baseY: number, rough: number): string {
  let d = `M0 ${H} L0 ${baseY}`;
  for (let x = 0; x <= W; x += rng.int(30, 80)) d += ` L${x} ${baseY - rng.float(0, rough)}`;
  return `${d} L${W} ${baseY} L${W} ${H}Z`;
}

function landscapeSvg(rng: Rng): string {
  const dusk = rng.chance(0.3);
  const sky = dusk ? ["#2b3a67", "#f19c79"] : ["#5b9bd5", "#dbeefc"];
  const horizon = rng.int(300, 380);
  const trees = Array.from({ length: rng.int(4, 12) }, () => {
    const x = rng.int(0, W);
    const y = rng.int(horizon + 40, H - 20);
    const s = rng.float(0.6, 1.4) * (y / H);
    return (
      `<rect x="${x - 4 * s}" y="${y}" width="${8 * s}" height="${30 * s}" fill="#4a3320"/>` +
      `<path d="M${x - 40 * s} ${y + 5} L${x} ${y - 110 * s} L${x + 40 * s} ${y + 5}Z" fill="${rng.pick(["#2f5d34", "#3e6b3a", "#1f4a2c"])}"/>`
    );
  }).join("");
  const clouds = Array.from({ length: rng.int(2, 5) }, () => {
    const x = rng.int(0, W);
    const y = rng.int(40, 180);
    return [0, 40, 80]
      .map(
        (dx) =>
          `<ellipse cx="${x + dx}" cy="${y + rng.int(-8, 8)}" rx="${rng.int(35, 60)}" ry="${rng.int(18, 28)}" fill="#fff" opacity="0.8"/>`,
      )
      .join("");
  }).join("");
  return (
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" aria-hidden="true"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${rng.int(80, 720)}" cy="${rng.int(60, 200)}" r="${rng.int(25, 45)}" fill="${dusk ? "#ffcf73" : "#fff7c2"}"/>${clouds}` +
    `<path d="${ridge(rng, horizon, 170)}" fill="${rng.pick(["#6d7f99", "#7a8ca8", "#5e6b80"])}"/><path d="${ridge(rng, horizon + 40, 70)}" fill="#5b7d4a"/>` +
    (rng.chance(0.5) ? `<rect x="0" y="${horizon + 80}" width="${W}" height="60" fill="#6fa8dc" opacity="0.8"/>` : "") +
    `<path d="${ridge(rng, horizon + 150, 30)}" fill="#4f7a3a"/>${trees}</svg>`
  );
}

function shapesSvg(rng: Rng): string {
  const palette = rng.shuffle([
    "#264653",
    "#2a9d8f",
    "#e9c46a",
    "#f4a261",
    "#e76f51",
    "#8ecae6",
    "#ffb703",
    "#6d597a",
    "#b56576",
  ]);
  const shapes = Array.from({ length: rng.int(12, 30) }, () => {
    const fill = rng.pick(palette);
    const op = rng.float(0.5, 1).toFixed(2);
    switch (rng.int(0, 2)) {
      case 0:
        return `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${rng.int(15, 120)}" fill="${fill}" opacity="${op}"/>`;
      case 1:
        return `<rect x="${rng.int(0, W)}" y="${rng.int(0, H)}" width="${rng.int(20, 220)}" height="${rng.int(20, 220)}" fill="${fill}" opacity="${op}" transform="rotate(${rng.int(0, 90)} ${W / 2} ${H / 2})"/>`;
      default:
        return `<path d="M${rng.int(0, W)} ${rng.int(0, H)} L${rng.int(0, W)} ${rng.int(0, H)} L${rng.int(0, W)} ${rng.int(0, H)}Z" fill="${fill}" opacity="${op}"/>`;
    }
  }).join("");
  return `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" aria-hidden="true"><rect width="${W}" height="${H}" fill="${rng.pick(["#f1faee", "#fefae0", "#1d3557", "#222"])}"/>${shapes}</svg>`;
}

function catSvg(rng: Rng): string {
  const fur = rng.pick(["#8b8b8b", "#d08c4a", "#2b2b2b", "#e8dcc8", "#6b4a33"]);
  const cx = rng.int(320, 480);
  const cy = rng.int(260, 330);
  const eye = rng.pick(["#9acd32", "#e0b030", "#6fb7d6"]);
  const floor = rng.pick(["#b08d6a", "#7d8a96", "#9c6b5a", "#c9b79c"]);
  const whiskers = [-1, 1]
    .flatMap((s) =>
      [-12, 0, 12].map(
        (dy) =>
          `<path d="M${cx + s * 30} ${cy - 40 + dy / 2} L${cx + s * 110} ${cy - 45 + dy * 1.5}" stroke="#eee" stroke-width="2"/>`,
      ),
    )
    .join("");
  return (
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" aria-hidden="true">` +
    `<rect width="${W}" height="${H}" fill="${rng.pick(["#e9e4da", "#cfd8dc", "#d7c4a8"])}"/><rect y="${cy + 90}" width="${W}" height="${H}" fill="${floor}"/>` +
    `<path d="M${cx + 130} ${cy + 150} C${cx + 260} ${cy + 160} ${cx + 260} ${cy + 40} ${cx + 200} ${cy + 20}" stroke="${fur}" stroke-width="24" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="${cx + 60}" cy="${cy + 90}" rx="150" ry="90" fill="${fur}"/>` +
    `<circle cx="${cx}" cy="${cy - 40}" r="85" fill="${fur}"/>` +
    `<path d="M${cx - 75} ${cy - 80} L${cx - 60} ${cy - 170} L${cx - 15} ${cy - 115}Z M${cx + 75} ${cy - 80} L${cx + 60} ${cy - 170} L${cx + 15} ${cy - 115}Z" fill="${fur}"/>` +
    [-1, 1]
      .map(
        (s) =>
          `<ellipse cx="${cx + s * 32}" cy="${cy - 55}" rx="17" ry="14" fill="${eye}"/><ellipse cx="${cx + s * 32}" cy="${cy - 55}" rx="4" ry="12" fill="#111"/>`,
      )
      .join("") +
    `<path d="M${cx - 10} ${cy - 28} L${cx + 10} ${cy - 28} L${cx} ${cy - 18}Z" fill="#d77"/>${whiskers}</svg>`
  );
}
