import { z } from "zod";

/** A navigation link as the content system delivers it (spec section 3). */
export const navigationLinkSchema = z.object({
  link_text: z.string().trim().min(1),
  link_url: z.string().trim().min(1),
  signed_in_signed_out: z.enum(["signed-in", "signed-out", "both"]).default("both"),
  // Orders come from editors: numbers, numeric strings, or nothing. Non-numeric ones sort last.
  signed_in_order: z.union([z.number(), z.string()]).optional(),
  signed_out_order: z.union([z.number(), z.string()]).optional(),
  subscription_status: z.enum(["either", "has-subscription", "does-not-have-subscription", ""]).default(""),
  slot_name: z.string().optional(),
  fallback_content: z.unknown().optional(),
  analytics_id: z.string().optional(),
  campaign_id: z.string().optional(),
  campaign_variations: z.array(z.object({ path_id: z.string() })).optional(),
  required_campaign: z.string().optional(),
  flyout_content: z.unknown().optional(),
});
export type NavigationLink = z.infer<typeof navigationLinkSchema>;

export const navigationMenuSchema = z.object({ links: z.array(navigationLinkSchema) });

export interface NavigationVisitor {
  signedIn: boolean;
  hasSubscriptions: boolean;
  /** The visitor's assigned path (variation) per campaign id. */
  campaignPaths?: Readonly<Record<string, string>>;
  /** Evaluates a required campaign (experiment); unknown campaigns evaluate false. */
  evaluateCampaign?: (campaignId: string) => boolean;
}

/** A link as the shell renders it. */
export interface MenuLink {
  text: string;
  url: string;
  analyticsId?: string;
}

/**
 * The spec's navigation-link rules (section 5): links with a slot name are excluded; links needing a campaign
 * with no variations are excluded (and otherwise need the visitor's path among them); sign-in state and
 * subscription status must match; links requiring an experiment stay only when it evaluates true; the rest are
 * sorted by the order for the visitor's sign-in state, missing or non-numeric orders last. When nothing is left,
 * or the rules fail, the fallback links are used.
 */
export function filterNavigationLinks(
  links: readonly NavigationLink[] | undefined,
  visitor: NavigationVisitor,
  fallback: readonly MenuLink[],
): MenuLink[] {
  try {
    const kept = (links ?? []).filter((link) => isLinkVisible(link, visitor));
    if (kept.length === 0) return [...fallback];
    const orderOf = (link: NavigationLink) => toOrder(visitor.signedIn ? link.signed_in_order : link.signed_out_order);
    return kept
      .map((link, index) => ({ link, index, order: orderOf(link) }))
      .sort((a, b) => a.order - b.order || a.index - b.index)
      .map(({ link }) => ({
        text: link.link_text,
        url: link.link_url,
        ...(link.analytics_id ? { analyticsId: link.analytics_id } : {}),
      }));
  } catch {
    return [...fallback];
  }
}

function isLinkVisible(link: NavigationLink, visitor: NavigationVisitor): boolean {
  if (link.slot_name && link.slot_name.trim() !== "") return false;
  if (link.campaign_id) {
    const variations = link.campaign_variations ?? [];
    if (variations.length === 0) return false;
    const path = visitor.campaignPaths?.[link.campaign_id];
    if (!path || !variations.some((variation) => variation.path_id === path)) return false;
  }
  if (link.signed_in_signed_out === "signed-in" && !visitor.signedIn) return false;
  if (link.signed_in_signed_out === "signed-out" && visitor.signedIn) return false;
  if (link.subscription_status === "has-subscription" && !visitor.hasSubscriptions) return false;
  if (link.subscription_status === "does-not-have-subscription" && visitor.hasSubscriptions) return false;
  if (link.required_campaign && !(visitor.evaluateCampaign?.(link.required_campaign) ?? false)) return false;
  return true;
}

function toOrder(value: number | string | undefined): number {
  if (value === undefined || (typeof value === "string" && value.trim() === "")) return Number.POSITIVE_INFINITY;
  const order = typeof value === "number" ? value : Number(value);
  return Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
}
