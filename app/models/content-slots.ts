import { z } from "zod";
import type { PriceBook } from "./catalog";
import { CUSTOMER_GROUPS, groupsQualify, type CustomerGroup, type Promotion } from "./promotions";

/**
 * Content slots (spec 3 §3 "Content slots, experiments, personalization", §4 "Personalization"): a place on a page
 * whose content the content system lets vary per visitor. A slot's config lists content choices, each aimed at
 * customer groups, running promotions and experiment variations; the server picks one per visitor, so the page
 * renders the right content without JavaScript. Pure: no I/O.
 */

/** The slots pages render, each at a fixed place in its page's layout. */
export const SLOT_IDS = ["home-offer", "cart-banner"] as const;
export type SlotId = (typeof SLOT_IDS)[number];

/** Spec 5 "default context dlp": the content-decision context when a caller names no experience. */
export const DEFAULT_CONTENT_CONTEXT = "dlp";

/**
 * The slots of each experience (a page, or the dynamic landing page context), in page order. Where a slot sits is
 * the page's layout, so it lives in code; what it shows lives in the content system.
 */
export const EXPERIENCE_SLOTS: Readonly<Record<string, readonly SlotId[]>> = {
  home: ["home-offer"],
  cart: ["cart-banner"],
  [DEFAULT_CONTENT_CONTEXT]: ["home-offer"],
};

export function slotsOfExperience(experience: string): readonly SlotId[] {
  return Object.hasOwn(EXPERIENCE_SLOTS, experience) ? EXPERIENCE_SLOTS[experience]! : [];
}

/** Spec 9: the slot must be ready within 3000 ms; the content-decision service's timeout is the same. */
export const SLOT_READY_TIMEOUT_MS = 3000;
export const CONTENT_DECISION_TIMEOUT_MS = 3000;

/** A content piece's id: it names a file in the content system, so only plain lower-case words. */
export const contentIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}$/, "a content id is lower-case words");

/** Spec 3 §3: one content choice of a slot. */
export const slotContentConfigSchema = z.object({
  content_id: contentIdSchema,
  is_default: z.boolean().default(false),
  customer_groups: z.array(z.enum(CUSTOMER_GROUPS)).default([]),
  promotion_ids: z.array(z.number().int().positive()).default([]),
  /** A customer-group match outranks content chosen by a running promotion. */
  customer_group_override: z.boolean().default(false),
  /** An experiment variation's own content; a blank content id falls back to the default content. */
  variations: z
    .array(
      z.object({
        variation_id: z.string().trim().min(1).max(40),
        content_id: z.union([contentIdSchema, z.literal("")]),
      }),
    )
    .default([]),
});
export type SlotContentConfig = z.infer<typeof slotContentConfigSchema>;

/** `content/slots/<slot>.json`. */
export const slotConfigSchema = z.object({
  /** The experiment (campaign) whose variant picks among a choice's variations. */
  campaign_id: z.string().trim().min(1).max(80).optional(),
  configs: z
    .array(slotContentConfigSchema)
    .min(1)
    .refine((configs) => configs.filter((config) => config.is_default).length <= 1, "at most one default content"),
});
export type SlotConfig = z.infer<typeof slotConfigSchema>;

const placeholderText = (max: number) => z.string().trim().max(max);

/** `content/slots/pieces/<content id>.json`: what a slot shows. Text may hold `#{savings}` and `#{productPrice}`. */
export const slotContentSchema = z.object({
  heading: placeholderText(120),
  text: placeholderText(400).default(""),
  cta: z.object({ label: z.string().trim().min(1).max(60), href: z.string().regex(/^\/[^\s]*$/) }).optional(),
  /** Where `#{savings}` comes from: this promotion's reward... */
  promotion_id: z.number().int().positive().optional(),
  /** ...or else this product's best rebate; `#{productPrice}` is its price in the visitor's price book. */
  product_id: z.number().int().positive().optional(),
});
export type SlotContent = z.infer<typeof slotContentSchema>;

/** What the choice of a slot's content knows about the visitor. */
export interface SlotAudience {
  customerGroups: readonly string[];
  /** Promotions running now that this visitor can earn (their shopper conditions hold). */
  activePromotionIds: readonly number[];
  /** The visitor's experiment variations: variant by campaign id. */
  variations: Readonly<Record<string, string>>;
}

export interface SlotChoice {
  /** The content to show; null: no decision, use the built-in default. */
  contentId: string | null;
  isDefault: boolean;
  variationId: string | null;
}

