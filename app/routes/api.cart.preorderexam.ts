import { EXAM_MESSAGES } from "~/models/exams";
import { apiCartClient, cartJson, NO_CART_MESSAGE } from "~/services/api/cart.server";
import { preorderExamSchema, EXAM_SIGN_IN } from "~/services/api/exams.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { createCart } from "~/services/cart/cart.server";
import { addExamToCart } from "~/services/exams/exam-cart.server";
import { examDetails } from "~/services/exams/exam-vouchers.server";
import { visitorContext } from "~/services/platform/context.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.cart.preorderexam";

/**
 * POST /api/cart/preorderexam/ {examVoucherToken, rightQuantity?, leftQuantity?} → 200 { cart } with the exam's
 * lenses in a new group carrying the voucher. 409 { error: 'Exam Declined' } for a declined exam (the page shows
 * ExamDeclined) or one not finished; 404 an exam that is not the customer's; 422/400 with 'Something went wrong
 * while trying to add these items to your cart' or the quantity's message; 404 'No cart' when the cart is gone by the
 * time it is read back; 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, EXAM_SIGN_IN);
  const input = await readJsonBody(request, preorderExamSchema);
  const client = await apiCartClient(request, context);
  // Read fresh: whether the exam can be ordered from is decided on what the provider says now, not a cached copy.
  const voucher = await examDetails(client.services, customer.id, input.examVoucherToken, { fresh: true });
  if (!voucher) return jsonError(404, EXAM_MESSAGES.detailsFailed);
  const { session } = context.get(visitorContext);
  const target = client.viaBearer
    ? { cartId: client.cartId ?? (await createCart(client.services.db, customer.id)) }
    : { session };
  const added = await addExamToCart(client.services.db, {
    voucher,
    cart: target,
    customerId: customer.id,
    quantities: { right: input.rightQuantity, left: input.leftQuantity },
  });
  if (!added.ok) return privateJson({ error: added.message }, added.status);
  const cart = await cartJson(client.services, added.cartId, client.shopper);
  // The cart went away between the change and the read (another device checked it out): spec 'No cart'.
  if (cart.cartId === null) return jsonError(404, NO_CART_MESSAGE);
  return privateJson({ cart });
}

export function loader() {
  return methodNotAllowed("POST");
}
