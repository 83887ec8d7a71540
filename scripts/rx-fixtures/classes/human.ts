/**
 * Portrait-like pictures for the Human class: a head-and-shoulders figure drawn in SVG with shaded skin,
 * hair, eyes, brows, nose, mouth and clothes, over a wall, studio or outdoor-bokeh background. Tone, hair,
 * framing, tilt, glasses and beards vary. Not faces of anyone: only the shape a selfie or ID photo has.
 */
import { type Rng } from "../random";

const SKIN = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac", "#d4a373", "#a0522d", "#5c3a21", "#eac086"];
const HAIR = ["#2c1b10", "#4a2e19", "#8b5a2b", "#c8a165", "#e6c98a", "#1a1a1a", "#8a8a8a", "#b5523b", "#3b2a20"];
const IRIS = ["#5b3a1e", "#3d2817", "#4f7aa8", "#5e8c61", "#8a6d3b", "#2f2f2f"];
const CLOTHES = ["#23395d", "#7a1f2b", "#2f4f2f", "#444", "#c9b79c", "#6b4f8a", "#e8e8e8", "#1f6f8b", "#b85c38"];

export function humanHtml(rng: Rng): { html: string } {
  const W = rng.int(560, 720);
  const H = Math.round(W * rng.float(1.15, 1.4));
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const cx = W * rng.float(0.4, 0.6);
  const cy = H * rng.float(0.36, 0.46);
  const rx = W * rng.float(0.15, 0.2);
  const ry = rx * rng.float(1.22, 1.38);
  const tilt = rng.float(-9, 9).toFixed(1);
  const clothes = rng.pick(CLOTHES);
  const iris = rng.pick(IRIS);

  const bg = rng.pick([
    () => `<rect width="${W}" height="${H}" fill="url(#wall)"/>`,
    () => `<rect width="${W}" height="${H}" fill="url(#studio)"/>`,
    () =>
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      Array.from(
        { length: 14 },
        () =>
          `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${rng.int(20, 70)}" fill="${rng.pick(["#fff6d5", "#cfe8ff", "#ffe0c2", "#d9f2d0"])}" opacity="${rng.float(0.15, 0.45).toFixed(2)}" filter="url(#soft)"/>`,
      ).join(""),
  ])();
  const wallA = rng.pick(["#d9d4cc", "#9fb3c8", "#c8d6c0", "#e9e2d0", "#7c8a99", "#b8a99a", "#6f7d6a"]);
  const wallB = rng.pick(["#a8a39b", "#5f7187", "#8fa387", "#c4b9a0", "#3e4a57", "#8a7868", "#42503f"]);

  const shoulderY = cy + ry * rng.float(1.35, 1.6);
  const shoulders =
    `<path d="M${cx - rx * 3.2} ${H} C${cx - rx * 3} ${shoulderY + ry * 0.2} ${cx - rx * 1.8} ${shoulderY} ${cx - rx * 0.6} ${shoulderY - ry * 0.1} L${cx + rx * 0.6} ${shoulderY - ry * 0.1} C${cx + rx * 1.8} ${shoulderY} ${cx + rx * 3} ${shoulderY + ry * 0.2} ${cx + rx * 3.2} ${H} Z" fill="${clothes}"/>` +
    `<path d="M${cx - rx * 3.2} ${H} C${cx - rx * 3} ${shoulderY + ry * 0.2} ${cx - rx * 1.8} ${shoulderY} ${cx - rx * 0.6} ${shoulderY - ry * 0.1} L${cx + rx * 0.6} ${shoulderY - ry * 0.1} C${cx + rx * 1.8} ${shoulderY} ${cx + rx * 3} ${shoulderY + ry * 0.2} ${cx + rx * 3.2} ${H} Z" fill="url(#shade)"/>`;
  const neck =
    `<rect x="${cx - rx * 0.45}" y="${cy + ry * 0.6}" width="${rx * 0.9}" height="${ry * 0.85}" fill="${skin}"/>` +
    `<rect x="${cx - rx * 0.45}" y="${cy + ry * 0.6}" width="${rx * 0.9}" height="${ry * 0.85}" fill="#000" opacity="0.18"/>` +
    (rng.chance(0.6)
      ? `<path d="M${cx - rx * 0.6} ${shoulderY - ry * 0.1} L${cx} ${shoulderY + ry * 0.45} L${cx + rx * 0.6} ${shoulderY - ry * 0.1}Z" fill="${skin}"/>`
      : "");
  const longHair = rng.chance(0.4);
  const hairBack = longHair
    ? `<path d="M${cx - rx * 1.15} ${cy - ry * 0.2} C${cx - rx * 1.4} ${cy + ry * 1.2} ${cx - rx * 1.3} ${cy + ry * 1.6} ${cx - rx * 0.9} ${cy + ry * 1.75} L${cx + rx * 0.9} ${cy + ry * 1.75} C${cx + rx * 1.3} ${cy + ry * 1.6} ${cx + rx * 1.4} ${cy + ry * 1.2} ${cx + rx * 1.15} ${cy - ry * 0.2} Z" fill="${hair}"/>`
    : "";
  const ears = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${cx + s * rx * 0.98}" cy="${cy + ry * 0.05}" rx="${rx * 0.16}" ry="${ry * 0.2}" fill="${skin}"/>`,
    )
    .join("");
  const head = `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${skin}"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#face)"/>`;
  const hairTop = rng.pick([
    () =>
      `<path d="M${cx - rx * 1.04} ${cy - ry * 0.05} C${cx - rx * 1.1} ${cy - ry * 1.25} ${cx + rx * 1.1} ${cy - ry * 1.25} ${cx + rx * 1.04} ${cy - ry * 0.05} C${cx + rx * 0.8} ${cy - ry * 0.55} ${cx - rx * 0.3} ${cy - ry * 0.7} ${cx - rx * 1.04} ${cy - ry * 0.05}Z" fill="${hair}"/>`,
    () =>
      Array.from({ length: 22 }, (_, i) => {
        const a = Math.PI * (1.05 + (i / 21) * 0.9);
        return `<circle cx="${cx + Math.cos(a) * rx * 0.95}" cy="${cy - ry * 0.15 + Math.sin(a) * ry * 0.85}" r="${rx * rng.float(0.2, 0.3)}" fill="${hair}"/>`;
      }).join(""),
    () =>
      `<path d="M${cx - rx * 1.0} ${cy - ry * 0.25} C${cx - rx * 0.9} ${cy - ry * 1.15} ${cx + rx * 0.9} ${cy - ry * 1.15} ${cx + rx * 1.0} ${cy - ry * 0.25} C${cx + rx * 0.5} ${cy - ry * 0.75} ${cx - rx * 0.5} ${cy - ry * 0.75} ${cx - rx * 1.0} ${cy - ry * 0.25}Z" fill="${hair}"/><circle cx="${cx}" cy="${cy - ry * 1.05}" r="${rx * 0.35}" fill="${hair}"/>`,
    () =>
      `<path d="M${cx - rx * 0.9} ${cy - ry * 0.5} C${cx - rx * 0.6} ${cy - ry * 1.05} ${cx + rx * 0.6} ${cy - ry * 1.05} ${cx + rx * 0.9} ${cy - ry * 0.5}" fill="none" stroke="${hair}" stroke-width="${rx * 0.08}" opacity="0.5"/>`,
  ])();
  const eyeY = cy - ry * rng.float(0.02, 0.12);
  const eyeDx = rx * rng.float(0.36, 0.44);
  const eyes = [-1, 1]
    .map((s) => {
      const ex = cx + s * eyeDx;
      return (
        `<ellipse cx="${ex}" cy="${eyeY}" rx="${rx * 0.2}" ry="${rx * 0.1}" fill="#f4f1ec"/>` +
        `<circle cx="${ex + rng.float(-2, 2)}" cy="${eyeY}" r="${rx * 0.085}" fill="${iris}"/><circle cx="${ex}" cy="${eyeY}" r="${rx * 0.04}" fill="#111"/>` +
        `<circle cx="${ex + rx * 0.03}" cy="${eyeY - rx * 0.03}" r="${rx * 0.015}" fill="#fff"/>` +
        `<path d="M${ex - rx * 0.22} ${eyeY} Q${ex} ${eyeY - rx * 0.16} ${ex + rx * 0.22} ${eyeY}" fill="none" stroke="#3a2a20" stroke-width="${rx * 0.025}"/>` +
        `<path d="M${ex - rx * 0.24} ${eyeY - rx * 0.22} Q${ex} ${eyeY - rx * rng.float(0.32, 0.4)} ${ex + rx * 0.24} ${eyeY - rx * 0.24}" fill="none" stroke="${hair}" stroke-width="${rx * rng.float(0.04, 0.08)}" stroke-linecap="round"/>`
      );
    })
    .join("");
  const glasses = rng.chance(0.3)
    ? [-1, 1]
        .map(
          (s) =>
            `<rect x="${cx + s * eyeDx - rx * 0.3}" y="${eyeY - rx * 0.2}" width="${rx * 0.6}" height="${rx * 0.42}" rx="${rx * 0.12}" fill="#bcd" fill-opacity="0.12" stroke="#222" stroke-width="${rx * 0.035}"/>`,
        )
        .join("") +
      `<path d="M${cx - eyeDx + rx * 0.3} ${eyeY - rx * 0.05} Q${cx} ${eyeY - rx * 0.14} ${cx + eyeDx - rx * 0.3} ${eyeY - rx * 0.05}" fill="none" stroke="#222" stroke-width="${rx * 0.035}"/>`
    : "";
  const noseY = cy + ry * 0.3;
  const nose = `<path d="M${cx - rx * 0.02} ${eyeY + rx * 0.1} Q${cx - rx * 0.12} ${noseY - rx * 0.05} ${cx - rx * 0.14} ${noseY} Q${cx} ${noseY + rx * 0.08} ${cx + rx * 0.14} ${noseY}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="${rx * 0.03}"/>`;
  const mouthY = cy + ry * rng.float(0.5, 0.58);
  const smile = rng.float(0, 0.14);
  const mouth = `<path d="M${cx - rx * 0.3} ${mouthY} Q${cx} ${mouthY + rx * smile + rx * 0.1} ${cx + rx * 0.3} ${mouthY} Q${cx} ${mouthY + rx * 0.02} ${cx - rx * 0.3} ${mouthY}Z" fill="${rng.pick(["#a4544f", "#8e4a44", "#b8646a", "#6e3b36"])}"/>`;
  const beard = rng.chance(0.18)
    ? `<path d="M${cx - rx * 0.95} ${cy + ry * 0.1} C${cx - rx * 0.9} ${cy + ry * 1.05} ${cx + rx * 0.9} ${cy + ry * 1.05} ${cx + rx * 0.95} ${cy + ry * 0.1} C${cx + rx * 0.6} ${cy + ry * 0.75} ${cx - rx * 0.6} ${cy + ry * 0.75} ${cx - rx * 0.95} ${cy + ry * 0.1}Z" fill="${hair}" opacity="0.85"/>`
    : "";

  const defs = `<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="${rng.float(0, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="${wallA}"/><stop offset="1" stop-color="${wallB}"/></linearGradient>
    <radialGradient id="studio" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${wallA}"/><stop offset="1" stop-color="#333"/></radialGradient>
    <radialGradient id="face" cx="${rng.float(0.35, 0.55).toFixed(2)}" cy="0.4" r="0.7"><stop offset="0.3" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="12"/></filter></defs>`;
  const svg =
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" aria-hidden="true">${defs}${bg}${shoulders}` +
    `<g transform="rotate(${tilt} ${cx} ${cy + ry})">${hairBack}${neck}${ears}${head}${beard}${hairTop}${eyes}${glasses}${nose}${mouth}</g></svg>`;
  return { html: `<div id="doc" style="width:${W}px;height:${H}px;zoom:1.4">${svg}</div>` };
}
