import { describe, expect, it } from "vitest";
import {
  acuityCorrect,
  acuityLine,
  ACUITY_LINE_LENGTH,
  ACUITY_PASS_CORRECT,
  acuitySchema,
  DEFAULT_EXAM_RETURN_TO,
  examAnswersSchema,
  examStepToShow,
  hasPotentialEvidence,
  isSimulatedExamToken,
  readsWell,
  redFlags,
  safeReturnTo,
  simulatorServesState,
  SLOAN_LETTERS,
  UNSERVED_STATES,
  type ExamAnswers,
} from "./exam-simulator";

const clean: ExamAnswers = {
  eyePain: "no",
  redness: "no",
  suddenChange: "no",
  surgeryOrDisease: "no",
  recentExam: "yes",
  satisfied: "yes",
};
const read = (correct: number) => ({ shown: "CDHKN", tested: "CDHKN", reading: "", correct });

describe("the states the simulated practice serves", () => {
  it("serves every state but the short documented list, in any case", () => {
    expect(UNSERVED_STATES).toEqual(["AK", "AR", "DE", "HI", "SC"]);
    for (const state of UNSERVED_STATES) expect(simulatorServesState(state)).toBe(false);
    expect(simulatorServesState("ar")).toBe(false);
    for (const state of ["ID", "CA", "NY", "TX", "DC", " wa "]) expect(simulatorServesState(state)).toBe(true);
  });
  it("serves nothing that is not a two-letter code", () => {
    for (const state of ["", "I", "IDA", "1D", "Idaho"]) expect(simulatorServesState(state)).toBe(false);
  });
});

describe("returnTo", () => {
  it("keeps a same-site path", () => {
    expect(safeReturnTo("/exam/exam-complete?x=1")).toBe("/exam/exam-complete?x=1");
    expect(safeReturnTo("/dev/exams")).toBe("/dev/exams");
  });
  it("falls back to exam-complete for anything that could leave the site or is not a path", () => {
    for (const value of [
      null,
      undefined,
      "",
      "exam",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/a\\b",
      "/a\nb",
      "javascript:alert(1)",
      `/${"x".repeat(600)}`,
    ]) {
      expect(safeReturnTo(value), String(value)).toBe(DEFAULT_EXAM_RETURN_TO);
    }
    expect(DEFAULT_EXAM_RETURN_TO).toBe("/exam/exam-complete");
  });
});

describe("the visual-acuity self-check", () => {
  it("draws lines of five Sloan letters", () => {
    let next = 0;
    expect(acuityLine(() => next++ % 10)).toBe("CDHKN");
    expect(SLOAN_LETTERS.join("")).toBe("CDHKNORSVZ");
    expect(ACUITY_LINE_LENGTH).toBe(5);
  });
  it("counts letters read right in their place, ignoring case and spaces", () => {
    expect(acuityCorrect("CDHKN", "cdhkn")).toBe(5);
    expect(acuityCorrect("CDHKN", "C D H K N")).toBe(5);
    expect(acuityCorrect("CDHKN", "CDHKO")).toBe(4);
    expect(acuityCorrect("CDHKN", "DHKN")).toBe(0);
    expect(acuityCorrect("CDHKN", "CDHKNZZZ")).toBe(5);
    expect(acuityCorrect("CDHKN", "")).toBe(0);
  });
  it("reads well with at least four of five", () => {
    expect(ACUITY_PASS_CORRECT).toBe(4);
    expect(readsWell(4)).toBe(true);
    expect(readsWell(3)).toBe(false);
  });
  it("accepts letters and spaces only, and at most 20 characters", () => {
    expect(acuitySchema.safeParse({ intent: "acuity", eye: "right", reading: "c d h" }).success).toBe(true);
    for (const reading of ["", "   ", "CD1", "<b>", "x".repeat(21)]) {
      expect(acuitySchema.safeParse({ intent: "acuity", eye: "right", reading }).success, reading).toBe(false);
    }
    expect(acuitySchema.safeParse({ intent: "acuity", eye: "both", reading: "CD" }).success).toBe(false);
  });
});

describe("the questionnaire and potential evidence", () => {
  it("needs every answer, yes or no", () => {
    expect(examAnswersSchema.safeParse({ intent: "answers", ...clean }).success).toBe(true);
    const { redness: _, ...missing } = clean;
    expect(examAnswersSchema.safeParse({ intent: "answers", ...missing }).success).toBe(false);
    expect(examAnswersSchema.safeParse({ intent: "answers", ...clean, eyePain: "maybe" }).success).toBe(false);
  });
  it("flags pain, redness, sudden change, surgery or disease, no recent exam, unhappy with the lenses", () => {
    expect(redFlags(clean)).toEqual([]);
    expect(
      redFlags({
        eyePain: "yes",
        redness: "yes",
        suddenChange: "yes",
        surgeryOrDisease: "yes",
        recentExam: "no",
        satisfied: "no",
      }),
    ).toEqual(["eyePain", "redness", "suddenChange", "surgeryOrDisease", "recentExam", "satisfied"]);
  });
  it("is potential evidence with no red flag and both eyes reading well", () => {
    expect(hasPotentialEvidence(clean, { right: read(5), left: read(4) })).toBe(true);
    expect(hasPotentialEvidence(clean, { right: read(5), left: read(3) })).toBe(false);
    expect(hasPotentialEvidence(clean, { right: read(5) })).toBe(false);
    expect(hasPotentialEvidence({ ...clean, redness: "yes" }, { right: read(5), left: read(5) })).toBe(false);
    expect(hasPotentialEvidence({ ...clean, recentExam: "no" }, { right: read(5), left: read(5) })).toBe(false);
  });
});

describe("steps and tokens", () => {
  const none = { started: false, answered: false, rightRead: false, leftRead: false };
  it("never shows a step before the ones it needs", () => {
    expect(examStepToShow("finish", none)).toBe("intro");
    expect(examStepToShow("left-eye", { ...none, started: true })).toBe("questions");
    expect(examStepToShow("questions", { started: true, answered: true, rightRead: true, leftRead: false })).toBe(
      "questions",
    );
    expect(examStepToShow(null, { started: true, answered: true, rightRead: true, leftRead: false })).toBe("left-eye");
    expect(examStepToShow("junk", { started: true, answered: true, rightRead: true, leftRead: true })).toBe("finish");
  });
  it("knows the simulator's token shape (24 random bytes, base64url)", () => {
    expect(isSimulatedExamToken("A".repeat(32))).toBe(true);
    expect(isSimulatedExamToken("a-b_".repeat(8))).toBe(true);
    expect(isSimulatedExamToken("A".repeat(31))).toBe(false);
    expect(isSimulatedExamToken(`${"A".repeat(31)}=`)).toBe(false);
    expect(isSimulatedExamToken(undefined)).toBe(false);
  });
});
