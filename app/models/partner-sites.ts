import { z } from "zod";
import { safeReturnPathSchema } from "./return-path";

/**
 * Partner sites (spec 3 §4 content action `partner_site`; decision 67): the co-branding a visitor gets on a campaign
 * path whose variation names a partner site. The content system names each site (`content/partner-sites.json`): the
 * partner's name, which the shell shows in a ribbon under the header of standard pages, and the partner landing the
 * ribbon links to. The campaign's variation decides the site, so the page cache, keyed on the visitor's variations,
 * never serves one visitor's co-branding to another.
 */

export const partnerSiteSchema = z.object({
  /** What a campaign's `partner_site` action names. */
  site: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "lower-case letters, digits and dashes"),
  /** The partner's name as the ribbon says it: 'Welcome, readers of {name}.' */
  name: z.string().trim().min(1).max(60),
  /** The partner landing: a page of this store. */
  landing: safeReturnPathSchema,
});
export type PartnerSite = z.infer<typeof partnerSiteSchema>;

export const partnerSitesContentSchema = z.object({
  sites: z
    .array(partnerSiteSchema)
    .max(200)
    .refine((sites) => new Set(sites.map((site) => site.site)).size === sites.length, "each site is named once"),
});

export const PARTNER_WORDS = {
  welcome: (name: string) => `Welcome, readers of ${name}.`,
  landingLink: "See your partner savings",
} as const;

/**
 * The co-branding for a visitor's `partner_site` action: the content's site of that name. A site the content does
 * not name falls back to no co-branding, and is reported (`unknownSite`) so the caller can log it.
 */
export function choosePartnerSite(
  action: { site: string } | null,
  sites: readonly PartnerSite[],
): { site: PartnerSite | null; unknownSite: string | null } {
  if (!action) return { site: null, unknownSite: null };
  const site = sites.find((candidate) => candidate.site === action.site) ?? null;
  return { site, unknownSite: site ? null : action.site };
}

/** What the shell's partner ribbon shows (worded on the server: the shell's JavaScript ships no zod). */
export interface PartnerRibbonView {
  site: string;
  welcome: string;
  landing: string;
  linkLabel: string;
}

export function partnerRibbonView(site: PartnerSite): PartnerRibbonView {
  return {
    site: site.site,
    welcome: PARTNER_WORDS.welcome(site.name),
    landing: site.landing,
    linkLabel: PARTNER_WORDS.landingLink,
  };
}
