import { z } from "zod";
import { CARD_MESSAGES } from "./card";
import { isShippingLevel, type ShippingLevel } from "./shipping";

/**
 * The rapid reorder (spec 1 §2.1 /rapid-reorder, issue 17): the last order's lenses and quantities, the shipping
 * address, the shipping method and the saved card on one page, placed like checkout. The page's state (what the
 * totals were worked out for) lives in the URL; its one form is checked by the schema below, on the client and the
 * server alike.
 */

export const RAPID_REORDER_PATH = "/rapid-reorder";

export const RAPID_REORDER_MESSAGES = {
  noOrder: "You haven't placed an order with us yet, so there is nothing to reorder.",
  chooseQuantity: "Choose a quantity from the list.",
  nothingChosen: "Choose at least one box to order.",
  chooseAddress: "Choose one of your saved addresses.",
  noAddress: "Add a shipping address to your account to reorder in one step.",
  chooseShipping: "Choose a shipping method.",
  noCard: "You have no saved card that can pay for this order. Add one at checkout to reorder in one step.",
  totalsChanged: "Your choices changed, so we updated your totals. Check them, then place your order.",
  unavailable: (names: readonly string[]) =>
    `${listWords(names)} from your last order ${names.length === 1 ? "is" : "are"} no longer available.`,
  outOfStock: (names: readonly string[]) =>
    `${listWords(names)} from your last order ${names.length === 1 ? "is" : "are"} out of stock right now.`,
  prescriptionExpired: (patient: string) =>
    `The prescription for ${patient} has expired, so we can't send lenses on it. Take an online exam or upload a current prescription.`,
  prescriptionMissing: (patient: string) =>
    `We don't have a usable prescription for ${patient}. Take an online exam or upload a current prescription.`,
} as const;

function listWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What the totals were worked out for: a quantity per line (in the page's line order), address, shipping, card. */
export interface RapidReorderChoice {
  quantities: number[];
  addressId: number;
  shippingLevel: ShippingLevel;
  paymentMethodId: number;
}

const idField = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, {
    error: message,
  });

/**
 * The rapid reorder form for a page whose lines offer these quantities (0 leaves a line out). `intent` is
 * 'update-totals' or 'place-order'; placing also needs the idempotency key made when the page was rendered.
 */
export function rapidReorderSchema(lineOptions: ReadonlyArray<readonly number[]>) {
  return z
    .object({
      intent: z.enum(["update-totals", "place-order"]),
      quantities: z
        .array(
          z.coerce
            .number({ error: RAPID_REORDER_MESSAGES.chooseQuantity })
            .int({ error: RAPID_REORDER_MESSAGES.chooseQuantity }),
          { error: RAPID_REORDER_MESSAGES.chooseQuantity },
        )
        .length(lineOptions.length, { error: RAPID_REORDER_MESSAGES.chooseQuantity }),
      addressId: idField(RAPID_REORDER_MESSAGES.chooseAddress),
      shippingLevel: z.coerce
        .number({ error: RAPID_REORDER_MESSAGES.chooseShipping })
        .refine(isShippingLevel, { error: RAPID_REORDER_MESSAGES.chooseShipping }),
      paymentMethodId: idField(CARD_MESSAGES.chooseCard),
      idempotencyKey: z.uuid({ error: "This page has expired. Please review your order and try again." }).optional(),
    })
    .superRefine((value, context) => {
      value.quantities.forEach((quantity, index) => {
        if (!(lineOptions[index] ?? []).includes(quantity)) {
          context.addIssue({
            code: "custom",
            path: ["quantities", index],
            message: RAPID_REORDER_MESSAGES.chooseQuantity,
          });
        }
      });
      if (value.quantities.length > 0 && value.quantities.every((quantity) => quantity === 0)) {
        context.addIssue({ code: "custom", path: [], message: RAPID_REORDER_MESSAGES.nothingChosen });
      }
      if (value.intent === "place-order" && !value.idempotencyKey) {
        context.addIssue({
          code: "custom",
          path: [],
          message: "This page has expired. Please review your order and try again.",
        });
      }
    });
}

/**
 * The quantities a posted form carried, one per line of the page's form (`quantities[0]`, `quantities[1]`, ...): one
 * that is missing or not a single value (a body no browser sends) reads as none chosen, so the form shows every line.
 */
export function sentQuantities(sent: unknown, lineCount: number): string[] {
  const list: unknown[] = Array.isArray(sent) ? sent : [];
  return Array.from({ length: lineCount }, (_, index) => {
    const value = list[index];
    return typeof value === "string" ? value : "";
  });
}

/** A line's quantity choices: 0 (leave it out), then the product's options with the last quantity among them. */
export function lineChoices(productOptions: readonly number[], lastQuantity: number): number[] {
  const options = productOptions.includes(lastQuantity) ? productOptions : [...productOptions, lastQuantity];
  return [0, ...[...options].sort((a, b) => a - b)];
}

/**
 * The page's state in its URL: `q` the quantities in line order, `address`, `shipping` and `card`. The totals
 * shown were worked out for exactly this state.
 */
export function choiceSearch(choice: RapidReorderChoice): string {
  const params = new URLSearchParams({
    q: choice.quantities.join("."),
    address: String(choice.addressId),
    shipping: String(choice.shippingLevel),
    card: String(choice.paymentMethodId),
  });
  return `?${params.toString()}`;
}

/**
 * What of a choice changes the totals (the card does not), and the insurance benefit the reorder takes (decision 65:
 * what is left of it, which another order can change between showing the totals and placing).
 */
export function pricedPart(
  choice: RapidReorderChoice,
  benefit?: { benefitId: string; insuranceBenefitAmount: number } | null,
): string {
  const insurance = benefit ? `|insurance:${benefit.benefitId}:${benefit.insuranceBenefitAmount}` : "";
  return `${choice.quantities.join(".")}|${choice.addressId}|${choice.shippingLevel}${insurance}`;
}

/**
 * The state a URL asks for, over the defaults: a part that is missing or malformed (a hand-edited URL) keeps its
 * default. Whether the address, card and quantities are allowed is checked by the caller.
 */
export function choiceFromSearch(params: URLSearchParams, defaults: RapidReorderChoice): RapidReorderChoice {
  const id = (name: string) => {
    const raw = params.get(name) ?? "";
    return /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;
  };
  const rawQuantities = params.get("q");
  const quantities =
    rawQuantities && /^[0-9]{1,2}(\.[0-9]{1,2})*$/.test(rawQuantities)
      ? rawQuantities.split(".").map(Number)
      : defaults.quantities;
  const shipping = Number(params.get("shipping") ?? "");
  return {
    quantities: quantities.length === defaults.quantities.length ? quantities : defaults.quantities,
    addressId: id("address") ?? defaults.addressId,
    shippingLevel: params.get("shipping") !== null && isShippingLevel(shipping) ? shipping : defaults.shippingLevel,
    paymentMethodId: id("card") ?? defaults.paymentMethodId,
  };
}
