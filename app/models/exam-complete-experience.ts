import { firstAction } from "./experiments/actions";
import type { ContentAction } from "./experiments/definitions";

/**
 * What follows the exam (spec ExamPreOrder, /exam/exam-complete: "the default page after exam completion"), chosen
 * by the exam price experiment's `override_exam_complete_experience` (decision 64):
 * - `standard`: the completion page: where the exam stands, then the exam's lenses into the cart.
 * - `brand-choice`: straight to ordering: the page leads with the lenses the new prescription is for (the spec's
 *   welcome/brand-choice: "your prescription is ready, choose your lenses"), and ordering them goes past the cart to
 *   the next step of the order.
 */
export const EXAM_COMPLETE_EXPERIENCES = ["standard", "brand-choice"] as const;
export type ExamCompleteExperience = (typeof EXAM_COMPLETE_EXPERIENCES)[number];

export const STANDARD_EXAM_COMPLETE_EXPERIENCE: ExamCompleteExperience = "standard";

export function isExamCompleteExperience(value: unknown): value is ExamCompleteExperience {
  return (EXAM_COMPLETE_EXPERIENCES as readonly unknown[]).includes(value);
}

/** The visitor's experience; a name the store does not know falls back to the standard one (`unknown` says which). */
export function examCompleteExperienceOf(actions: readonly ContentAction[]): {
  experience: ExamCompleteExperience;
  unknown: string | null;
} {
  const name = firstAction(actions, "override_exam_complete_experience")?.experience ?? null;
  if (name === null) return { experience: STANDARD_EXAM_COMPLETE_EXPERIENCE, unknown: null };
  if (isExamCompleteExperience(name)) return { experience: name, unknown: null };
  return { experience: STANDARD_EXAM_COMPLETE_EXPERIENCE, unknown: name };
}
