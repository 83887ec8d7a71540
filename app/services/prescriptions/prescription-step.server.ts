import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { prescriptionEyes, prescriptionSchema, STEP_MESSAGES } from "~/models/funnel-steps";
import { redirectToNextStep } from "../funnel/funnel.server";
import { redirectAfterGroupStep, setGroupPrescription, type StepGroup } from "../funnel/group-steps.server";
import type { Database } from "../db/client.server";
import type { Visitor } from "../platform/context.server";

/**
 * intent=save-prescription: the prescription the shopper typed on RxDetails, or checked and confirmed on
 * UploadSuccess (the reader's values, as UPCs the same way), saved onto the cart group. One step for both pages, so
 * the two cannot drift apart; each page only says where the funnel goes next. Answers the route's response: the
 * form's reply with 400 when refused (the form shows it), else the redirect.
 */
export async function savePrescriptionStep(
  db: Database,
  visitor: Pick<Visitor, "session" | "customer">,
  formData: FormData,
  target: { cartId: string | undefined; group: StepGroup | null; page: "RxDetails" | "UploadSuccess" },
) {
  const { cartId, group, page } = target;
  const submission = parseWithZod(formData, {
    // UploadSuccess confirms the RxDetails form, pre-filled: the same fields for the same lenses.
    schema: prescriptionSchema(group ? prescriptionEyes(group.lines, "RxDetails") : []),
  });
  const gone = () => data(submission.reply({ formErrors: [STEP_MESSAGES.groupGone] }), { status: 400 });
  if (!cartId || !group || group.type !== "Lens") return gone();
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await setGroupPrescription(db, cartId, group.id, submission.value.eyes, {
    expiresOn: submission.value.expirationDate,
  });
  if (result.status === "invalid") return data(submission.reply({ fieldErrors: result.errors }), { status: 400 });
  if (result.status === "not-found") return gone();
  // RxDetails comes back while another working group still needs its prescription; UploadSuccess moves on.
  return page === "RxDetails" ? redirectAfterGroupStep(db, visitor, page) : redirectToNextStep(db, visitor, page);
}
