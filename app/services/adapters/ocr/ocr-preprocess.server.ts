/**
 * Pixel work that makes a phone photo of a page readable for tesseract (ocr-image.server.ts runs it): the skew of
 * the text lines, the page's box on the desk, the height of a text line (to scale to), uneven light taken out, and
 * table rules and underlines removed (tesseract reads a rule touching a digit as "|" or "1", or drops the row).
 * Plain loops over 8-bit grey pixels; a 2000 × 2600 page takes a few tens of milliseconds, which is too long for the
 * event loop: they run in the pixel worker threads (pixel-worker.server.ts), which are given these functions' source.
 * So each one uses only its arguments, the others listed in PREPROCESS_KERNELS and JavaScript's globals: no imports,
 * no module constants.
 */

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Mean of a (2r+1)² window around each pixel, from an integral image. */
function boxMean(image: Grey, radius: number): Float32Array {
  const { data, width, height } = image;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        integral[y1 * (width + 1) + x1]! -
        integral[y0 * (width + 1) + x1]! -
        integral[y1 * (width + 1) + x0]! +
        integral[y0 * (width + 1) + x0]!;
      out[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** Ink: pixels clearly darker than their surroundings (so a dark desk or a shadow is not ink, but text on it is). */
export function inkMask(image: Grey, radius = Math.max(6, Math.round(image.width / 40))): Uint8Array {
  const mean = boxMean(image, radius);
  const mask = new Uint8Array(image.width * image.height);
  for (let p = 0; p < mask.length; p++) {
    const g = image.data[p]!;
    if (g < mean[p]! - 20 && g < mean[p]! * 0.85) mask[p] = 1;
  }
  return mask;
}

/**
 * Light text on a dark band (a letterhead printed white on the clinic's colour) turned dark on light, like the rest:
 * pixels in blocks (`block` px, smoothed with their neighbours) that are mostly dark are inverted. Dark text on paper
 * is untouched.
 */
export function invertDarkRegions(image: Grey, block: number): void {
  const { data, width, height } = image;
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const sums = new Float64Array(columns * rows);
  const counts = new Float64Array(columns * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0; x < width; x++) {
      const cell = row + Math.floor(x / block);
      sums[cell]! += data[y * width + x]!;
      counts[cell]!++;
    }
  }
  const darkCell = new Uint8Array(columns * rows);
  let any = false;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      let count = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= columns) continue;
          sum += sums[rr * columns + cc]!;
          count += counts[rr * columns + cc]!;
        }
      }
      if (sum / count < 110) {
        darkCell[r * columns + c] = 1;
        any = true;
      }
    }
  }
  if (!any) return;
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0; x < width; x++) {
      if (darkCell[row + Math.floor(x / block)]) data[y * width + x] = 255 - data[y * width + x]!;
    }
  }
}

/** Ink per row when the page is sheared by `slope` (a text line's ink lands in the same few rows). */
function profile(points: Int32Array, count: number, slope: number, height: number, width: number): Float32Array {
  const offset = Math.ceil(Math.abs(slope) * width) + 1;
  const bins = new Float32Array(height + 2 * offset);
  for (let i = 0; i < count; i++) {
    bins[Math.round(points[2 * i + 1]! - points[2 * i]! * slope) + offset]!++;
  }
  return bins;
}

/** How sharply the rows of ink peak (text lines give tall, narrow peaks). */
function sharpness(bins: Float32Array): number {
  let score = 0;
  for (let i = 1; i < bins.length; i++) {
    const d = bins[i]! - bins[i - 1]!;
    score += d * d;
  }
  return score;
}

export interface TextLayout {
  /** The text lines' angle in degrees (positive: lines fall to the right); 0 when there is too little ink. */
  skewDegrees: number;
  /** The median height (px) of a text line, ascender to descender; null without text. */
  lineHeight: number | null;
}

/**
 * The skew and the line height of the text, by the projection profile: the shear that makes the rows of ink
 * sharpest (searched over ±10°, to a tenth of a degree), and at that shear the runs of rows holding ink.
 */
