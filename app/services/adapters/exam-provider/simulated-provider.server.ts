import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { EXAM_FALLBACK_PRICE, isExamStatus } from "~/models/exams";
import {
  DEFAULT_EXAM_RETURN_TO,
  safeReturnTo,
  SIMULATED_PRACTICE_NAME,
  simulatorServesState,
} from "~/models/exam-simulator";
import type { Database } from "~/services/db/client.server";
import { simulatedExams } from "~/services/db/schema";
import type { CreateExamInput, ExamProvider, ProviderAddress, ProviderExam } from "./exam-provider";

/**
 * The embedded exam provider (decision 31): it really works on one machine. Exams are rows of `simulated_exams`;
 * the shopper takes one on the simulator's own pages (/exam-provider/{token}, routes/exam-provider.$token.tsx) and a
 * developer plays the doctor on /dev/exams. Everything the store reads goes through this interface, as it would with a
 * real provider's API.
 */

/** The simulated practice's one office, and its doctor (who signs the prescriptions it issues). */
export const SIMULATED_PRACTICE: ProviderAddress = {
  id: "lenslane-vision-partners",
  name: SIMULATED_PRACTICE_NAME,
  address1: "250 S 5th St",
  address2: "Suite 300",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  phone: "2085550199",
};
export const SIMULATED_DOCTOR = {
  firstName: "Maya",
  lastName: "Ortiz",
  clinicName: SIMULATED_PRACTICE.name,
  phone: SIMULATED_PRACTICE.phone,
} as const;

export const SIMULATED_EXAM_PRICE_CENTS = EXAM_FALLBACK_PRICE * 100;

export type SimulatedExamRow = typeof simulatedExams.$inferSelect;

/** 24 random bytes: a token nobody can guess, which is all that guards the exam's pages (as with a real provider). */
export function newExamToken(): string {
  return randomBytes(24).toString("base64url");
}

export function simulatedExamPath(token: string, returnTo: string): string {
  return `/exam-provider/${encodeURIComponent(token)}?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** A row as the provider's API answers it. */
export function providerExamOf(row: SimulatedExamRow): ProviderExam {
  return {
    examVoucherToken: row.token,
    status: isExamStatus(row.status) ? row.status : "Created",
    statusDate: row.statusDate.toISOString(),
    potentialEvidence: row.potentialEvidence,
    examDate: row.examDate?.toISOString() ?? null,
    patient: row.patient,
    rightUpc: row.rightUpc,
    leftUpc: row.leftUpc,
    prescription: row.status === "Issued" ? (row.issuedPrescription ?? null) : null,
    // The simulated practice has one office, whose doctor takes every exam.
    providerId: SIMULATED_PRACTICE.id,
  };
}

export function createSimulatedExamProvider(options: { db: Database; now?: () => Date }): ExamProvider {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  return {
    name: "simulated",

    async price() {
      return { priceCents: SIMULATED_EXAM_PRICE_CENTS, originalPriceCents: SIMULATED_EXAM_PRICE_CENTS };
    },

    async servesState(state: string) {
      return simulatorServesState(state);
    },

    async createExam(input: CreateExamInput) {
      const at = now();
      const [row] = await db
        .insert(simulatedExams)
        .values({
          token: newExamToken(),
          customerRef: input.customerRef,
          patient: input.patient,
          rightUpc: input.rightUpc,
          leftUpc: input.leftUpc,
          rbCode: input.rbCode,
          priceCents: input.priceCents,
          originalPriceCents: input.originalPriceCents,
          status: "Created",
          statusDate: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return providerExamOf(row!);
    },

    async getExam(examVoucherToken: string) {
      if (typeof examVoucherToken !== "string" || examVoucherToken.length > 100) return null;
      const [row] = await db.select().from(simulatedExams).where(eq(simulatedExams.token, examVoucherToken));
      return row ? providerExamOf(row) : null;
    },

    examUrl(examVoucherToken: string, returnTo: string) {
      return simulatedExamPath(examVoucherToken, returnTo || DEFAULT_EXAM_RETURN_TO);
    },

    async providerAddress(id: string) {
      return id === SIMULATED_PRACTICE.id ? SIMULATED_PRACTICE : null;
    },
  };
}
