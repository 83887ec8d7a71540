import { z } from "zod";
import { FIRST_NAME_MAX, FULL_NAME_MAX, LAST_NAME_MAX } from "./account";
import { STEP_MESSAGES } from "./funnel-steps";
import { EYE_RULE_MESSAGES, type Eye } from "./line-item-group";

/**
 * Patients of line item groups (spec 2 §3–5): who the lenses are for. Names are required ('Must provide a valid
 * patient name for line item group'), letters only (with spaces, hyphens and apostrophes between), first at most 15,
 * last at most 19, the full name at most 35. A group's patient is matched to a known patient by patientId, else id,
 * else the case-insensitive, trimmed full name.
 */
export { FIRST_NAME_MAX, FULL_NAME_MAX, LAST_NAME_MAX };

export const PATIENT_MESSAGES = {
  required: "Must provide a valid patient name for line item group",
  lettersOnly: "Use letters only (no numbers or symbols).",
  firstNameTooLong: `First name can be at most ${FIRST_NAME_MAX} characters.`,
  lastNameTooLong: `Last name can be at most ${LAST_NAME_MAX} characters.`,
  fullNameTooLong: `The full name can be at most ${FULL_NAME_MAX} characters.`,
  choosePatient: "Choose who these lenses are for.",
} as const;

/** Letters (accented ones too), then letters, spaces, hyphens or apostrophes: no digits, no other symbols. */
export const PATIENT_NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/** The value of the patient choice that means "someone not in the list yet". */
export const NEW_PATIENT = "new";

function namePart(max: number, tooLong: string) {
  return (
    z
      .string({ error: PATIENT_MESSAGES.required })
      .trim()
      // Abort: an empty name is only "required", not also "letters only".
      .min(1, { error: PATIENT_MESSAGES.required, abort: true })
      .max(max, { error: tooLong })
      .regex(PATIENT_NAME_PATTERN, { error: PATIENT_MESSAGES.lettersOnly })
  );
}
export const patientFirstNameSchema = namePart(FIRST_NAME_MAX, PATIENT_MESSAGES.firstNameTooLong);
export const patientLastNameSchema = namePart(LAST_NAME_MAX, PATIENT_MESSAGES.lastNameTooLong);

export interface PatientName {
  firstName: string;
  lastName: string;
}

/** The full name as the spec compares and limits it: trimmed first and last, one space between. */
export function fullName(patient: PatientName): string {
  return `${patient.firstName.trim()} ${patient.lastName.trim()}`.trim();
}

/** True when both names have text (the funnel's Patient step is then done for the group). */
export function hasFullName(patient: Partial<PatientName> | null | undefined): boolean {
  return !!patient?.firstName?.trim() && !!patient?.lastName?.trim();
}

/**
 * The patient step's form. Signed in, `patientId` is an existing patient's id or `new`; signed out it is absent.
 * A new patient needs both names (each checked as above, then the full name's length).
 */
export const patientFormSchema = z
  .object({
    groupId: z.string({ error: STEP_MESSAGES.groupGone }).trim().min(1, { error: STEP_MESSAGES.groupGone }),
    patientId: z.string().trim().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.patientId !== undefined && value.patientId !== NEW_PATIENT) {
      if (!/^[1-9][0-9]{0,9}$/.test(value.patientId)) {
        ctx.addIssue({ code: "custom", path: ["patientId"], message: PATIENT_MESSAGES.choosePatient });
      }
      return;
    }
    const first = patientFirstNameSchema.safeParse(value.firstName ?? "");
    const last = patientLastNameSchema.safeParse(value.lastName ?? "");
    for (const [path, result] of [
      ["firstName", first],
      ["lastName", last],
    ] as const) {
      for (const issue of result.error?.issues ?? [])
        ctx.addIssue({ code: "custom", path: [path], message: issue.message });
    }
    if (
      first.success &&
      last.success &&
      fullName({ firstName: first.data, lastName: last.data }).length > FULL_NAME_MAX
    ) {
      ctx.addIssue({ code: "custom", path: ["lastName"], message: PATIENT_MESSAGES.fullNameTooLong });
    }
  })
  .transform((value) =>
    value.patientId !== undefined && value.patientId !== NEW_PATIENT
      ? { groupId: value.groupId, kind: "existing" as const, patientId: Number(value.patientId) }
      : {
          groupId: value.groupId,
          kind: "new" as const,
          firstName: (value.firstName ?? "").trim(),
          lastName: (value.lastName ?? "").trim(),
        },
  );
export type PatientForm = z.output<typeof patientFormSchema>;

/** A group's patient as the cart keeps it (spec: firstName, lastName, patientId, id). */
export interface GroupPatient extends PatientName {
  patientId?: number | null;
  id?: string | null;
}

/** A patient the shopper already has (signed in: the account's patients). */
export interface KnownPatient extends PatientName {
  patientId: number;
  id?: string | null;
}

const comparable = (patient: PatientName) => fullName(patient).toLowerCase();

/**
 * Spec 2 §4: a group's patient matches by patientId when it has one, else by id, else by case-insensitive trimmed
 * full name. The first key the group's patient carries decides; a stale id matches nothing rather than a namesake.
 */
export function matchPatient<T extends KnownPatient>(
  patient: GroupPatient | null | undefined,
  patients: readonly T[],
): T | null {
  if (!patient) return null;
  if (patient.patientId != null) return patients.find((known) => known.patientId === patient.patientId) ?? null;
  if (patient.id) return patients.find((known) => known.id === patient.id) ?? null;
  if (!hasFullName(patient)) return null;
  const name = comparable(patient);
  return patients.find((known) => comparable(known) === name) ?? null;
}

/** A lens group's heading (issue 13): 'Contact lenses for Pat Smith', or 'Contact lenses' until it has a patient. */
export function lensGroupHeading(patient: PatientName | null | undefined): string {
  const name = patient ? fullName(patient) : "";
  return name ? `Contact lenses for ${name}` : "Contact lenses";
}

/** Spec 2 §4: patients sort by full name, case-insensitively. */
export function sortPatients<T extends PatientName>(patients: readonly T[]): T[] {
  return [...patients].sort((a, b) => comparable(a).localeCompare(comparable(b)));
}

/**
 * The product page's 'adding to your cart's group' line: only when the group still needs the eye the link asked for
 * (gone, or both eyes there now: the page is as it always is).
 */
export function addEyeTarget(
  asked: { groupId: string; eye: Eye } | null,
  needed: { eye: Eye; patient: PatientName | null } | null,
): { groupId: string; eye: Eye; message: string } | null {
  if (!asked || needed?.eye !== asked.eye) return null;
  return { ...asked, message: EYE_RULE_MESSAGES.addingTo(asked.eye, lensGroupHeading(needed.patient)) };
}
