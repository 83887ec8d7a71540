import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { PRESCRIPTION_MESSAGES, savedPrescriptionChoiceSchema } from "~/models/prescriptions";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { flashToast } from "~/services/platform/session.server";
import { orderAgain } from "~/services/prescriptions/wallet-cart.server";

/**
 * The product page's intent=use-saved-prescription: the chosen saved prescription's lenses for this product go into
 * the cart, as 'Order again' would put them (its UPCs, parameters, quantities, patient, doctor, expiration date), and
 * the funnel goes on (its steps met, to the cart). Refused: `{ savedPrescription: reply }`, 4xx, shown by the choice.
 */
export async function orderWithSavedPrescription(
  context: Readonly<RouterContextProvider>,
  product: { id: number },
  formData: FormData,
) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const submission = parseWithZod(formData, { schema: savedPrescriptionChoiceSchema });
  const refuse = (options: Parameters<typeof submission.reply>[0] = {}, status = 400) =>
    data({ savedPrescription: submission.reply(options) }, { status });
  if (!visitor.customer) return refuse({ formErrors: [PRESCRIPTION_MESSAGES.notSignedIn] }, 401);
  if (submission.status !== "success") return refuse();
  const ordered = await orderAgain(services.db, { customerId: visitor.customer.id, session: visitor.session }, [
    { prescriptionId: submission.value.prescriptionId, isSubscription: false, productId: product.id },
  ]);
  if (!ordered.ok) return refuse({ fieldErrors: { prescriptionId: [ordered.message] } }, ordered.status);
  flashToast(visitor.session, "success", "Added to your cart with your saved prescription.");
  return redirectToNextStep(services.db, visitor, "LensProductDetailPage");
}
