/**
 * Prescriber verification (issue 16, decision 30). Under the FTC Contact Lens Rule the store sends the prescriber
 * what the patient ordered on (the "verification request"), and the prescription counts as verified when the
 * prescriber confirms it, or does not answer within 8 business hours. The prescriber may instead correct it, or say
 * it is invalid or expired. A verifier sends requests and reads the prescriber's answer; the store's side (the
 * clock, what each answer does to the order) is services/prescriptions/verification.server.ts. The embedded default
 * (simulated-prescriber.server.ts) keeps requests in the database with a development page to answer as the doctor;
 * a real service (fax or phone-call provider) implements the same interface.
 */
import type { VerificationDoctor, VerificationEye } from "~/models/verification";

export interface VerificationRequest {
  /**
   * The store's key for this request: sending again with the same key (a retry after a crash) records nothing new
   * and answers the same reference.
   */
  idempotencyKey: string;
  /** What the store calls the order (shown to the prescriber's office). */
  storeReference: string;
  doctor: VerificationDoctor;
  patient: { firstName: string; lastName: string };
  rightEye: VerificationEye | null;
  leftEye: VerificationEye | null;
  /** The expiration date the patient gave (ISO day), if any. */
  expirationDate: string | null;
  /** When the store sends it. */
  sentAt: Date;
}

export interface SentRequest {
  /** The provider's reference, to read the answer with. */
  reference: string;
  /** When the provider received it first (a resend with the same key answers the first time). */
  receivedAt: Date;
}

/** A per-eye correction: the eye's parameters as the prescriber wrote them (null: that eye is as asked). */
export interface CorrectedEyes {
  rightEye: Record<string, string> | null;
  leftEye: Record<string, string> | null;
}

export { PRESCRIBER_ANSWER_KINDS, type PrescriberAnswerKind } from "~/models/verification";

export type PrescriberAnswer =
  | { kind: "none" }
  | { kind: "confirm"; answeredAt: Date }
  | ({ kind: "correct"; answeredAt: Date } & CorrectedEyes)
  | { kind: "invalid"; answeredAt: Date }
  | { kind: "expired"; answeredAt: Date };

export interface PrescriberVerifier {
  readonly name: string;
  sendRequest(request: VerificationRequest): Promise<SentRequest>;
  /** The prescriber's answer to a request; null when the provider knows no such reference. */
  readAnswer(reference: string): Promise<PrescriberAnswer | null>;
}