/**
 * Picks a slot's content for a visitor. A choice matches when every condition it names holds (one of its customer
 * groups is the visitor's; one of its promotions is running for the visitor); a choice naming none matches anyone.
 * Of the matches, a customer-group override comes first, then promotion content, then group content, then the
 * rest; the config's order breaks ties. The visitor's variant of the slot's campaign swaps in that variation's
 * content. No match, or a blank content id, is a blank decision: the default choice's content.
 */
export function chooseSlotContent(config: SlotConfig | null, audience: SlotAudience): SlotChoice {
  const blank: SlotChoice = { contentId: null, isDefault: true, variationId: null };
  if (!config) return blank;
  const fallback = config.configs.find((choice) => choice.is_default);
  const fallbackChoice: SlotChoice = fallback
    ? { contentId: fallback.content_id, isDefault: true, variationId: null }
    : blank;
  const ranked = config.configs
    .map((choice, index) => ({ choice, index, rank: matchRank(choice, audience) }))
    .filter((entry): entry is { choice: SlotContentConfig; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const best = ranked[0]?.choice;
  if (!best) return fallbackChoice;
  const variant = config.campaign_id ? audience.variations[config.campaign_id] : undefined;
  const variation = variant ? best.variations.find((candidate) => candidate.variation_id === variant) : undefined;
  const contentId = variation ? variation.content_id : best.content_id;
  if (contentId.trim() === "") return fallbackChoice;
  return { contentId, isDefault: best.is_default, variationId: variation?.variation_id ?? null };
}

/** 0 override, 1 promotion, 2 customer group, 3 unconditioned, 4 the default itself; null: no match. */
function matchRank(choice: SlotContentConfig, audience: SlotAudience): number | null {
  const groupsNamed = choice.customer_groups.length > 0;
  const promotionsNamed = choice.promotion_ids.length > 0;
  const groupMatch = choice.customer_groups.some((group) => audience.customerGroups.includes(group));
  const promotionMatch = choice.promotion_ids.some((id) => audience.activePromotionIds.includes(id));
  if ((groupsNamed && !groupMatch) || (promotionsNamed && !promotionMatch)) return null;
  if (choice.customer_group_override && groupMatch) return 0;
  if (promotionMatch) return 1;
  if (groupMatch) return 2;
  return choice.is_default ? 4 : 3;
}

/** The running promotions a visitor can earn: a promotion aimed at other groups or price books is not theirs. */
export function promotionsForVisitor<P extends Pick<Promotion, "conditions">>(
  running: readonly P[],
  visitor: { customerGroups: readonly string[]; priceBook: PriceBook },
): P[] {
  return running.filter(
    ({ conditions }) =>
      groupsQualify(conditions, visitor.customerGroups) &&
      (!conditions.priceBooks || conditions.priceBooks.includes(visitor.priceBook)),
  );
}

/** Spec 3: the codes NI and RI stand for NewCustomer and ReturningCustomer. */
const GROUP_CODES: Readonly<Record<string, CustomerGroup>> = { NI: "NewCustomer", RI: "ReturningCustomer" };

/**
 * The customer groups a slot decision uses. What the store knows (new or returning, from the orders on record) wins
 * over what a client says about that; other groups a client declares (AbandonedCart, Lead, ...) are kept when the
 * spec knows them. A signed-out client that says it has ordered before is a returning customer.
 */
export function slotCustomerGroups(
  known: readonly CustomerGroup[],
  declared: {
    signedIn: boolean;
    customerGroups?: readonly string[];
    hasPreviousOrder?: boolean;
  },
): CustomerGroup[] {
  const fromClient = (declared.customerGroups ?? [])
    .map((group) => GROUP_CODES[group] ?? group)
    .filter((group): group is CustomerGroup => (CUSTOMER_GROUPS as readonly string[]).includes(group))
    .filter((group) => group !== "NewCustomer" && group !== "ReturningCustomer");
  const returning = known.includes("ReturningCustomer") || (!declared.signedIn && declared.hasPreviousOrder === true);
  const base: CustomerGroup[] = [returning ? "ReturningCustomer" : "NewCustomer"];
  const others = known.filter((group) => group !== "NewCustomer" && group !== "ReturningCustomer");
  return [...new Set([...base, ...others, ...fromClient])];
}

/** A slot as a page renders it: the chosen content with its placeholders filled. */
export interface SlotView {
  slot: SlotId;
  experience: string;
  contentId: string;
  isDefault: boolean;
  variationId: string | null;
  heading: string;
  text: string;
  cta: { label: string; href: string } | null;
}
