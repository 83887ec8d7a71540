import { formatCents } from "./catalog";
import type { RewardRule } from "./promotions";

/**
 * Placeholders in content-system text (spec 3 §8 "CMS content codes"): `#{savings}` and `#{productPrice}` are
 * filled per visitor; anything else, or a value that cannot be found, is logged once per page with its code and
 * replaced by empty text, so a content mistake shows as a gap, never as `#{...}` or a broken page.
 */

export const CMS_CONTENT_CODES = {
  unrecognisedVariable: 3,
  savings: 4,
  missingProductId: 5,
  productPrice: 6,
  outdatedGlassesLink: 11,
} as const;
export type CmsContentCode = (typeof CMS_CONTENT_CODES)[keyof typeof CMS_CONTENT_CODES];

export const PLACEHOLDER_NAMES = ["savings", "productPrice"] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** A placeholder's value for this visitor, or why there is none (code 4, 5 or 6). */
export type PlaceholderValue = { text: string } | { code: CmsContentCode; reason: string };

export interface ContentIssue {
  code: CmsContentCode;
  contentId: string;
  /** The placeholder or link concerned. */
  subject: string;
  reason: string;
}

const PLACEHOLDER = /#\{([^{}]*)\}/g;

/** The placeholder names a text uses, each once. */
export function placeholdersIn(...texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!.trim());
  return [...names];
}

export function isPlaceholderName(name: string): name is PlaceholderName {
  return (PLACEHOLDER_NAMES as readonly string[]).includes(name);
}

/** Fills a text's placeholders from the values found; each gap becomes empty text and an issue. */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<PlaceholderName, PlaceholderValue>>,
  contentId: string,
): { text: string; issues: ContentIssue[] } {
  const issues: ContentIssue[] = [];
  const filled = text.replace(PLACEHOLDER, (_whole, raw: string) => {
    const name = raw.trim();
    const value = isPlaceholderName(name) ? values[name] : undefined;
    if (value && "text" in value) return value.text;
    issues.push(
      value
        ? { code: value.code, contentId, subject: name, reason: value.reason }
        : {
            code: CMS_CONTENT_CODES.unrecognisedVariable,
            contentId,
            subject: name,
            reason: "unrecognised dynamic variable",
          },
    );
    return "";
  });
  // A gap can leave doubled spaces or a space before punctuation ("save  on", "price ."): tidy them.
  return {
    text: filled
      .replace(/ {2,}/g, " ")
      .replace(/ ([.,!?;:])/g, "$1")
      .trim(),
    issues,
  };
}

/** Each issue once per page: the same gap in two slots, or twice in one text, is one log line. */
export function uniqueIssues(issues: readonly ContentIssue[]): ContentIssue[] {
  const seen = new Map<string, ContentIssue>();
  for (const issue of issues) {
    const key = `${issue.code}:${issue.contentId}:${issue.subject}`;
    if (!seen.has(key)) seen.set(key, issue);
  }
  return [...seen.values()];
}

const money = (cents: number) => formatCents(cents).replace(/\.00$/, "");

/**
 * What a promotion's reward saves, in the words a sentence can hold ("20%", "$10", "$100" back at the highest
 * quantity, "FREE" shipping — spec 9's free shipping label). Null for a reward that saves nothing.
 */
export function savingsOfReward(reward: RewardRule): string | null {
  switch (reward.type) {
    case "PercentOff":
      return `${reward.percent}%`;
    case "DollarOff":
      return money(reward.amountCents);
    case "Rebate":
    case "InstantRebate": {
      const best = Math.max(...reward.breakpoints.map((point) => point.amountCents));
      return best > 0 ? money(best) : null;
    }
    case "Shipping":
      return reward.amountCents === null ? "FREE" : reward.amountCents > 0 ? money(reward.amountCents) : null;
  }
}

/** A product's price as content shows it ("$24.99"). */
export function productPriceText(unitPriceCents: number): string {
  return formatCents(unitPriceCents);
}

/** A product's savings from its rebate offers: the most it can earn. */
export function savingsOfOffers(offers: ReadonlyArray<{ amountSaved: number }>): string | null {
  const best = Math.max(0, ...offers.map((offer) => offer.amountSaved));
  return best > 0 ? money(best) : null;
}

/**
 * Spec 2.2: `/glasses/shop/...` is the outdated form of the glasses shop link (code 11). Content still using it gets
 * the current `/start/glasses/...` form, and the issue is logged so the content gets fixed.
 */
export function currentGlassesLink(href: string): string | null {
  const match = /^\/glasses\/shop(\/.*)?$/.exec(href);
  if (!match) return null;
  return `/start/glasses${match[1] ?? "/"}`;
}
