/**
 * Pieces every layout uses: HTML escaping, paper and ink colours, and the drawn parts of a real document
 * (a signature scribble, a logo mark, barcode bars) as inline SVG.
 */
import { type Rng } from "../random";
import { type Printed } from "../values";

export interface Rendered {
  /** The document's HTML; the element to screenshot has id "doc". */
  html: string;
  /** The family the values are printed in. */
  font: string;
  /** What the page printed that the truth should hold (issue date, licence, NPI). */
  printed?: Printed;
  /** The layout family when a layout draws more than one (a transposed clinic form, a shorthand letter). */
  family?: string;
}

export function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function paperColor(rng: Rng): string {
  return rng.pick(["#ffffff", "#ffffff", "#fdfcf7", "#fbfaf3", "#f8f9fb", "#fffdf5"]);
}

export function inkColor(rng: Rng): string {
  return rng.pick(["#111111", "#1a1a1a", "#202124", "#1b2430", "#222222"]);
}

/** Clinic brand colours: dark enough that text on white (and white on them) stays readable. */
export function accentColor(rng: Rng): string {
  return rng.pick(["#1f4e79", "#0b6e69", "#6b1d2a", "#2e5e2a", "#4b2c73", "#2b3a55", "#8a4b08", "#005a8c"]);
}

/**
 * A pen signature: a prolate cycloid (a point on a rolling wheel's spoke beyond the rim) draws the loops of
 * joined-up writing; amplitude and pace wander per stroke, a tall capital starts it and a flourish ends it.
 */
export function signatureSvg(rng: Rng, width: number, height: number, color: string): string {
  const { main, tail, stroke, tilt, mid } = signaturePaths(rng, width, height);
  return (
    `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true">` +
    `<g transform="skewX(${tilt.toFixed(1)})" transform-origin="0 ${mid.toFixed(0)}">` +
    `<path d="${main}" fill="none" stroke="${color}" stroke-width="${stroke.toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${tail}" fill="none" stroke="${color}" stroke-width="${stroke.toFixed(1)}" stroke-linecap="round"/></g></svg>`
  );
}

/** The signature's two SVG paths (the writing and the underline flourish), for SVG and for pdf-lib. */
export function signaturePaths(rng: Rng, width: number, height: number) {
  const mid = height * 0.62;
  const points: Array<[number, number]> = [];
  const x0 = rng.float(6, 16);
  // The capital: one tall loop.
  const capH = height * rng.float(0.45, 0.6);
  for (let t = 0; t <= 1; t += 0.05) {
    const a = t * Math.PI * 2;
    points.push([x0 + 10 * Math.sin(a) + t * 14, mid - capH * 0.5 * (1 - Math.cos(a))]);
  }
  let x = x0 + 18;
  let phase = 0;
  const end = width * rng.float(0.75, 0.92);
  let amp = height * rng.float(0.12, 0.22);
  let pace = rng.float(2.2, 3.4);
  while (x < end) {
    if (rng.chance(0.08)) amp = height * rng.float(0.08, 0.3); // a tall letter or a flat run
    if (rng.chance(0.1)) pace = rng.float(1.8, 3.6);
    phase += 0.25;
    x += pace * 0.25 * rng.float(0.8, 1.2);
    const loop = amp * rng.float(0.9, 1.1);
    points.push([x - loop * 0.55 * Math.sin(phase), mid - loop * (1 - Math.cos(phase)) + rng.float(-0.6, 0.6)]);
  }
  const main = "M" + points.map(([px, py]) => `${px.toFixed(1)} ${py.toFixed(1)}`).join(" L");
  const tail =
    `M${rng.float(0, width * 0.25).toFixed(1)} ${(mid + height * rng.float(0.12, 0.3)).toFixed(1)} ` +
    `Q${(width * 0.55).toFixed(1)} ${(mid + rng.float(height * 0.1, height * 0.35)).toFixed(1)} ` +
    `${(width * rng.float(0.85, 0.99)).toFixed(1)} ${(mid - rng.float(0, height * 0.2)).toFixed(1)}`;
  return { main, tail, stroke: rng.float(1.2, 2.2), tilt: rng.float(-12, -4), mid };
}

/** A small clinic logo: an eye, a stylised lens, or a cross of circles. */
export function logoSvg(rng: Rng, size: number, color: string): string {
  const s = size;
  const shapes = [
    `<path d="M${s * 0.05} ${s / 2} Q${s / 2} ${s * 0.1} ${s * 0.95} ${s / 2} Q${s / 2} ${s * 0.9} ${s * 0.05} ${s / 2}Z" fill="none" stroke="${color}" stroke-width="${s * 0.06}"/><circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.17}" fill="${color}"/>`,
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.42}" fill="none" stroke="${color}" stroke-width="${s * 0.08}"/><path d="M${s * 0.25} ${s * 0.45} Q${s / 2} ${s * 0.2} ${s * 0.75} ${s * 0.45}" fill="none" stroke="${color}" stroke-width="${s * 0.06}"/>`,
    `<circle cx="${s * 0.35}" cy="${s * 0.4}" r="${s * 0.25}" fill="${color}" opacity="0.8"/><circle cx="${s * 0.62}" cy="${s * 0.58}" r="${s * 0.25}" fill="${color}" opacity="0.5"/>`,
    `<rect x="${s * 0.08}" y="${s * 0.08}" width="${s * 0.84}" height="${s * 0.84}" rx="${s * 0.2}" fill="${color}"/><circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.2}" fill="#fff"/>`,
  ];
  return `<svg width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" aria-hidden="true">${rng.pick(shapes)}</svg>`;
}

/** Barcode-like bars (not a decodable code: only the look of one). */
export function barcodeSvg(rng: Rng, width: number, height: number, color = "#000"): string {
  let x = 0;
  let rects = "";
  while (x < width - 4) {
    const bar = rng.pick([1, 1, 2, 2, 3, 4]);
    rects += `<rect x="${x}" y="0" width="${bar}" height="${height}" fill="${color}"/>`;
    x += bar + rng.pick([1, 1, 2, 3]);
  }
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true">${rects}</svg>`;
}

/** A square block of modules that reads as a 2D code. */
export function matrixCodeSvg(rng: Rng, size: number, modules = 18): string {
  const cell = size / modules;
  let rects = "";
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      const finder = (x < 3 && y < 3) || (x >= modules - 3 && y < 3) || (x < 3 && y >= modules - 3);
      if (finder || rng.chance(0.45)) {
        rects += `<rect x="${(x * cell).toFixed(2)}" y="${(y * cell).toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}"/>`;
      }
    }
  }
  return `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">${rects}</svg>`;
}
