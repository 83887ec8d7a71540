import { firstAction } from "./experiments/actions";
import type { ContentAction, ExperimentDefinition } from "./experiments/definitions";
import type { VariantName } from "./experiments/names";
import { EXAM_FALLBACK_PRICE } from "./exams";

/**
 * The online exam's price for one visitor (decision 64): the exam price experiment's `override_exam_price` (spec 3 §3,
 * §9) when the visitor's variation carries one, else the provider's price. Pure: the override, its campaign, the
 * check that what is charged is what was shown.
 */

/**
 * The store's standard exam price (spec: "Exam price shown $20"), what its menus and content advertise: the fact the
 * campaigns' `exam_price` condition compares. Not the provider's live answer (a call on every request) nor a
 * campaign's override (which the assignment itself produces).
 */
export const EXAM_STANDARD_PRICE_CENTS = EXAM_FALLBACK_PRICE * 100;

/** The least a card can be charged (the card networks' minimum): a lower override is not a price the store can take. */
export const EXAM_MIN_PRICE_CENTS = 50;

export interface ExamPriceQuote {
  priceCents: number;
  /** The price before any discount (spec "Exam price": price, originalPrice). */
  originalPriceCents: number;
  /** Whether a campaign's override set the price (else it is the provider's). */
  overridden: boolean;
  /** The campaign variation whose override set the price (`exam-price:A`), when it can be told; null otherwise. */
  campaign: string | null;
}

export type ExamPriceOverride = { cents: number } | { refused: number } | null;

/** The visitor's price override (the first campaign in the content wins); a price no card can be charged is refused. */
export function examPriceOverride(actions: readonly ContentAction[]): ExamPriceOverride {
  const action = firstAction(actions, "override_exam_price");
  if (!action) return null;
  return action.cents >= EXAM_MIN_PRICE_CENTS ? { cents: action.cents } : { refused: action.cents };
}

/** The price a campaign's override sets: the price and the original price alike (a price test shows its price, never
 * a "was" price it made up). */
export function overrideQuote(override: { cents: number; campaign: string | null }): ExamPriceQuote {
  return {
    priceCents: override.cents,
    originalPriceCents: override.cents,
    overridden: true,
    campaign: override.campaign,
  };
}

/** The provider's price (spec GET api/examInfo/price answers dollars), in cents. */
export function standardQuote(price: { price: number; originalPrice: number }): ExamPriceQuote {
  return {
    priceCents: Math.round(price.price * 100),
    originalPriceCents: Math.round(price.originalPrice * 100),
    overridden: false,
    campaign: null,
  };
}

/**
 * Which campaign variation an action came from (`<campaign>:<variant>`): the first campaign in the content whose
 * variation for this visitor carries an action that `matches`. Null when none does (the content changed meanwhile).
 */
export function campaignOfAction(
  definitions: readonly ExperimentDefinition[],
  variations: Readonly<Record<string, VariantName>>,
  matches: (action: ContentAction) => boolean,
): string | null {
  for (const definition of definitions) {
    const variant = variations[definition.id];
    const variation = definition.variations.find((candidate) => candidate.id === variant);
    if (variation?.actions.some(matches)) return `${definition.id}:${variant}`;
  }
  return null;
}

/**
 * Whether the pay form may charge `priceCents`: only when it is the price the page showed. A page shown before the
 * visitor's variation (or the provider's price) changed is refused, never charged a price the shopper did not see.
 */
export function priceAsShown(priceCents: number, shownPriceCents: number | null | undefined): boolean {
  return shownPriceCents === priceCents;
}

export const EXAM_PRICE_MESSAGES = {
  changed: (amount: string) => `The exam's price is now ${amount}. Please review it and pay again.`,
} as const;
