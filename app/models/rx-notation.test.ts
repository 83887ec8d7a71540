import { describe, expect, it } from "vitest";
import { isBalance, rewriteNotation } from "./rx-notation";

describe("rewriteNotation: the clinical shorthand in labelled form", () => {
  it.each([
    ["-2.00 -2.25 x 90", "Sphere -2.00 Cylinder -2.25 Axis 90"],
    ["-2.00/-2.25x090", "Sphere -2.00 Cylinder -2.25 Axis 090"],
    ["+1.00 -0.50 X 180°", "Sphere +1.00 Cylinder -0.50 Axis 180"],
    ["plano -0.75 x 10", "Sphere plano Cylinder -0.75 Axis 10"],
    ["-0.50 DS BC 8.6 DIA 14.0", "Sphere -0.50 BC 8.6 DIA 14.0"],
    ["-0.50 D.S.", "Sphere -0.50"],
    ["-1.25 sph 8.4 14.0", "Sphere -1.25 8.4 14.0"],
    ["+1.25 sphere", "Sphere +1.25"],
    ["PL DS", "Sphere PL"],
    ["OS: BAL", "OS:"],
  ])("%s → %s", (text, expected) => {
    expect(rewriteNotation(text)).toBe(expected);
  });

  it("leaves labelled text and table rows alone", () => {
    expect(rewriteNotation("SPH -2.00 CYL -0.75 AXIS 180")).toBe("SPH -2.00 CYL -0.75 AXIS 180");
    expect(rewriteNotation("OD 8.6 14.2 -2.25")).toBe("OD 8.6 14.2 -2.25");
  });

  it("knows a balance lens", () => {
    expect(isBalance("OS: BAL")).toBe(true);
    expect(isBalance("OS: balance lens")).toBe(true);
    expect(isBalance("OS: -2.00 BC 8.6")).toBe(false);
  });
});
