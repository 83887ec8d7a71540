import type { ImageMeasures } from "~/models/image-classifier";

/**
 * Simple measures of a photo for the image classifier (models/image-classifier.ts): size and shape, colourfulness,
 * the share of skin-toned pixels, edges, and the brightness of the page. Computed on a thumbnail (at most 192 px a
 * side), so they cost a few milliseconds whatever the upload's size; the loops run in a pixel worker thread all the
 * same (pixel-worker.server.ts is given the source of the functions in MEASURE_KERNELS: each uses only its
 * arguments, the others listed there and JavaScript's globals).
 */

/** Hasler and Süsstrunk's colourfulness (2003): ~0 for a grey page, 30–60 for a photo, 100+ for vivid print. */
function colorfulness(rgb: Uint8Array, pixels: number): number {
  let sumRg = 0;
  let sumYb = 0;
  let sumRg2 = 0;
  let sumYb2 = 0;
  for (let p = 0; p < pixels; p++) {
    const r = rgb[p * 3]!;
    const g = rgb[p * 3 + 1]!;
    const b = rgb[p * 3 + 2]!;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    sumRg += rg;
    sumYb += yb;
    sumRg2 += rg * rg;
    sumYb2 += yb * yb;
  }
  const meanRg = sumRg / pixels;
  const meanYb = sumYb / pixels;
  const stdRg = Math.sqrt(Math.max(0, sumRg2 / pixels - meanRg * meanRg));
  const stdYb = Math.sqrt(Math.max(0, sumYb2 / pixels - meanYb * meanYb));
  return Math.hypot(stdRg, stdYb) + 0.3 * Math.hypot(meanRg, meanYb);
}

/**
 * A skin tone in YCbCr (Chai and Ngan's box, widened a little for shadows and warm light), not too dark or too bright:
 * faces and hands, across complexions. Beige paper and wood can pass too; the classifier weighs it with the rest.
 */
function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 40 && y < 240 && cb >= 77 && cb <= 127 && cr >= 137 && cr <= 175 && r > g && r > b;
}

/** Measures of decoded pixels (RGB, 3 channels, row-major). Exported for tests. */
export function measurePixels(
  rgb: Uint8Array,
  width: number,
  height: number,
  original: { width: number; height: number },
): ImageMeasures {
  const pixels = width * height;
  const grey = new Float32Array(pixels);
  let skin = 0;
  let bright = 0;
  let dark = 0;
  let sum = 0;
  let sum2 = 0;
  let saturation = 0;
  for (let p = 0; p < pixels; p++) {
    const r = rgb[p * 3]!;
    const g = rgb[p * 3 + 1]!;
    const b = rgb[p * 3 + 2]!;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    grey[p] = y;
    sum += y;
    sum2 += y * y;
    if (isSkin(r, g, b)) skin++;
    if (y >= 200) bright++;
    if (y < 80) dark++;
    const max = Math.max(r, g, b);
    saturation += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  // Edges: a strong horizontal or vertical step; text is dense in them, a face or a sky is not.
  let edges = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx = grey[p + 1]! - grey[p - 1]!;
      const gy = grey[p + width]! - grey[p - width]!;
      if (Math.abs(gx) + Math.abs(gy) > 80) edges++;
    }
  }
  const mean = sum / pixels;
  const blob = largestSkinBlob(rgb, width, height);
  return {
    width: original.width,
    height: original.height,
    aspect: original.width / Math.max(1, original.height),
    colorfulness: colorfulness(rgb, pixels),
    skinShare: skin / pixels,
    edgeDensity: edges / Math.max(1, (width - 2) * (height - 2)),
    brightShare: bright / pixels,
    darkShare: dark / pixels,
    meanBrightness: mean,
    stdBrightness: Math.sqrt(Math.max(0, sum2 / pixels - mean * mean)),
    saturation: saturation / pixels,
    skinBlobShare: blob.size / pixels,
    skinBlobAspect: blob.size > 0 ? blob.height / Math.max(1, blob.width) : 0,
    skinBlobCenterX: blob.size > 0 ? blob.centerX / width : 0,
    skinBlobCenterY: blob.size > 0 ? blob.centerY / height : 0,
    skinBlobFill: blob.size > 0 ? blob.size / Math.max(1, blob.width * blob.height) : 0,
  };
}

/**
 * The largest 4-connected region of skin-toned pixels: a face (with its neck) is one tall region near the middle;
 * skin-coloured shapes, wood or beige paper are spread out, wide or at the edges.
 */
function largestSkinBlob(rgb: Uint8Array, width: number, height: number) {
  const pixels = width * height;
  const skin = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) skin[p] = isSkin(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!) ? 1 : 0;
  const seen = new Uint8Array(pixels);
  const stack = new Int32Array(pixels);
  let best = { size: 0, width: 0, height: 0, centerX: 0, centerY: 0 };
  for (let start = 0; start < pixels; start++) {
    if (!skin[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let size = 0;
    let sumX = 0;
    let sumY = 0;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      size++;
      sumX += x;
      sumY += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const neighbours = [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ];
      for (const q of neighbours) {
        if (q >= 0 && skin[q] && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    if (size > best.size) {
      best = { size, width: maxX - minX + 1, height: maxY - minY + 1, centerX: sumX / size, centerY: sumY / size };
    }
  }
  return best;
}

/** Every function above, for the pixel workers. */
export const MEASURE_KERNELS = [colorfulness, isSkin, measurePixels, largestSkinBlob] as const;
