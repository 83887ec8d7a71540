import { describe, expect, it } from "vitest";
import { pageFromText, rowsOf } from "./rx-layout-rows";
import { filterNonLens } from "./rx-nonlens";

function filter(text: string) {
  const result = filterNonLens(rowsOf(pageFromText(text)));
  return {
    lens: result.lens.map((row) => row.text),
    dropped: [...result.dropped.values()],
    spectacles: result.spectacles,
  };
}

describe("filterNonLens", () => {
  it.each([
    ["VA with lenses: OD 20/20 OS 20/30", "acuity"],
    ["Visual acuity 20/25", "acuity"],
    ["OD 20/20 OS 20/25", "acuity"],
    ["K: 43.25/44.00 @ 180", "keratometry"],
    ["K readings OD 43.00 @ 90", "keratometry"],
    ["OD Ks 42.75 / 43.50", "keratometry"],
    ["PD 62", "pupilDistance"],
    ["Pupil distance: 31/31", "pupilDistance"],
    ["Vertex 12 mm", "vertex"],
    ["BVD 12", "vertex"],
  ])("drops %s (%s)", (line, kind) => {
    expect(filter(`OD -2.25 8.6 14.2\n${line}`)).toEqual({
      lens: ["OD -2.25 8.6 14.2"],
      dropped: [kind],
      spectacles: false,
    });
  });

  it("takes a VA column's values out of a lens row and keeps the rest", () => {
    expect(filter("OD -2.25 8.6 14.2 20/20").lens).toEqual(["OD -2.25 8.6 14.2"]);
    expect(filter("OD: -1.00 BC 8.6 @ 180").lens).toEqual(["OD: -1.00 BC 8.6"]);
  });

  it("drops a spectacle section until the contact lens heading", () => {
    const result = filter(`Spectacle Rx
SPH CYL AXIS ADD
OD -2.00 -0.50 180 +2.00
OS -1.75 -0.75 170 +2.00
Contact Lens Rx
OD -1.75 8.6 14.2`);
    expect(result.lens).toEqual(["Contact Lens Rx", "OD -1.75 8.6 14.2"]);
    expect(result.spectacles).toBe(true);
  });

  it("drops a refraction section (the glasses measurement) before the contact lens values", () => {
    const result = filter(`Manifest Refraction
OD -2.25 -0.50 x 180
OS -2.00 -0.75 x 170
Contact Lens Final Rx
OD -2.00 8.6 14.2`);
    expect(result.lens).toEqual(["Contact Lens Final Rx", "OD -2.00 8.6 14.2"]);
  });

  it("drops a table with prism columns, whatever its heading", () => {
    const result = filter(`Eye SPH CYL AXIS PRISM BASE
OD -2.00 -0.50 180 1.0 BI
OS -1.75 -0.75 170 1.0 BO
Patient: Jane Doe`);
    expect(result.spectacles).toBe(true);
    expect(result.lens).toEqual(["Patient: Jane Doe"]);
  });

  it("drops a glasses line that carries its own values, and only it", () => {
    const result = filter("Glasses: OD -2.00 -0.50 x 180\nOD: -1.75 BC 8.6");
    expect(result.lens).toEqual(["OD: -1.75 BC 8.6"]);
    expect(result.spectacles).toBe(true);
  });

  it("keeps lens rows, headers and a base curve column", () => {
    const text = "Eye PWR BASE CURVE DIA\nOD -2.25 8.6 14.2\nOS -2.50 8.6 14.2";
    expect(filter(text)).toEqual({ lens: text.split("\n"), dropped: [], spectacles: false });
  });
});
