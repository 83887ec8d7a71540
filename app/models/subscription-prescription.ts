import {
  PRESCRIPTION_MESSAGES,
  prescriptionEyes,
  unusableReason,
  type CatalogProductState,
  type PatientName,
  type PrescriptionRecord,
} from "./prescriptions";

/**
 * Changing the prescription a subscription reorders on (PUT api/autoReorder/prescription): the new one must be
 * usable (submitted, not expired, its lenses still sold), for the subscription's patient, and hold the same lens
 * on every eye the subscription sends. Its values (UPC and parameters per eye) then replace the subscription's.
 */

export const SUBSCRIPTION_PRESCRIPTION_MESSAGES = {
  solution: "A solution subscription has no prescription.",
  otherLenses: "This prescription is not for this subscription's lenses.",
  otherPatient: "This prescription is for another patient.",
} as const;

export interface SubscriptionLensItem {
  whichEye: "right" | "left" | "none";
  productId: number;
}

export type PrescriptionChange =
  | { ok: true; eyes: Array<{ whichEye: "right" | "left"; upc: string; parameters: Record<string, string> }> }
  | { ok: false; message: string };

const fullName = (name: PatientName) => `${name.firstName.trim()} ${name.lastName.trim()}`.toLowerCase();

export function prescriptionChange(
  subscription: { items: readonly SubscriptionLensItem[]; patient: PatientName | null },
  prescription: Pick<
    PrescriptionRecord,
    "rightEye" | "leftEye" | "expirationDate" | "patientFirstName" | "patientLastName"
  >,
  catalog: ReadonlyMap<number, CatalogProductState>,
  today: string,
): PrescriptionChange {
  const lenses = subscription.items.filter((item) => item.whichEye !== "none");
  if (lenses.length === 0) return { ok: false, message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.solution };
  const reason = unusableReason(prescription, null, catalog, today);
  if (reason) return { ok: false, message: PRESCRIPTION_MESSAGES[reason] };
  const eyes = prescriptionEyes(prescription);
  const changed: Extract<PrescriptionChange, { ok: true }>["eyes"] = [];
  for (const item of lenses) {
    const eye = eyes.find((candidate) => candidate.eye === item.whichEye);
    if (!eye || eye.record.productId !== item.productId) {
      return { ok: false, message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherLenses };
    }
    changed.push({ whichEye: eye.eye, upc: eye.record.upc, parameters: eye.record.parameters });
  }
  const patient = { firstName: prescription.patientFirstName, lastName: prescription.patientLastName };
  if (subscription.patient && fullName(subscription.patient) !== fullName(patient)) {
    return { ok: false, message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherPatient };
  }
  return { ok: true, eyes: changed };
}
