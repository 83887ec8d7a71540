/**
 * Projective geometry for the phone-photo effect: the homography that maps a page's four corners onto the
 * quadrilateral a tilted, rotated camera sees. sharp's affine cannot make a keystone, so the warp is done here
 * and sampled per pixel in damage.ts.
 */

export type Point = readonly [number, number];
/** Row-major 3×3 with the last entry fixed at 1: [a, b, c, d, e, f, g, h]. */
export type Homography = readonly number[];

/** The homography taking each from[i] to to[i] (four point pairs, no three collinear). */
export function homography(from: readonly Point[], to: readonly Point[]): Homography {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  return solve(rows);
}

/** Applies a homography to a point. */
export function project(h: Homography, x: number, y: number): Point {
  const den = h[6]! * x + h[7]! * y + 1;
  return [(h[0]! * x + h[1]! * y + h[2]!) / den, (h[3]! * x + h[4]! * y + h[5]!) / den];
}

/** Gaussian elimination with partial pivoting on an n×(n+1) augmented matrix. */
function solve(m: number[][]): number[] {
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error("degenerate quadrilateral");
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Where a w×h page lands in the photo: keystone from a tilted camera (top or bottom edge shorter, one side
 * shorter), then a rotation about the centre, then a little independent jitter per corner.
 */
export function photoQuad(
  w: number,
  h: number,
  opts: { angleDeg: number; tiltX: number; tiltY: number; jitter: () => number },
): Point[] {
  const cx = w / 2;
  const cy = h / 2;
  const corners: Point[] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const a = (opts.angleDeg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return corners.map(([x, y]) => {
    // tiltX shrinks the top edge (positive) or the bottom edge; tiltY the left or the right edge.
    const sx = 1 - opts.tiltX * (1 - y / h) + opts.tiltX * 0.5;
    const sy = 1 - opts.tiltY * (1 - x / w) + opts.tiltY * 0.5;
    const px = (x - cx) * sx + opts.jitter() * w;
    const py = (y - cy) * sy + opts.jitter() * h;
    return [px * cos - py * sin, px * sin + py * cos] as Point;
  });
}
