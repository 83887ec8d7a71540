import { describe, expect, it } from "vitest";
import {
  HELD_ORDER_WORDS,
  HELD_STATUS_CODES,
  heldGroupPrescriptionText,
  heldOrderEmailSubject,
  heldOrderExamPath,
  heldOrderMessage,
  heldOrderNeed,
  holdReasonText,
  isOrderOnHold,
} from "./held-order";
import { RECAPTURE_MESSAGES } from "./recapture-words";
import { RECAPTURE_STATUS_CODES } from "./recapture";

describe("held orders (spec 2: status codes H and S)", () => {
  it("holds H and S only; blank and the other processing codes go on", () => {
    expect(HELD_STATUS_CODES).toEqual(["H", "S"]);
    expect(RECAPTURE_STATUS_CODES).toBe(HELD_STATUS_CODES);
    expect(isOrderOnHold("H")).toBe(true);
    expect(isOrderOnHold("S")).toBe(true);
    for (const code of ["", " ", "D", "T", "P", "V", "G", "-", "|", "h", null, undefined]) {
      expect(isOrderOnHold(code), String(code)).toBe(false);
    }
  });

  it("says the banner's words (spec 2 recapture) when a lens group still needs its prescription", () => {
    for (const status of ["PendingVerification", "FailedExam", "PendingExam", "PendingSubmission"]) {
      expect(heldOrderNeed(["Verified", status]), status).toBe("prescription");
      expect(heldOrderMessage([null, status]), status).toBe(RECAPTURE_MESSAGES.message);
    }
    expect(RECAPTURE_MESSAGES.message).toBe(
      "Your order needs your current, valid prescription. Please upload it now or take a quick online vision exam so we can process your order.",
    );
  });

  it("asks for a call when nothing the shopper could send would release it", () => {
    expect(heldOrderNeed(["Verified", null])).toBe("call");
    expect(heldOrderNeed([])).toBe("call");
    expect(heldOrderMessage(["Verified"])).toBe(
      "Your order is on hold. Please call us at 1-800-266-8228 so we can process your order.",
    );
  });

  it("never gives a delivery date or says it is being verified", () => {
    for (const statuses of [["PendingVerification"], ["Verified"], ["FailedExam", "PendingExam"]]) {
      expect(heldOrderMessage(statuses)).not.toMatch(/deliver|arrive|verifying|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d/);
    }
  });

  it("labels the order and its waiting groups by what they need", () => {
    expect(HELD_ORDER_WORDS.label).toBe("On hold");
    expect(heldGroupPrescriptionText("PendingVerification")).toBe("We need your current, valid prescription");
    expect(heldGroupPrescriptionText("FailedExam")).toBe("We need your current, valid prescription");
    expect(heldGroupPrescriptionText("Verified")).toBeNull();
    expect(heldGroupPrescriptionText(null)).toBeNull();
  });

  it("gives the banner's actions for the order: its exam and its upload", () => {
    expect(HELD_ORDER_WORDS.renew).toBe("Renew Rx Online");
    expect(HELD_ORDER_WORDS.upload).toBe("Upload Rx");
    expect(heldOrderExamPath("LL 1/2")).toBe("/exam/start?order=LL%201%2F2");
  });

  it("gives the reason in one sentence, and the e-mail's subject", () => {
    const doctor = { firstName: " Rita ", lastName: "Hale" };
    expect(holdReasonText({ kind: "prescription-invalid", doctor })).toBe(
      "Dr. Rita Hale couldn't confirm your prescription.",
    );
    expect(holdReasonText({ kind: "prescription-expired", doctor: null })).toBe(
      "Your doctor told us your prescription has expired.",
    );
    expect(holdReasonText({ kind: "exam-declined" })).toBe(
      "The doctor who reviewed your online vision exam couldn't renew your prescription online.",
    );
    expect(heldOrderEmailSubject("LL12345678")).toBe("Your Lenslane order LL12345678 is on hold");
  });
});
