import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  acuityCorrect,
  acuityLine,
  hasPotentialEvidence,
  normalizeReading,
  OPEN_EXAM_STATUSES,
  type AcuityEye,
  type AcuityRecord,
  type ExamAnswers,
  type ExamProgress,
} from "~/models/exam-simulator";
import type { Database } from "~/services/db/client.server";
import { simulatedExams } from "~/services/db/schema";
import type { SimulatedExamRow } from "./simulated-provider.server";

/**
 * Taking an exam with the simulated provider: what its pages do to the exam's row. Each change is one guarded update
 * (it happens only from the statuses that allow it), so a double submit or a doctor's change in between never leaves a
 * half-made state. The acuity letters are drawn here and kept in the row; the form sends only what was read.
 */

export async function findSimulatedExam(db: Database, token: string): Promise<SimulatedExamRow | null> {
  const [row] = await db.select().from(simulatedExams).where(eq(simulatedExams.token, token));
  return row ?? null;
}

export function isOpenExam(row: Pick<SimulatedExamRow, "status">): boolean {
  return (OPEN_EXAM_STATUSES as readonly string[]).includes(row.status);
}

export function answersOf(row: SimulatedExamRow): ExamAnswers | null {
  return (row.answers as ExamAnswers | null) ?? null;
}

export function acuityOf(row: SimulatedExamRow): AcuityRecord {
  return (row.acuity as AcuityRecord | null) ?? {};
}

/** How far the exam has come (a taken exam has done everything). */
export function progressOf(row: SimulatedExamRow): ExamProgress {
  const acuity = acuityOf(row);
  const started = row.status === "Started";
  return {
    started,
    answered: started && answersOf(row) !== null,
    rightRead: started && acuity.right?.correct != null,
    leftRead: started && acuity.left?.correct != null,
  };
}

const newLine = () => acuityLine((max) => randomInt(max));

function freshAcuity(): AcuityRecord {
  return {
    right: { shown: newLine(), tested: null, reading: null, correct: null },
    left: { shown: newLine(), tested: null, reading: null, correct: null },
  };
}

export type StepOutcome = { ok: true } | { ok: false; message: string };

const NOT_OPEN = "This exam can't be changed any more. Reload the page to see where it stands.";

/**
 * Start (or start again): a new, a retaken or an abandoned exam begins afresh with new letter lines; one already
 * started just carries on.
 */
export async function startExam(db: Database, token: string, now: Date = new Date()): Promise<StepOutcome> {
  const row = await findSimulatedExam(db, token);
  if (!row || !isOpenExam(row)) return { ok: false, message: NOT_OPEN };
  if (row.status === "Started") return { ok: true };
  const [updated] = await db
    .update(simulatedExams)
    .set({
      status: "Started",
      statusDate: now,
      answers: null,
      acuity: freshAcuity() as Record<string, unknown>,
      potentialEvidence: false,
      examDate: null,
      issuedPrescription: null,
      updatedAt: now,
    })
    .where(and(eq(simulatedExams.token, token), eq(simulatedExams.status, row.status)))
    .returning({ token: simulatedExams.token });
  return updated ? { ok: true } : { ok: false, message: NOT_OPEN };
}

export async function saveAnswers(
  db: Database,
  token: string,
  answers: ExamAnswers,
  now: Date = new Date(),
): Promise<StepOutcome> {
  const [updated] = await db
    .update(simulatedExams)
    .set({ answers: { ...answers }, updatedAt: now })
    .where(and(eq(simulatedExams.token, token), eq(simulatedExams.status, "Started")))
    .returning({ token: simulatedExams.token });
  return updated ? { ok: true } : { ok: false, message: NOT_OPEN };
}

/**
 * One eye's reading, scored against the line the page showed (kept in the row, never taken from the form); a new
 * line is drawn for a second try.
 */
export async function saveReading(
  db: Database,
  token: string,
  eye: AcuityEye,
  reading: string,
  now: Date = new Date(),
): Promise<StepOutcome & { correct?: number }> {
  const row = await findSimulatedExam(db, token);
  if (!row || row.status !== "Started" || answersOf(row) === null) return { ok: false, message: NOT_OPEN };
  const acuity = acuityOf(row);
  const shown = acuity[eye]?.shown ?? newLine();
  const correct = acuityCorrect(shown, reading);
  const next: AcuityRecord = {
    ...acuity,
    [eye]: { shown: newLine(), tested: shown, reading: normalizeReading(reading), correct },
  };
  // Guarded on the line scored against: two readings at once cannot both use it.
  const [updated] = await db
    .update(simulatedExams)
    .set({ acuity: next as Record<string, unknown>, updatedAt: now })
    .where(
      and(
        eq(simulatedExams.token, token),
        eq(simulatedExams.status, "Started"),
        sql`coalesce(${simulatedExams.acuity} -> ${eye} ->> 'shown', '') = ${acuity[eye]?.shown ?? ""}`,
      ),
    )
    .returning({ token: simulatedExams.token });
  return updated ? { ok: true, correct } : { ok: false, message: "Please try that eye again." };
}

/** Finish: the exam goes to the doctor (Taken), with its date and whether it shows potential evidence. */
export async function finishExam(db: Database, token: string, now: Date = new Date()): Promise<StepOutcome> {
  const row = await findSimulatedExam(db, token);
  if (!row || row.status !== "Started") return { ok: false, message: NOT_OPEN };
  const progress = progressOf(row);
  const answers = answersOf(row);
  if (!answers || !progress.rightRead || !progress.leftRead) {
    return { ok: false, message: "Please answer the questions and check both eyes first." };
  }
  const [updated] = await db
    .update(simulatedExams)
    .set({
      status: "Taken",
      statusDate: now,
      examDate: now,
      potentialEvidence: hasPotentialEvidence(answers, acuityOf(row)),
      updatedAt: now,
    })
    .where(and(eq(simulatedExams.token, token), eq(simulatedExams.status, "Started")))
    .returning({ token: simulatedExams.token });
  return updated ? { ok: true } : { ok: false, message: NOT_OPEN };
}

/** 'Leave the exam': Abandoned (the store may send the shopper back to it later). */
export async function leaveExam(db: Database, token: string, now: Date = new Date()): Promise<StepOutcome> {
  const [updated] = await db
    .update(simulatedExams)
    .set({ status: "Abandoned", statusDate: now, updatedAt: now })
    .where(and(eq(simulatedExams.token, token), inArray(simulatedExams.status, [...OPEN_EXAM_STATUSES])))
    .returning({ token: simulatedExams.token });
  return updated ? { ok: true } : { ok: false, message: NOT_OPEN };
}
