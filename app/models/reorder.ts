import { UPLOAD_RX_PATH } from "./funnel";
import { fullName } from "./patient";
import { PRESCRIPTION_MESSAGES, type UnusableReason } from "./prescriptions";

/**
 * The reorder page (spec 1 §2.2: where the shopper lands after signing in): what the customer has bought, by patient
 * — each patient's most recent lens group, its lenses and quantities and the prescription it was ordered with — and
 * whether that prescription can put the lenses in the cart again.
 */

/** A lens group of a placed order as the reorder page reads it (newest order first). */
export interface ReorderGroupInput {
  groupId: number;
  orderNumber: string;
  orderedAt: Date;
  patient: { firstName: string; lastName: string; patientId?: number | null } | null;
  prescriptionId: number | null;
}

/** The same patient across orders: their saved patient id when known, else their full name (case ignored). */
export function reorderPatientKey(patient: ReorderGroupInput["patient"]): string {
  if (!patient) return "name:";
  if (patient.patientId != null) return `id:${patient.patientId}`;
  return `name:${fullName(patient).trim().toLowerCase().replace(/\s+/g, " ")}`;
}

/** The patient's name as the page reads it; a group with no patient (older orders) is the customer's own. */
export function reorderPatientName(patient: ReorderGroupInput["patient"]): string {
  const name = patient ? fullName(patient).trim() : "";
  return name === "" ? "You" : name;
}

/**
 * Each patient's most recent lens group, given groups newest first; patients in name order (as the wallet lists
 * them), so the page reads the same from one visit to the next.
 */
export function latestGroupPerPatient<T extends ReorderGroupInput>(groupsNewestFirst: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const group of groupsNewestFirst) {
    const key = reorderPatientKey(group.patient);
    if (!latest.has(key)) latest.set(key, group);
  }
  return [...latest.values()].sort((a, b) =>
    reorderPatientName(a.patient).localeCompare(reorderPatientName(b.patient), "en", { sensitivity: "base" }),
  );
}

/**
 * What a patient's 'Reorder' can do: `ready` puts the lenses in the cart; `expired` offers the exam and an upload;
 * `pending` (the prescription was never sent) offers the upload for that order; `unavailable` (a lens is no longer
 * sold) and `no-prescription` (deleted from the wallet) send the shopper to choose lenses again.
 */
export type ReorderState = "ready" | "expired" | "pending" | "unavailable" | "no-prescription";

export function reorderState(hasPrescription: boolean, reason: UnusableReason | null): ReorderState {
  if (!hasPrescription) return "no-prescription";
  switch (reason) {
    case null:
      return "ready";
    case "expired":
      return "expired";
    case "not-submitted":
      return "pending";
    default:
      return "unavailable";
  }
}

export const REORDER_MESSAGES = {
  expired: "This prescription has expired. Take our online eye exam or upload a current prescription to reorder.",
  pending: PRESCRIPTION_MESSAGES["not-submitted"],
  unavailable: PRESCRIPTION_MESSAGES["product-unavailable"],
  "no-prescription": "We no longer have the prescription for these lenses. Choose your lenses and enter it again.",
  notFound: "We couldn't find those lenses to reorder. Please choose them again below.",
} as const;

/** The shopper's words for what to do when a patient can't simply reorder (null when they can). */
export function reorderMessage(state: ReorderState): string | null {
  return state === "ready" ? null : REORDER_MESSAGES[state];
}

export const REORDER_PATH = "/reorder";
export const EXAM_PATH = "/exam";

/** Where 'Upload' goes: for a prescription never sent, the order it was promised for (upload-rx?oid=). */
export function reorderUploadHref(state: ReorderState, orderNumber: string): string {
  return state === "pending" ? `${UPLOAD_RX_PATH}?oid=${encodeURIComponent(orderNumber)}` : UPLOAD_RX_PATH;
}

/** "2 boxes", "1 box". */
export function boxesText(quantity: number): string {
  return `${quantity} ${quantity === 1 ? "box" : "boxes"}`;
}