export function analyseText(image: Grey): TextLayout {
  const mask = inkMask(image);
  const points = new Int32Array(mask.length);
  let count = 0;
  // Every other pixel is plenty, and keeps the search cheap.
  for (let y = 0; y < image.height; y++) {
    for (let x = y % 2; x < image.width; x += 2) {
      if (mask[y * image.width + x]) {
        points[2 * count] = x;
        points[2 * count + 1] = y;
        count++;
      }
    }
  }
  if (count < 200) return { skewDegrees: 0, lineHeight: null };
  const slope = (degrees: number) => Math.tan((degrees * Math.PI) / 180);
  const search = (from: number, to: number, step: number) => {
    let best = 0;
    let bestScore = -1;
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = sharpness(profile(points, count, slope(degrees), image.height, image.width));
      if (score > bestScore) {
        bestScore = score;
        best = degrees;
      }
    }
    return best;
  };
  const coarse = search(-10, 10, 0.5);
  const skewDegrees = Math.round(search(coarse - 0.5, coarse + 0.5, 0.1) * 10) / 10;
  const rows = profile(points, count, slope(skewDegrees), image.height, image.width);
  const heights: number[] = [];
  // Half the pixels were sampled: a row with ink across 1% of the width holds 0.5% of it here.
  const minInk = Math.max(2, image.width * 0.005);
  let run = 0;
  for (let i = 0; i <= rows.length; i++) {
    if (i < rows.length && rows[i]! >= minInk) run++;
    else {
      if (run >= 3 && run < image.height / 8) heights.push(run);
      run = 0;
    }
  }
  heights.sort((a, b) => a - b);
  return { skewDegrees, lineHeight: heights.length >= 3 ? heights[Math.floor(heights.length / 2)]! : null };
}

/** Otsu's threshold of the grey levels. */
function otsu(data: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const g of data) histogram[g]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let sumBack = 0;
  let weightBack = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t]!;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * histogram[t]!;
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const variance = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The bright page on a darker desk: the rows and columns that are mostly bright. The whole image when there is
 * no clear page (a scan, a screenshot, a photo of something else).
 */
export function pageBox(image: Grey): Box {
  const { data, width, height } = image;
  const whole = { left: 0, top: 0, width, height };
  const threshold = otsu(data);
  let bright = 0;
  let sumBright = 0;
  let sumDark = 0;
  for (const g of data) {
    if (g > threshold) {
      bright++;
      sumBright += g;
    } else sumDark += g;
  }
  // A page is much brighter than its desk, and covers a good part of the photo but not all of it.
  if (bright < data.length * 0.25 || bright > data.length * 0.95) return whole;
  if (sumBright / bright - sumDark / (data.length - bright) < 60) return whole;
  const rows = new Float32Array(height);
  const columns = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! > threshold) {
        rows[y]!++;
        columns[x]!++;
      }
    }
  }
  const span = (profile: Float32Array, length: number): [number, number] => {
    const cutoff = 0.5 * Math.max(...profile);
    let first = profile.findIndex((v) => v >= cutoff);
    let last = length - 1;
    while (last > first && profile[last]! < cutoff) last--;
    first = Math.max(0, first - Math.round(length * 0.01));
    last = Math.min(length - 1, last + Math.round(length * 0.01));
    return [first, last];
  };
  const [top, bottom] = span(rows, height);
  const [left, right] = span(columns, width);
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  return box.width * box.height > 0.9 * width * height ? whole : box;
}

/**
 * Even light: each pixel divided by the paper's brightness around it (the brightest of its block, smoothed), so a
 * shadow or a hotspot no longer decides what is ink. A uniform desk becomes white too.
 */
export function flattenBackground(
  image: Grey,
  block = Math.max(16, Math.round(Math.min(image.width, image.height) / 40)),
): void {
  const { data, width, height } = image;
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const maxima = new Float32Array(columns * rows);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(y / block) * columns + Math.floor(x / block);
      if (data[y * width + x]! > maxima[cell]!) maxima[cell] = data[y * width + x]!;
    }
  }
  const smooth = new Float32Array(maxima.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      let n = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= columns) continue;
          sum += maxima[rr * columns + cc]!;
          n++;
        }
      }
      // The block's own maximum counts double: a dark band's edge should not lighten the band.
      smooth[r * columns + c] = Math.max((sum + maxima[r * columns + c]!) / (n + 1), 1);
    }
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const wy = fy - r0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(columns - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const c0 = Math.floor(fx);
      const c1 = Math.min(columns - 1, c0 + 1);
      const wx = fx - c0;
      const background =
        (1 - wy) * ((1 - wx) * smooth[r0 * columns + c0]! + wx * smooth[r0 * columns + c1]!) +
        wy * ((1 - wx) * smooth[r1 * columns + c0]! + wx * smooth[r1 * columns + c1]!);
      const p = y * width + x;
      data[p] = Math.min(255, Math.round((data[p]! * 255) / background));
    }
  }
}

