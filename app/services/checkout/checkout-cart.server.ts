import { formatPhone } from "~/models/account";
import { shippingAddressProblem, type AddressInput } from "~/models/address";
import type { PriceBook } from "~/models/catalog";
import { isImageClassification, isSkipped, type FunnelGroup, type FunnelPage } from "~/models/funnel";
import { EYE_NAMES } from "~/models/lens-parameters";
import type { OrderDoctor, OrderPatient } from "~/models/order-plan";
import type { PricedCart } from "../cart/cart-pricing.server";
import { readCartOnce } from "../cart/cart-read.server";
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { clinics, doctors } from "../db/schema";
import type { RequestMemo } from "../platform/request-memo.server";

/** A cart group as checkout shows it and the order keeps it: patient, doctor and the funnel's rule inputs. */
export interface CheckoutGroupDetails extends FunnelGroup {
  patient: OrderPatient | null;
  doctor: OrderDoctor | null;
  /** Each line's chosen parameters, by line item id. */
  parameters: Map<string, Record<string, string>>;
}

/**
 * What checkout reviews beyond the prices: the cart's shipping address and coupon, and its groups with their
 * patient, doctor (and clinic) and lines, in cart order: the cart's read (`readCart`), shared with the cart's pricing
 * when a request memo is given (the checkout page's GET; the price book only picks the prices that read also has),
 * and one query for the groups' doctors when there are any.
 */
export async function checkoutCart(
  db: Executor,
  cartId: string,
  memo?: RequestMemo | null,
  priceBook: PriceBook = "none",
) {
  const read = await readCartOnce(db, cartId, priceBook, memo);
  const doctorIds = [...new Set((read?.groups ?? []).flatMap((group) => group.row.doctorId ?? []))];
  const doctorRows =
    doctorIds.length === 0
      ? []
      : await db
          .select({
            id: doctors.id,
            firstName: doctors.firstName,
            lastName: doctors.lastName,
            phone: doctors.phone,
            clinicName: clinics.name,
          })
          .from(doctors)
          .leftJoin(clinics, eq(clinics.id, doctors.clinicId))
          .where(inArray(doctors.id, doctorIds));
  const doctorById = new Map(
    doctorRows.map((doctor) => [doctor.id, { ...doctor, clinicName: doctor.clinicName ?? "" }]),
  );
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
      doctor: (group.row.doctorId !== null && doctorById.get(group.row.doctorId)) || null,
      parameters: new Map(items.map((item) => [item.id, item.parameters])),
    };
  });
  return {
    cart: read ? { shippingAddress: read.cart.shippingAddress, couponId: read.cart.couponId } : null,
    groups,
  };
}

const REQUIRED_STEPS: FunnelPage[] = ["RxDetails", "Parameters", "Patient", "Address", "Doctor"];

/**
 * The first funnel step the cart still needs before it can be placed, or null. Checkout places the cart's own
 * shipping address, so a primary address that could stand in is not enough.
 */
export function missingCheckoutStep(groups: CheckoutGroupDetails[], address: AddressInput | null): FunnelPage | null {
  const state = {
    groups,
    cartEmpty: false,
    proceededPastCart: true,
    address: { shipping: address, primary: null, signedIn: true, accountPhone: null },
  };
  const missing = REQUIRED_STEPS.find((page) =>
    page === "Address" ? !address || shippingAddressProblem(address) !== null : !isSkipped(page, state),
  );
  return missing ?? null;
}

/** The review's groups: the priced lines with whom they are for, their doctor, and how the prescription comes. */
export function checkoutReviewGroups(priced: PricedCart["groups"], groups: readonly CheckoutGroupDetails[]) {
  const details = new Map(groups.map((group) => [group.id, group]));
  return priced.map((group) => {
    const found = details.get(group.id);
    const patient = found?.patient;
    const doctor = found?.doctor;
    return {
      id: group.id,
      heading:
        group.type === "Lens"
          ? `Contact lenses for ${patient ? `${patient.firstName} ${patient.lastName}` : "you"}`
          : "Lens care",
      doctor: doctor
        ? `Dr. ${doctor.firstName} ${doctor.lastName}${doctor.clinicName ? `, ${doctor.clinicName}` : ""} · ${formatPhone(doctor.phone)}`
        : null,
      prescriptionLater: found?.rxEntryType === "SubmitAndSkip",
      autoReorder: group.autoReorder,
      items: group.items.map((item) => ({
        id: item.id,
        eyeLabel: item.eyeLabel,
        eyeName: item.whichEye === "none" ? null : EYE_NAMES[item.whichEye],
        productName: item.productName,
        imageUrl: item.imageUrl,
        parameters: item.parameters,
        supply: item.supply,
        quantity: item.quantity,
        lineTotalCents: item.lineTotalCents,
        discountCents: item.discountCents,
      })),
    };
  });
}
