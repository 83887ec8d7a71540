import { DateTime } from "luxon";
import { deliveryEstimateLabels, SHIPPING_METHODS, type ShippingLevel } from "./shipping";

/**
 * The estimated delivery date campaign (spec 3 §9: 'estimated delivery date has a control plus standard and upgraded
 * variants'; `content/experiments.json`, decision 66). What each variation shows on the cart and the product page:
 *
 * - control (`default`): as before — the cart's shipping choices each carry their date, the product page none;
 * - standard (`A`): the date the order arrives by with the shipping it is set to (standard unless the shopper chose
 *   another), in a line of its own on the cart and the product page;
 * - upgraded (`B`): the earlier date of the upgrade (Expedited) as an upsell, with what it costs more; on the cart a
 *   button switches the shipping to it. A cart already on a faster method is shown its own date, as in standard.
 *
 * The dates are the store's delivery estimate (models/shipping.ts, decision 13), the one each shipping choice shows
 * and the order records, so the page never shows two dates for one method.
 */
export const ESTIMATED_DELIVERY_DATE_CAMPAIGN = "estimated-delivery-date";

export type DeliveryDateVariant = "control" | "standard" | "upgraded";

/** The visitor's variation by its label in the content (A standard, B upgraded); anything else is the control. */
export function deliveryDateVariant(variation: string | undefined): DeliveryDateVariant {
  if (variation === "A") return "standard";
  if (variation === "B") return "upgraded";
  return "control";
}

/**
 * The upgrade offered: Expedited, the cheapest method faster than standard (spec 2's shipping days: 3 against
 * standard's 7; in the estimate, 3 business days against 5).
 */
export const UPGRADE_LEVEL: ShippingLevel = 1;
const STANDARD_LEVEL: ShippingLevel = 0;

/** A shipping choice as the cart prices it (after shipping promotions), or at list price on a product page. */
export interface DeliveryChoice {
  shippingLevel: number;
  label: string;
  amountCents: number;
  estimatedDelivery: string;
  selected: boolean;
}

export type DeliveryDateNotice =
  | { kind: "date"; date: string; methodLabel: string }
  | {
      kind: "upgrade";
      date: string;
      methodLabel: string;
      shippingLevel: number;
      /** What the upgrade costs on top of standard shipping (0: nothing more). */
      extraCents: number;
      standardDate: string;
      /** On the cart, a button switches the cart's shipping to the upgrade. */
      switchable: boolean;
    };

/** What a variation shows, from the page's shipping choices; null for the control (and without a standard choice). */
export function deliveryDateNotice(
  variant: DeliveryDateVariant,
  choices: readonly DeliveryChoice[],
  page: "cart" | "product",
): DeliveryDateNotice | null {
  if (variant === "control") return null;
  const standard = choices.find((choice) => choice.shippingLevel === STANDARD_LEVEL);
  if (!standard) return null;
  const selected = choices.find((choice) => choice.selected) ?? standard;
  const upgrade = choices.find((choice) => choice.shippingLevel === UPGRADE_LEVEL);
  if (
    variant === "upgraded" &&
    upgrade &&
    selected.shippingLevel === STANDARD_LEVEL &&
    upgrade.estimatedDelivery !== standard.estimatedDelivery
  ) {
    return {
      kind: "upgrade",
      date: upgrade.estimatedDelivery,
      methodLabel: upgrade.label,
      shippingLevel: upgrade.shippingLevel,
      extraCents: Math.max(0, upgrade.amountCents - standard.amountCents),
      standardDate: standard.estimatedDelivery,
      switchable: page === "cart",
    };
  }
  return { kind: "date", date: selected.estimatedDelivery, methodLabel: selected.label };
}

/** The shipping choices before there is a cart (a product page): list prices, standard chosen, dates for `now`. */
export function listedDeliveryChoices(now: Date): DeliveryChoice[] {
  const dates = deliveryEstimateLabels(DateTime.fromJSDate(now));
  return SHIPPING_METHODS.map((method) => ({
    shippingLevel: method.level,
    label: method.label,
    amountCents: method.priceCents,
    estimatedDelivery: dates.get(method.level) ?? "",
    selected: method.level === STANDARD_LEVEL,
  }));
}

/** The notice for a visitor's campaign variations (campaign id → variant) on a page with these shipping choices. */
export function deliveryNoticeFor(
  variations: Readonly<Record<string, string>>,
  choices: readonly DeliveryChoice[],
  page: "cart" | "product",
): DeliveryDateNotice | null {
  return deliveryDateNotice(deliveryDateVariant(variations[ESTIMATED_DELIVERY_DATE_CAMPAIGN]), choices, page);
}
