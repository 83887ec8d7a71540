import type { PriceBook } from "~/models/catalog";
import { isImageClassification, type FunnelGroup } from "~/models/funnel";
import { readCartOnce } from "../cart/cart-read.server";
import type { Executor } from "../db/client.server";
import type { RequestMemo } from "../platform/request-memo.server";

/** A cart group as checkout shows it and the order keeps it: patient, doctor and the funnel's rule inputs. */
export interface CheckoutGroupDetails extends FunnelGroup {
  patient: { firstName: string; lastName: string; patientId?: number } | null;
  doctor: { id: number; firstName: string; lastName: string; phone: string; clinicName: string } | null;
  /** Each line's chosen parameters, by line item id. */
  parameters: Map<string, Record<string, string>>;
}

/**
 * What checkout reviews beyond the prices: the cart's shipping address and coupon, and its groups with their
 * patient, doctor (and clinic) and lines, in cart order. One query (`readCart`), shared with the cart's pricing
 * when a request memo is given (the checkout page's GET); the price book only picks the prices that query also reads.
 */
export async function checkoutCart(
  db: Executor,
  cartId: string,
  memo?: RequestMemo | null,
  priceBook: PriceBook = "none",
) {
  const read = await readCartOnce(db, cartId, priceBook, memo);
  const groups = (read?.groups ?? []).map((group): CheckoutGroupDetails => {
    const { row } = group;
    const classification = row.submitAndSkipImageClassification;
    const items = group.items;
    return {
      id: group.id,
      type: group.type as FunnelGroup["type"],
      submitAndSkipImageId: row.submitAndSkipImageId,
      items: items.map((item) => ({ id: item.id, whichEye: item.whichEye, upc: item.upc })),
      rxEntryType: row.rxEntryType as FunnelGroup["rxEntryType"],
      submitAndSkipImageClassification: isImageClassification(classification) ? classification : null,
      patient: row.patient,
      hasDoctor: row.doctorId !== null,
      isPrivateLabel: items.length > 0 && items.every((item) => read?.products.get(item.productId)?.isPrivateLabel),
      examVoucherToken: row.examVoucherToken,
      doctor: group.doctor,
      parameters: new Map(items.map((item) => [item.id, item.parameters])),
    };
  });
  return {
    cart: read ? { shippingAddress: read.cart.shippingAddress, couponId: read.cart.couponId } : null,
    groups,
  };
}
