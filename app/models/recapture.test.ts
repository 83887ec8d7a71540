import { describe, expect, it } from "vitest";
import { isForgotten, needsRecapture, recaptureBannerOrder, type RecaptureCandidate } from "./recapture";

const now = new Date("2026-11-20T18:00:00Z");
const day = 24 * 60 * 60 * 1000;
const held = (extra: Partial<RecaptureCandidate> = {}): RecaptureCandidate => ({
  orderNumber: "100001",
  statusCode: "H",
  placedAt: new Date(now.getTime() - 3 * day),
  isLensOrder: true,
  prescriptionStatuses: ["PendingVerification"],
  dismissed: false,
  completedAt: null,
  ...extra,
});
const banner = (candidates: RecaptureCandidate[], extra: { eligible?: boolean; lastExam?: Date | null } = {}) =>
  recaptureBannerOrder({
    candidates,
    expressExamEligible: extra.eligible ?? true,
    lastCompletedExamAt: extra.lastExam ?? null,
    now,
  });

describe("needsRecapture", () => {
  it("takes held (H or S) lens orders of the last 30 days whose prescription is pending exam or verification", () => {
    expect(needsRecapture(held(), now)).toBe(true);
    expect(needsRecapture(held({ statusCode: "S", prescriptionStatuses: ["PendingExam", null] }), now)).toBe(true);
    expect(needsRecapture(held({ prescriptionStatuses: ["FailedExam"] }), now)).toBe(true);
    expect(needsRecapture(held({ placedAt: new Date(now.getTime() - 30 * day) }), now)).toBe(true);
  });
  it("leaves out other statuses, solution orders, older orders, verified ones and completed ones", () => {
    expect(needsRecapture(held({ statusCode: "" }), now)).toBe(false);
    expect(needsRecapture(held({ statusCode: "G" }), now)).toBe(false);
    expect(needsRecapture(held({ isLensOrder: false }), now)).toBe(false);
    expect(needsRecapture(held({ placedAt: new Date(now.getTime() - 30 * day - 1000) }), now)).toBe(false);
    expect(needsRecapture(held({ prescriptionStatuses: ["Verified", "PendingSubmission"] }), now)).toBe(false);
    expect(needsRecapture(held({ completedAt: new Date(now.getTime() - day) }), now)).toBe(false);
  });
});

describe("recaptureBannerOrder", () => {
  it("shows for exactly one held order", () => {
    expect(banner([held()])).toBe("100001");
    expect(banner([held(), held({ orderNumber: "100002" })])).toBeNull();
    expect(banner([])).toBeNull();
    // A second order that does not qualify does not count.
    expect(banner([held(), held({ orderNumber: "100002", statusCode: "G" })])).toBe("100001");
  });
  it("not once dismissed, nor for a customer who cannot take the express exam", () => {
    expect(banner([held({ dismissed: true })])).toBeNull();
    expect(banner([held()], { eligible: false })).toBeNull();
  });
  it("not when an exam was completed in the last 14 days", () => {
    expect(banner([held()], { lastExam: new Date(now.getTime() - 13 * day) })).toBeNull();
    expect(banner([held()], { lastExam: new Date(now.getTime() - 15 * day) })).toBe("100001");
  });
});

describe("isForgotten", () => {
  it("forgets a completed entry 2 days after completion", () => {
    expect(isForgotten(null, now)).toBe(false);
    expect(isForgotten(new Date(now.getTime() - 2 * day + 1000), now)).toBe(false);
    expect(isForgotten(new Date(now.getTime() - 2 * day - 1000), now)).toBe(true);
  });
});