/**
 * Erases straight rules: thin dark runs at least `across` long in a row (table rules, underlines) or `down` long in
 * a column (cell borders, a barcode's bars). Gaps of a few pixels (anti-aliasing, noise) do not break a run, and a
 * row's run only counts as a rule when the pixels `clearance` away on both sides are mostly light: bold text also
 * makes long dark runs across, but it is tall.
 */
export function removeLines(image: Grey, options: { across: number; down: number; clearance: number }): void {
  const { data, width, height } = image;
  // Rules are thin, so blur leaves them grey rather than black; a long run of grey is a rule all the same.
  const dark = new Uint8Array(data.length);
  for (let p = 0; p < data.length; p++) dark[p] = data[p]! < 170 ? 1 : 0;
  const erase = new Uint8Array(data.length);
  // One scan for rows (step 1 along, `width` across) and one for columns (step `width` along, 1 across).
  const scan = (lines: number, length: number, along: number, across: number, min: number, checkClearance: boolean) => {
    const gap = options.clearance * across;
    for (let line = 0; line < lines; line++) {
      const base = line * across;
      const hasBefore = line >= options.clearance;
      const hasAfter = line + options.clearance < lines;
      let start = -1;
      let last = -1;
      for (let i = 0; i <= length; i++) {
        const isDark = i < length && dark[base + i * along] === 1;
        if (isDark && (start < 0 || i - last <= 3)) {
          if (start < 0) start = i;
          last = i;
          continue;
        }
        if (start >= 0 && last - start + 1 >= min) {
          let crowded = 0;
          for (let k = start; checkClearance && k <= last; k++) {
            const p = base + k * along;
            if ((hasBefore && dark[p - gap]) || (hasAfter && dark[p + gap])) crowded++;
          }
          if (!checkClearance || crowded <= 0.3 * (last - start + 1))
            for (let k = start; k <= last; k++) erase[base + k * along] = 1;
        }
        start = isDark ? i : -1;
        last = isDark ? i : -1;
      }
    }
  };
  scan(height, width, 1, width, options.across, true);
  // No letter stroke is `down` tall, so columns need no clearance test; without it a barcode's bars go too.
  scan(width, height, width, 1, options.down, false);
  for (let p = 0; p < data.length; p++) if (erase[p]) data[p] = 255;
}

/**
 * Stretches the grey levels so the darkest ink is black and the paper white (after the light was evened out), with
 * a gamma (2) that darkens the mid greys: a thin typewriter face photographed out of focus is grey, and tesseract's
 * global threshold would drop it.
 */
export function stretchContrast(image: Grey, gamma = 2): void {
  const histogram = new Uint32Array(256);
  for (const g of image.data) histogram[g]!++;
  let seen = 0;
  let low = 0;
  while (low < 255 && seen + histogram[low]! < image.data.length * 0.005) seen += histogram[low++]!;
  const high = 235;
  if (low >= high - 40) return;
  const lookup = new Uint8Array(256);
  for (let g = 0; g < 256; g++) {
    const stretched = Math.max(0, Math.min(1, (g - low) / (high - low)));
    lookup[g] = Math.round(255 * stretched ** gamma);
  }
  for (let p = 0; p < image.data.length; p++) image.data[p] = lookup[image.data[p]!]!;
}

/** A page scaled for OCR → dark bands inverted, light evened out, contrast stretched and rules removed (in place). */
export function finishPage(image: Grey, targetLine: number): Grey {
  invertDarkRegions(image, targetLine);
  flattenBackground(image);
  stretchContrast(image);
  removeLines(image, {
    across: Math.round(targetLine * 2.5),
    down: Math.round(targetLine * 2.2),
    clearance: Math.round(targetLine / 5),
  });
  return image;
}

/** Every function above, for the pixel workers (their source is sent to the threads, see pixel-worker.server.ts). */
export const PREPROCESS_KERNELS = [
  boxMean,
  inkMask,
  invertDarkRegions,
  profile,
  sharpness,
  analyseText,
  otsu,
  pageBox,
  flattenBackground,
  removeLines,
  stretchContrast,
  finishPage,
] as const;
