import { describe, expect, it } from "vitest";
import { VARIANT_NAMES } from "./experiments/names";
import { AI_PRESCRIPTION_READER_CAMPAIGN, funnelUploadPath, funnelUploadPathOf } from "./prescription-reader-choice";

describe("the AI prescription reader test (spec 3 §9)", () => {
  it("is the content's campaign id", () => {
    expect(AI_PRESCRIPTION_READER_CAMPAIGN).toBe("ai-prescription-reader");
  });

  it("reads funnel uploads on path A; the control path is plain submit-and-skip", () => {
    expect(funnelUploadPath("A")).toBe("ai-reader");
    expect(funnelUploadPath("default")).toBe("submit-and-skip");
  });

  it("gives the reader, as before the test, to a visitor excluded, without a variation, or on another path", () => {
    expect(funnelUploadPath("excluded")).toBe("ai-reader");
    expect(funnelUploadPath(undefined)).toBe("ai-reader");
    for (const variant of VARIANT_NAMES.filter((name) => name !== "default"))
      expect(funnelUploadPath(variant)).toBe("ai-reader");
  });

  it("reads the visitor's variation of this campaign, not another's", () => {
    expect(funnelUploadPathOf({ [AI_PRESCRIPTION_READER_CAMPAIGN]: "default" })).toBe("submit-and-skip");
    expect(funnelUploadPathOf({ [AI_PRESCRIPTION_READER_CAMPAIGN]: "A", "price-books": "default" })).toBe("ai-reader");
    expect(funnelUploadPathOf({ "price-books": "default" })).toBe("ai-reader");
    expect(funnelUploadPathOf({})).toBe("ai-reader");
  });
});
