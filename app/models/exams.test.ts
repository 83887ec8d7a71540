import { describe, expect, it } from "vitest";
import { examRank, examToContinue, shouldDiscardVoucher, voucherApprovalStatus, type ChoiceExam } from "./exams";

const exam = (status: string, extra: Partial<ChoiceExam> = {}): ChoiceExam => ({
  status,
  potentialEvidence: false,
  isRecapture: false,
  examVoucherToken: `t-${status}`,
  ...extra,
});

describe("voucherApprovalStatus (spec: the exam voucher status map)", () => {
  it.each([
    ["Issued", "Approved"],
    ["Declined", "Declined"],
    ["Taken", "Pending"],
    ["Canceled", "Canceled"],
    ["Expired", "Canceled"],
    ["Abandoned", "Needed"],
    ["Created", "Needed"],
    ["Retake", "Needed"],
    ["Started", "Needed"],
    ["issued", "Approved"],
    ["Mystery", "Unknown"],
    ["", "LoadingDetails"],
    [null, "LoadingDetails"],
  ])("%s → %s", (status, approval) => {
    expect(voucherApprovalStatus(status)).toBe(approval);
  });
});

describe("shouldDiscardVoucher (spec: a token that is approved, declined or pending is discarded)", () => {
  it("discards issued, declined and taken exams", () => {
    expect(["Issued", "Declined", "Taken"].map(shouldDiscardVoucher)).toEqual([true, true, true]);
  });
  it("keeps needed, canceled and unknown ones", () => {
    expect(
      ["Created", "Started", "Retake", "Abandoned", "Canceled", "Expired", "Odd", ""].map(shouldDiscardVoucher),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});

describe("examRank and examToContinue (spec: exam ranking)", () => {
  it("ranks Declined, Issued, Canceled and Expired −1, and Taken not at all", () => {
    expect(["Declined", "Issued", "Canceled", "Expired"].map((s) => examRank(exam(s)))).toEqual([-1, -1, -1, -1]);
    expect(examRank(exam("Taken", { potentialEvidence: true }))).toBeNull();
  });
  it("adds one for potential evidence and one for recapture", () => {
    expect(examRank(exam("Created"))).toBe(0);
    expect(examRank(exam("Started", { potentialEvidence: true }))).toBe(1);
    expect(examRank(exam("Retake", { potentialEvidence: true, isRecapture: true }))).toBe(2);
  });
  it("continues the highest-ranked needed exam, the first of equals, and none when none is needed", () => {
    const plain = exam("Created", { examVoucherToken: "plain" });
    const recapture = exam("Started", { isRecapture: true, examVoucherToken: "recapture" });
    const issued = exam("Issued", { potentialEvidence: true, isRecapture: true });
    expect(examToContinue([plain, issued, recapture])?.examVoucherToken).toBe("recapture");
    expect(examToContinue([plain, exam("Abandoned", { examVoucherToken: "later" })])?.examVoucherToken).toBe("plain");
    expect(examToContinue([issued, exam("Taken"), exam("Declined")])).toBeNull();
  });
});
