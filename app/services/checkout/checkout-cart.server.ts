import { asc, eq } from "drizzle-orm";
import { isImageClassification, type FunnelGroup } from "~/models/funnel";
import { together, type Executor } from "../db/client.server";
import { carts, clinics, doctors, lineItemGroups, lineItems, products } from "../db/schema";

/** A cart group as checkout shows it and the order keeps it: patient, doctor and the funnel's rule inputs. */
export interface CheckoutGroupDetails extends FunnelGroup {
  patient: { firstName: string; lastName: string; patientId?: number } | null;
  doctor: { id: number; firstName: string; lastName: string; phone: string; clinicName: string } | null;
  /** Each line's chosen parameters, by line item id. */
  parameters: Map<string, Record<string, string>>;
}

/**
 * What checkout reviews beyond the prices: the cart's shipping address and coupon, and its groups with their
 * patient, doctor (and clinic) and lines, in cart order. Three queries, in parallel.
 */
export async function checkoutCart(db: Executor, cartId: string) {
  const [[cart], groupRows, itemRows] = await together(db, [
    () =>
      db
        .select({ shippingAddress: carts.shippingAddress, couponId: carts.couponId })
        .from(carts)
        .where(eq(carts.id, cartId)),
    () =>
      db
        .select({
          group: lineItemGroups,
          doctor: { id: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName, phone: doctors.phone },
          clinicName: clinics.name,
        })
        .from(lineItemGroups)
        .leftJoin(doctors, eq(doctors.id, lineItemGroups.doctorId))
        .leftJoin(clinics, eq(clinics.id, doctors.clinicId))
        .where(eq(lineItemGroups.cartId, cartId))
        .orderBy(asc(lineItemGroups.position)),
    () =>
      db
        .select({
          id: lineItems.id,
          groupId: lineItems.groupId,
          whichEye: lineItems.whichEye,
          upc: lineItems.upc,
          parameters: lineItems.selectedParameters,
          isPrivateLabel: products.isPrivateLabel,
        })
        .from(lineItems)
        .innerJoin(lineItemGroups, eq(lineItemGroups.id, lineItems.groupId))
        .innerJoin(products, eq(products.id, lineItems.productId))
        .where(eq(lineItemGroups.cartId, cartId)),
  ]);
  const groups = groupRows.map(({ group, doctor, clinicName }): CheckoutGroupDetails => {
    const items = itemRows.filter((item) => item.groupId === group.id);
    const classification = group.submitAndSkipImageClassification;
    return {
      id: group.id,
      type: group.type as FunnelGroup["type"],
      submitAndSkipImageId: group.submitAndSkipImageId,
      items: items.map((item) => ({
        id: item.id,
        whichEye: item.whichEye as "right" | "left" | "none",
        upc: item.upc,
      })),
      rxEntryType: group.rxEntryType as FunnelGroup["rxEntryType"],
      submitAndSkipImageClassification: isImageClassification(classification) ? classification : null,
      patient: group.patient,
      hasDoctor: group.doctorId !== null,
      isPrivateLabel: items.length > 0 && items.every((item) => item.isPrivateLabel),
      examVoucherToken: group.examVoucherToken,
      doctor: doctor?.id ? { ...doctor, clinicName: clinicName ?? "" } : null,
      parameters: new Map(items.map((item) => [item.id, item.parameters])),
    };
  });
  return { cart: cart ?? null, groups };
}
