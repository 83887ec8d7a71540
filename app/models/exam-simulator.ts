import { z } from "zod";

/**
 * The simulated exam provider's rules (decision 31): pure, shared by its pages and its adapter. A real online-exam
 * provider keeps these on its side; the simulator needs them to behave like one — where it practises, which steps an
 * exam has, how a visual-acuity self-check is scored and when the answers show potential evidence of a prescription
 * the doctor can renew.
 */

/** The simulated practice, as its pages name it (its office and doctor: simulated-provider.server.ts). */
export const SIMULATED_PRACTICE_NAME = "Lenslane Vision Partners";

// ---------------------------------------------------------------------------------------------------------------
// Where the simulated practice is licensed.

/**
 * States whose rules the simulated practice does not meet, as real online-exam providers list theirs: states that
 * require an in-person exam before a contact-lens prescription is renewed, or that the practice holds no licence in.
 * Everywhere else in the US (and DC) it serves. Kept short on purpose: the store's "not in your state" path has
 * something real to show.
 */
export const UNSERVED_STATES = ["AK", "AR", "DE", "HI", "SC"] as const;

/** Whether the simulated practice examines a patient living in `state` (two letters, any case). */
export function simulatorServesState(state: string): boolean {
  const code = state.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return false;
  return !(UNSERVED_STATES as readonly string[]).includes(code);
}

// ---------------------------------------------------------------------------------------------------------------
// Where the exam sends the shopper back to.

export const DEFAULT_EXAM_RETURN_TO = "/exam/exam-complete";

/**
 * A same-site path to send the shopper back to: it starts with one '/' (not '//', which a browser reads as another
 * host, nor '/\'), holds no control characters, and is not absurdly long. Anything else falls back to exam-complete.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (typeof value !== "string" || value.length > 500) return DEFAULT_EXAM_RETURN_TO;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return DEFAULT_EXAM_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_EXAM_RETURN_TO;
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// The steps.

export const EXAM_STEPS = ["intro", "questions", "right-eye", "left-eye", "finish"] as const;
export type ExamStep = (typeof EXAM_STEPS)[number];
export type AcuityEye = "right" | "left";

/** What an exam has done so far, for deciding which step it may show. */
export interface ExamProgress {
  started: boolean;
  answered: boolean;
  rightRead: boolean;
  leftRead: boolean;
}

/**
 * The step to show for `?step=`: the one asked for when everything before it is done, else the first step not done
 * (so a bookmarked or typed step never skips the questions).
 */
export function examStepToShow(requested: string | null, progress: ExamProgress): ExamStep {
  const firstOpen: ExamStep = !progress.started
    ? "intro"
    : !progress.answered
      ? "questions"
      : !progress.rightRead
        ? "right-eye"
        : !progress.leftRead
          ? "left-eye"
          : "finish";
  const wanted = (EXAM_STEPS as readonly string[]).includes(requested ?? "") ? (requested as ExamStep) : firstOpen;
  return EXAM_STEPS.indexOf(wanted) <= EXAM_STEPS.indexOf(firstOpen) ? wanted : firstOpen;
}

// ---------------------------------------------------------------------------------------------------------------
// The questionnaire.

/** Every question is yes/no and required. `redFlagWhen` is the answer that needs an in-person visit instead. */
export const EXAM_QUESTIONS = [
  { name: "eyePain", text: "Do you have any eye pain right now?", redFlagWhen: "yes" },
  { name: "redness", text: "Are your eyes red or irritated most days?", redFlagWhen: "yes" },
  { name: "suddenChange", text: "Has your vision changed suddenly in the last few months?", redFlagWhen: "yes" },
  {
    name: "surgeryOrDisease",
    text: "Have you had eye surgery or been told you have an eye disease?",
    redFlagWhen: "yes",
  },
  { name: "recentExam", text: "Have you had an in-person eye exam in the last 2 years?", redFlagWhen: "no" },
  { name: "satisfied", text: "Do you see well and feel comfortable in your current lenses?", redFlagWhen: "no" },
] as const;
export type ExamQuestionName = (typeof EXAM_QUESTIONS)[number]["name"];
export type ExamAnswers = Record<ExamQuestionName, "yes" | "no">;

const yesNo = z.enum(["yes", "no"], { error: "Please answer yes or no." });

