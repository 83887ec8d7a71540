import { describe, expect, it } from "vitest";
import {
  ANSWER_OUTCOMES,
  correctedParameters,
  needsPrescriberVerification,
  ORDER_HOLD_CODE,
  OUTCOME_EFFECTS,
  verificationNotice,
} from "./verification";

const doctor = { id: 1, firstName: "Rita", lastName: "Hale", phone: "2085550101", clinicName: "Boise Eye Care" };
const lens = { type: "Lens", doctor, prescriptionStatus: "PendingVerification", examVoucherToken: null };

describe("which order groups are verified with the doctor", () => {
  it("a lens group with a doctor, waiting for verification", () => {
    expect(needsPrescriberVerification(lens)).toBe(true);
  });

  it("not solution, nor a group without a doctor", () => {
    expect(needsPrescriberVerification({ ...lens, type: "Solution", prescriptionStatus: null })).toBe(false);
    expect(needsPrescriberVerification({ ...lens, doctor: null })).toBe(false);
  });

  it("not a group from an online exam (its voucher names it)", () => {
    expect(needsPrescriberVerification({ ...lens, examVoucherToken: "exv_123" })).toBe(false);
    expect(needsPrescriberVerification({ ...lens, examVoucherToken: "  " })).toBe(true);
  });

  it("not a prescription still to be sent (PendingSubmission), nor one already Verified", () => {
    for (const status of ["PendingSubmission", "Verified", "PendingExam", "FailedExam"]) {
      expect(needsPrescriberVerification({ ...lens, prescriptionStatus: status }), status).toBe(false);
    }
  });
});

describe("what each answer does", () => {
  it("maps answers to outcomes", () => {
    expect(ANSWER_OUTCOMES).toEqual({
      confirm: "confirmed",
      correct: "corrected",
      invalid: "invalid",
      expired: "expired",
    });
  });

  it("verifies on confirm, correct and silence; holds on invalid (PendingVerification) and expired (FailedExam)", () => {
    expect(OUTCOME_EFFECTS).toEqual({
      confirmed: { prescriptionStatus: "Verified", holdOrder: false },
      corrected: { prescriptionStatus: "Verified", holdOrder: false },
      passive: { prescriptionStatus: "Verified", holdOrder: false },
      invalid: { prescriptionStatus: "PendingVerification", holdOrder: true },
      expired: { prescriptionStatus: "FailedExam", holdOrder: true },
    });
    expect(ORDER_HOLD_CODE).toBe("H");
  });

  it("replaces the parameters the doctor corrected and keeps the others", () => {
    expect(correctedParameters({ power: "-1.00", baseCurve: "8.4" }, { power: "-1.50" })).toEqual({
      power: "-1.50",
      baseCurve: "8.4",
    });
    expect(correctedParameters({ power: "-1.00" }, null)).toEqual({ power: "-1.00" });
  });
});

describe("verificationNotice (order details)", () => {
  const rita = { firstName: "Rita", lastName: "Hale" };

  it("before sending: says honestly that we're asking", () => {
    expect(verificationNotice({ state: "queued", doctor: rita, deadlineAt: null })).toEqual({
      tone: "info",
      text: "We're asking Dr. Rita Hale to confirm your prescription.",
    });
  });

  it("once sent: names the doctor and when we ship without an answer, on the Boise clock", () => {
    expect(verificationNotice({ state: "sent", doctor: rita, deadlineAt: new Date("2026-11-25T22:00:00Z") })).toEqual({
      tone: "info",
      text:
        "We asked Dr. Rita Hale to confirm your prescription; we'll ship after Wed, Nov 25, 3:00 PM MT unless they " +
        "tell us otherwise.",
    });
    // Serialised loader data carries an ISO string.
    expect(verificationNotice({ state: "sent", doctor: rita, deadlineAt: "2026-11-25T22:00:00.000Z" })?.text).toContain(
      "Wed, Nov 25, 3:00 PM MT",
    );
  });

  it("after an answer: verified, or the reason the order went on hold (what it needs is the order's message)", () => {
    expect(verificationNotice({ state: "confirmed", doctor: rita, deadlineAt: null })).toEqual({
      tone: "success",
      text: "Dr. Rita Hale confirmed your prescription.",
    });
    expect(verificationNotice({ state: "corrected", doctor: rita, deadlineAt: null })?.tone).toBe("success");
    expect(verificationNotice({ state: "passive", doctor: rita, deadlineAt: null })?.text).toBe(
      "Dr. Rita Hale didn't answer within 8 business hours, so your prescription is verified.",
    );
    expect(verificationNotice({ state: "invalid", doctor: rita, deadlineAt: null })).toEqual({
      tone: "attention",
      text: "Dr. Rita Hale couldn't confirm your prescription.",
    });
    expect(verificationNotice({ state: "expired", doctor: rita, deadlineAt: null })).toEqual({
      tone: "attention",
      text: "Dr. Rita Hale told us your prescription has expired.",
    });
  });

  it("says nothing about a skipped verification; 'your doctor' without a name", () => {
    expect(verificationNotice({ state: "skipped", doctor: rita, deadlineAt: null })).toBeNull();
    expect(verificationNotice({ state: "queued", doctor: null, deadlineAt: null })?.text).toBe(
      "We're asking your doctor to confirm your prescription.",
    );
  });
});
