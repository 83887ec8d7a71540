import { DateTime } from "luxon";
import type { PostalAddress } from "./address";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { formatCents } from "./catalog";
import type { OrderType } from "./line-item-group";
import { breakpointReached, orderTypeQualifies, productQualifies, type Promotion } from "./promotions";
import { REBATE_RULES } from "./rebates";

/**
 * The mail-in rebate form of a placed order (GET api/rebates/order/{orderNumber}, spec 3 "Catalog and rebates"): who
 * sends it, the order, what each rebate offer pays for which boxes, the postmark deadline and the spec's rules
 * ("Rebate rules (customer-facing)"). Pure: the service reads the order and the promotions, a PDF service draws it.
 */

/** The Boise calendar day by which a form for an order taken at `orderDate` must be postmarked. */
export function rebatePostmarkDeadline(orderDate: Date | DateTime): DateTime {
  const taken = (orderDate instanceof Date ? DateTime.fromJSDate(orderDate) : orderDate).setZone(BUSINESS_TIME_ZONE);
  // Spec 3: Jan 1 to Jun 30 → postmarked by Jul 28; Jul 1 to Dec 31 → by Jan 28 (of the next year).
  return taken.month <= 6
    ? DateTime.fromObject({ year: taken.year, month: 7, day: 28 }, { zone: BUSINESS_TIME_ZONE })
    : DateTime.fromObject({ year: taken.year + 1, month: 1, day: 28 }, { zone: BUSINESS_TIME_ZONE });
}

/** A placed line as the rebate offers see it. */
export interface RebateOrderLine {
  productId: number;
  productName: string;
  brandSlug: string;
  productType: "lens" | "solution";
  orderType: OrderType;
  quantity: number;
}

export interface RebateFormOffer {
  promotionId: number;
  /** The promotion's customer-facing description: "Acuvue mail-in rebate". */
  title: string;
  amountCents: number;
  /** "$50.00" */
  amount: string;
  /** The order's products the offer pays for, with the boxes of each (both eyes together). */
  products: Array<{ name: string; boxes: number }>;
}

/**
 * The mail-in rebate offers an order earns: each Rebate reward of a promotion running when the order was taken
 * (not one that needs a coupon), its product and order-type conditions met by the order's lines and a quantity
 * breakpoint reached, at the highest breakpoint's amount. One per offer (spec 3: one rebate per offer per order).
 */
export function rebateFormOffers(
  promotions: readonly Promotion[],
  lines: readonly RebateOrderLine[],
): RebateFormOffer[] {
  return [...promotions]
    .filter((promotion) => !promotion.requiresCoupon)
    .sort((a, b) => a.id - b.id)
    .flatMap((promotion) => {
      const targets = lines.filter(
        (line) =>
          productQualifies(promotion.conditions, line) && orderTypeQualifies(promotion.conditions, line.orderType),
      );
      const boxes = targets.reduce((sum, line) => sum + line.quantity, 0);
      return promotion.rewards.flatMap((reward): RebateFormOffer[] => {
        if (reward.type !== "Rebate") return [];
        const point = breakpointReached(reward.breakpoints, boxes);
        if (!point || point.amountCents <= 0) return [];
        const byName = new Map<string, number>();
        for (const line of targets) byName.set(line.productName, (byName.get(line.productName) ?? 0) + line.quantity);
        return [
          {
            promotionId: promotion.id,
            title: promotion.description,
            amountCents: point.amountCents,
            amount: formatCents(point.amountCents),
            products: [...byName].map(([name, count]) => ({ name, boxes: count })),
          },
        ];
      });
    });
}

export interface RebateFormInput {
  orderNumber: string;
  orderDate: Date | DateTime;
  /** The rebate total the order recorded when it was placed: no form without one. */
  rebateCents: number;
  /** The order's shipping address: the rebate's card goes to this person. */
  address: PostalAddress;
  offers: readonly RebateFormOffer[];
}

export interface RebateForm {
  orderNumber: string;
  /** "Nov 16, 2026" */
  orderDate: string;
  customerName: string;
  /** The address lines as an envelope has them. */
  addressLines: string[];
  offers: RebateFormOffer[];
  /** "Jul 28, 2026" */
  postmarkDeadline: string;
  /** The spec's rules in its words, then this order's deadline. */
  rules: string[];
}

const formatDay = (date: DateTime) => date.setZone(BUSINESS_TIME_ZONE).setLocale("en-US").toFormat("LLL d, yyyy");

/** The form for an order, or null when it earned no mail-in rebate (the download is then a 404). */
export function rebateForm(input: RebateFormInput): RebateForm | null {
  if (input.rebateCents <= 0 || input.offers.length === 0) return null;
  const taken = input.orderDate instanceof Date ? DateTime.fromJSDate(input.orderDate) : input.orderDate;
  const deadline = formatDay(rebatePostmarkDeadline(taken));
  const { address } = input;
  return {
    orderNumber: input.orderNumber,
    orderDate: formatDay(taken),
    customerName: `${address.firstName} ${address.lastName}`.trim(),
    addressLines: [
      address.address1,
      ...(address.address2 ? [address.address2] : []),
      `${address.city}, ${address.state} ${address.postalCode}`,
      ...(address.country && address.country !== "US" ? [address.country] : []),
    ],
    offers: [...input.offers],
    postmarkDeadline: deadline,
    rules: [...REBATE_RULES, `For this order, the form must be postmarked by ${deadline}.`],
  };
}

/** The words of the link the order pages show to the form. */
export const REBATE_FORM_LINK_TEXT = "Download the rebate form";

/**
 * Where an order's form downloads from, when the order recorded a mail-in rebate (the pages offer the link then);
 * null otherwise.
 */
export function rebateFormPath(order: { orderNumber: string; rebateTotal: number }): string | null {
  return order.rebateTotal > 0 ? `/api/rebates/order/${encodeURIComponent(order.orderNumber)}` : null;
}

/** The file name the download is saved under: rebate_{orderNumber}.pdf (spec 3). */
export const rebateFormFileName = (orderNumber: string) => `rebate_${orderNumber}.pdf`;
