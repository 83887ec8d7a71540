import type { ExamStatus } from "~/models/exams";
import type { PrescriberRecord, PrescriptionEyeRecord } from "~/models/prescriptions";

/**
 * The online vision exam provider (issue 16). The store asks it for a voucher (an exam for one patient, renewing
 * the lenses the patient wears now), sends the shopper to the provider's exam pages, and reads the exam back: its
 * status, whether the answers show potential evidence of a prescription, and, once a doctor issued it, the
 * prescription. The embedded default (simulated-provider.server.ts) runs the exam in the store's own pages with a
 * development page to play the doctor; a real provider's client implements the same interface.
 */

export interface ExamPatient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export interface CreateExamInput {
  /** The store's reference for the customer (opaque to the provider). */
  customerRef: string;
  patient: ExamPatient;
  /** The lenses the exam renews, per eye (a UPC names the product and its parameters); null for an eye without. */
  rightUpc: string | null;
  leftUpc: string | null;
  rbCode: string | null;
  priceCents: number;
  originalPriceCents: number;
}

/** A prescription the provider's doctor issued. */
export interface IssuedPrescription {
  rightEye: PrescriptionEyeRecord | null;
  leftEye: PrescriptionEyeRecord | null;
  /** ISO day. */
  expirationDate: string;
  prescriber: PrescriberRecord;
}

export interface ProviderExam {
  examVoucherToken: string;
  status: ExamStatus;
  /** ISO timestamp of the last status change. */
  statusDate: string;
  /** The answers show the patient likely has a current prescription the doctor can renew. */
  potentialEvidence: boolean;
  /** ISO timestamp when the exam was taken; null before. */
  examDate: string | null;
  patient: ExamPatient;
  rightUpc: string | null;
  leftUpc: string | null;
  /** Set once the status is Issued. */
  prescription: IssuedPrescription | null;
  /** The office whose doctor examines the patient (its address: `providerAddress`); null while none is named. */
  providerId: string | null;
}

/** The provider's doctor's office (spec: GET api/examInfo/providerAddress/{id}). */
export interface ProviderAddress {
  id: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

export interface ExamProvider {
  readonly name: string;
  /** The exam's price now (cents): what the voucher will cost, and the price before any discount. */
  price(): Promise<{ priceCents: number; originalPriceCents: number }>;
  /** Whether the provider's doctors may examine a patient living in this US state (two letters). */
  servesState(state: string): Promise<boolean>;
  createExam(input: CreateExamInput): Promise<ProviderExam>;
  /** The exam, or null when the provider has no such token. */
  getExam(examVoucherToken: string): Promise<ProviderExam | null>;
  /**
   * Where the shopper takes the exam: the provider's page for this voucher, which sends the shopper back to
   * `returnTo` (a path on the store) when the exam is taken or left.
   */
  examUrl(examVoucherToken: string, returnTo: string): string;
  providerAddress(id: string): Promise<ProviderAddress | null>;
}
