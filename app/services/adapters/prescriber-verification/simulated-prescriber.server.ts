import { createHash } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "~/services/db/client.server";
import { simulatedPrescriberRequests } from "~/services/db/schema";
import type {
  CorrectedEyes,
  PrescriberAnswer,
  PrescriberAnswerKind,
  PrescriberVerifier,
  SentRequest,
  VerificationRequest,
} from "./prescriber-verifier";

/**
 * The embedded default: a prescriber's office that really works on one machine and across restarts. Requests are
 * kept in `simulated_prescriber_requests`, one row per idempotency key (the first send wins a race; a resend answers
 * the same reference and first receipt time). The doctor answers on /dev/verifications — once, as an office would
 * fax back once; the store reads the answer with `readAnswer`.
 */

export const SIMULATED_PRESCRIBER = "simulated";

export type SimulatedRequestRow = typeof simulatedPrescriberRequests.$inferSelect;

/** The reference is derived from the key, so every process sending the same key names the same request. */
const referenceFor = (idempotencyKey: string) =>
  `pv_sim_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;

export function createSimulatedPrescriber(options: { db: Database }): PrescriberVerifier {
  const { db } = options;
  return {
    name: SIMULATED_PRESCRIBER,

    async sendRequest(request: VerificationRequest): Promise<SentRequest> {
      if (request.idempotencyKey.trim() === "") throw new Error("a verification request needs an idempotency key");
      const reference = referenceFor(request.idempotencyKey);
      await db
        .insert(simulatedPrescriberRequests)
        .values({
          reference,
          idempotencyKey: request.idempotencyKey,
          storeReference: request.storeReference,
          doctor: request.doctor,
          patient: request.patient,
          rightEye: request.rightEye,
          leftEye: request.leftEye,
          expirationDate: request.expirationDate,
          receivedAt: request.sentAt,
        })
        .onConflictDoNothing();
      const row = await findSimulatedRequest(db, reference);
      if (!row) throw new Error(`simulated prescriber lost request ${reference}`);
      return { reference, receivedAt: row.receivedAt };
    },

    async readAnswer(reference: string): Promise<PrescriberAnswer | null> {
      const row = await findSimulatedRequest(db, reference);
      if (!row) return null;
      if (!row.answer || !row.answeredAt) return { kind: "none" };
      const answeredAt = row.answeredAt;
      switch (row.answer as PrescriberAnswerKind) {
        case "correct":
          return {
            kind: "correct",
            answeredAt,
            rightEye: row.correctedRightEye ?? null,
            leftEye: row.correctedLeftEye ?? null,
          };
        case "confirm":
        case "invalid":
        case "expired":
          return { kind: row.answer as "confirm" | "invalid" | "expired", answeredAt };
        default:
          return { kind: "none" };
      }
    },
  };
}

export async function findSimulatedRequest(db: Executor, reference: string): Promise<SimulatedRequestRow | null> {
  const [row] = await db
    .select()
    .from(simulatedPrescriberRequests)
    .where(eq(simulatedPrescriberRequests.reference, reference));
  return row ?? null;
}

/** The latest requests the simulated office received (the development page). */
export async function recentSimulatedRequests(db: Executor, limit: number): Promise<SimulatedRequestRow[]> {
  return db
    .select()
    .from(simulatedPrescriberRequests)
    .orderBy(desc(simulatedPrescriberRequests.receivedAt))
    .limit(limit);
}

export type SimulatedAnswer = { kind: "confirm" | "invalid" | "expired" } | ({ kind: "correct" } & CorrectedEyes);

/**
 * The doctor answers a request (the development page). Once only: 'answered' when it already has an answer,
 * 'unknown' when there is no such request.
 */
export async function answerSimulatedRequest(
  db: Database,
  reference: string,
  answer: SimulatedAnswer,
  now: Date = new Date(),
): Promise<"ok" | "answered" | "unknown"> {
  const updated = await db
    .update(simulatedPrescriberRequests)
    .set({
      answer: answer.kind,
      answeredAt: now,
      ...(answer.kind === "correct" ? { correctedRightEye: answer.rightEye, correctedLeftEye: answer.leftEye } : {}),
    })
    .where(and(eq(simulatedPrescriberRequests.reference, reference), isNull(simulatedPrescriberRequests.answer)))
    .returning({ reference: simulatedPrescriberRequests.reference });
  if (updated.length > 0) return "ok";
  return (await findSimulatedRequest(db, reference)) ? "answered" : "unknown";
}