export const examAnswersSchema = z.object({
  intent: z.literal("answers"),
  eyePain: yesNo,
  redness: yesNo,
  suddenChange: yesNo,
  surgeryOrDisease: yesNo,
  recentExam: yesNo,
  satisfied: yesNo,
});

/** The questions answered the way that needs a doctor in person (none: the exam can go on online). */
export function redFlags(answers: ExamAnswers): ExamQuestionName[] {
  return EXAM_QUESTIONS.filter((question) => answers[question.name] === question.redFlagWhen).map((q) => q.name);
}

// ---------------------------------------------------------------------------------------------------------------
// The visual-acuity self-check.

/** The ten Sloan letters eye charts use (equally legible, so a miss is about sight, not the letter). */
export const SLOAN_LETTERS = ["C", "D", "H", "K", "N", "O", "R", "S", "V", "Z"] as const;
export const ACUITY_LINE_LENGTH = 5;
/** An eye reads well enough with at least this many of the line's letters right, in place. */
export const ACUITY_PASS_CORRECT = 4;
/**
 * The line is drawn 2 mm tall (a CSS length; screens vary a little). At arm's length (about 65 cm) a 2 mm letter spans
 * about 10.6 minutes of arc — the 20/40 line, the usual bar for driving and for renewing a prescription online.
 */
export const ACUITY_LETTER_MM = 2;
export const ACUITY_LINE_NAME = "20/40";

/** A line of random Sloan letters; `random` gives integers in [0, 10) (crypto's randomInt on the server). */
export function acuityLine(random: (max: number) => number): string {
  let line = "";
  for (let index = 0; index < ACUITY_LINE_LENGTH; index++) line += SLOAN_LETTERS[random(SLOAN_LETTERS.length)];
  return line;
}

/** What the shopper typed, as letters only, upper case ("c d h" and "CDH" read the same). */
export function normalizeReading(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z]/g, "");
}

/** How many letters were read right, each in its place (an extra or missing letter shifts nothing else in). */
export function acuityCorrect(expected: string, typed: string): number {
  const reading = normalizeReading(typed);
  let correct = 0;
  for (let index = 0; index < expected.length; index++) if (reading[index] === expected[index]) correct++;
  return correct;
}

export function readsWell(correct: number): boolean {
  return correct >= ACUITY_PASS_CORRECT;
}

export const acuitySchema = z.object({
  intent: z.literal("acuity"),
  eye: z.enum(["right", "left"]),
  reading: z
    .string({ error: "Type the letters you read." })
    .trim()
    .min(1, { error: "Type the letters you read." })
    .max(20, { error: "Type only the letters on the line (at most 20 characters)." })
    .regex(/^[A-Za-z ]+$/, { error: "Type only letters (spaces are fine)." }),
});

/**
 * One eye's check as the provider keeps it (the form never carries the letters): the line the page shows now, and
 * the last reading with the line it was scored against. A reading draws a new line, so trying again is a new test.
 */
export interface AcuityEyeRecord {
  shown: string;
  tested: string | null;
  reading: string | null;
  correct: number | null;
}
export type AcuityRecord = Partial<Record<AcuityEye, AcuityEyeRecord>>;

// ---------------------------------------------------------------------------------------------------------------
// Potential evidence.

/**
 * The answers show potential evidence of a prescription the doctor can renew when no answer is a red flag (no pain,
 * redness, sudden change, surgery or disease; an in-person exam within 2 years; happy with the current lenses) and
 * both eyes read the 20/40 line well enough. Anything else still goes to the doctor, who decides.
 */
export function hasPotentialEvidence(answers: ExamAnswers, acuity: AcuityRecord): boolean {
  if (redFlags(answers).length > 0) return false;
  return (["right", "left"] as const).every((eye) => readsWell(acuity[eye]?.correct ?? 0));
}

// ---------------------------------------------------------------------------------------------------------------
// The other forms.

export const startSchema = z.object({ intent: z.literal("start") });
export const finishSchema = z.object({ intent: z.literal("finish") });
export const leaveSchema = z.object({ intent: z.literal("leave") });

/** An exam the shopper may work on (start, answer, finish or leave); the others only show their state. */
export const OPEN_EXAM_STATUSES = ["Created", "Started", "Retake", "Abandoned"] as const;

/** The exam voucher token the simulator makes: 24 random bytes, base64url. */
export function isSimulatedExamToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{32}$/.test(value);
}
