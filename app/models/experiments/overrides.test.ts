import { describe, expect, it } from "vitest";
import { EXPERIMENT_OVERRIDE_PARAM, parseOverrides } from "./overrides";

describe("parseOverrides", () => {
  it("reads ?experiment=<id>:<variant>, repeatable", () => {
    const params = new URLSearchParams("experiment=home-split:B&experiment=price-books:default&ac=PS.x");
    expect(EXPERIMENT_OVERRIDE_PARAM).toBe("experiment");
    expect(parseOverrides(params)).toEqual({
      overrides: { "home-split": "B", "price-books": "default" },
      problems: [],
    });
  });

  it("skips what is not <id>:<variant> with a warning (code 8)", () => {
    const params = new URLSearchParams("experiment=home-split&experiment=home-split:Q&experiment=Bad_Id:A");
    const result = parseOverrides(params);
    expect(result.overrides).toEqual({});
    expect(result.problems.map((problem) => [problem.code, problem.reportedCode, problem.severity])).toEqual([
      [8, 10008, "warning"],
      [8, 10008, "warning"],
      [8, 10008, "warning"],
    ]);
  });

  it("has nothing to say about a URL without overrides", () => {
    expect(parseOverrides(new URLSearchParams("ac=8.1"))).toEqual({ overrides: {}, problems: [] });
  });
});
