import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import { PRESCRIPTION_MESSAGES, savedPrescriptionChoiceSchema } from "~/models/prescriptions";
import { redirectAfterGroupStep, type StepGroup } from "../funnel/group-steps.server";
import type { Database } from "../db/client.server";
import type { Visitor } from "../platform/context.server";
import { flashToast } from "../platform/session.server";
import { applySavedPrescription, savedPrescriptionChoices } from "./wallet-cart.server";

/**
 * The saved-prescription choice on RxDetails (intent=use-saved-prescription), as one call for the loader and one for
 * the action, so the step's route stays thin. A refused choice answers `{ savedPrescription: reply }` with 400 (the
 * step's prescription form keeps its own result; SavedPrescriptionChoice.tsx tells the two apart).
 */

type StepVisitor = Pick<Visitor, "session" | "customer">;

/** The signed-in shopper's saved prescriptions usable for the group's lenses (none signed out). */
export async function savedPrescriptionsForGroup(
  db: Database,
  visitor: StepVisitor,
  group: Pick<StepGroup, "lines">,
  now: Date = new Date(),
) {
  if (!visitor.customer) return [];
  return savedPrescriptionChoices(
    db,
    visitor.customer.id,
    group.lines.map((line) => line.productId),
    now,
  );
}

/** Applies the chosen saved prescription to the group and moves the funnel on; a 400 reply when refused. */
export async function savedPrescriptionStep(
  db: Database,
  visitor: StepVisitor,
  formData: FormData,
  target: { cartId: string; groupId: string },
) {
  const submission = parseWithZod(formData, { schema: savedPrescriptionChoiceSchema });
  const refuse = (options?: Parameters<typeof submission.reply>[0]) =>
    data({ savedPrescription: submission.reply(options) }, { status: 400 });
  if (!visitor.customer) return refuse({ formErrors: [PRESCRIPTION_MESSAGES.notSignedIn] });
  if (submission.status !== "success") return refuse();
  const result = await applySavedPrescription(db, {
    cartId: target.cartId,
    groupId: target.groupId,
    customerId: visitor.customer.id,
    prescriptionId: submission.value.prescriptionId,
  });
  if (result.status === "invalid") return refuse({ fieldErrors: result.errors });
  if (result.status === "not-found") return refuse({ formErrors: [STEP_MESSAGES.groupGone] });
  flashToast(visitor.session, "success", "We'll use your saved prescription for these lenses.");
  return redirectAfterGroupStep(db, visitor, "RxDetails");
}
