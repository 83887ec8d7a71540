import { firstAction } from "~/models/experiments/actions";
import { choosePartnerSite, type PartnerSite } from "~/models/partner-sites";
import type { AppServices, Visitor } from "../platform/context.server";

/**
 * The partner site a visitor's campaigns ask for (spec 3 §4 content action `partner_site`; decision 67): the first
 * `partner_site` action of the visitor's variations, as the content system names it. Only the variation decides it,
 * so the page cache (keyed on the variations) keeps one partner's pages apart from everyone else's. A site the
 * content does not name gives no co-branding and is logged — once per site name in a process, not on every page of
 * every visitor of the campaign. Needs no query: the content is a per-process copy.
 */

const reported = new Set<string>();

export async function partnerSiteFor(
  services: Pick<AppServices, "content" | "logger">,
  visitor: Pick<Visitor, "campaignActions">,
): Promise<PartnerSite | null> {
  const action = firstAction(visitor.campaignActions, "partner_site");
  if (!action) return null;
  let sites: PartnerSite[];
  try {
    sites = await services.content.getPartnerSites();
  } catch {
    // The file source never throws (it answers none); a hosted CMS client might: the page goes on without co-branding.
    services.logger.warn({ partnerSite: action.site }, "partner sites not answered by the content system");
    return null;
  }
  const { site, unknownSite } = choosePartnerSite(action, sites);
  if (unknownSite !== null && !reported.has(unknownSite)) {
    reported.add(unknownSite);
    services.logger.warn({ partnerSite: unknownSite }, "partner site not in the content: no co-branding");
  }
  return site;
}
