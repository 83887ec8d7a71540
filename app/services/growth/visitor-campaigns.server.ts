import { isPriceBook, type PriceBook } from "~/models/catalog";
import {
  isCampaignGroup,
  isVisitorGroup,
  type CampaignGroup,
  type CustomerGroup,
  type VisitorGroup,
} from "~/models/customer-groups";
import { EXAM_STANDARD_PRICE_CENTS } from "~/models/exam-price";
import { firstAction, redirectTarget } from "~/models/experiments/actions";
import type { ContentAction } from "~/models/experiments/definitions";
import type { ExperimentFacts, VariantName } from "~/models/experiments/engine";
import type { TrafficData } from "~/models/traffic";
import type { VisitorHistory } from "~/models/visitor-history";
import type { AppConfig } from "../platform/config.server";
import type { AppServices } from "../platform/context.server";
import { experimentEnvironment, visitorExperiments } from "./experiments.server";

/** What the campaigns make of one visitor for one request: nothing here is stored (decision 58). */
export interface VisitorCampaigns {
  /** Campaign id → the visitor's variation. */
  variations: Record<string, VariantName>;
  /** The actions of the visitor's variations, in the content's order (the first campaign wins: `firstAction`). */
  actions: readonly ContentAction[];
  /** The page cache's key part: visitors with the same variations share cached pages. */
  key: string;
  /** A variation's price book (the price-book test), or null. */
  priceBook: PriceBook | null;
  /** Groups the variations add (the rebate pricing test groups, the paid-search discount's path). */
  groups: Array<VisitorGroup | CampaignGroup>;
  /** Where a redirect action sends this request (the home split test), or null. */
  redirectTo: string | null;
  /** Whether an assignment hangs on the visitor id (then the browser must keep it). */
  assigned: boolean;
}

export const NO_CAMPAIGNS: VisitorCampaigns = {
  variations: {},
  actions: [],
  key: "",
  priceBook: null,
  groups: [],
  redirectTo: null,
  assigned: false,
};

export interface CampaignVisitor {
  visitorId: string;
  signedIn: boolean;
  isMobile: boolean;
  traffic: TrafficData;
  customerGroups: readonly CustomerGroup[];
  referralBrandingCode: string | null;
  history: VisitorHistory;
}

export function experimentFacts(config: Pick<AppConfig, "appEnv">, visitor: CampaignVisitor): ExperimentFacts {
  return {
    visitorId: visitor.visitorId,
    environment: experimentEnvironment(config.appEnv),
    signedIn: visitor.signedIn,
    isMobile: visitor.isMobile,
    trafficChannel: visitor.traffic.channel,
    affiliateCode: visitor.traffic.campaign,
    customerGroups: visitor.customerGroups,
    referralBrandingCode: visitor.referralBrandingCode,
    hasPreviousOrder: visitor.history.previousOrder,
    hasPreviousShippedOrder: visitor.history.previousShippedOrder,
    hasPreviousSignIn: visitor.history.previousSignIn,
    // The store's standard exam price (decision 64): known without a query or a call to the provider on each request.
    examPriceCents: EXAM_STANDARD_PRICE_CENTS,
  };
}

/**
 * The visitor's campaigns and what their actions mean for this request: a price book, customer groups, a redirect
 * (only for a page read, and never onto the page itself). The content's definitions are a per-process copy and the
 * engine is a hash: no query.
 */
export async function visitorCampaigns(
  services: Pick<AppServices, "content" | "logger" | "config">,
  visitor: CampaignVisitor,
  url: URL,
  isPageRead: boolean,
): Promise<VisitorCampaigns> {
  const result = await visitorExperiments(services, experimentFacts(services.config, visitor), url);
  const book = firstAction(result.actions, "price_book")?.price_book;
  const redirect = isPageRead ? firstAction(result.actions, "redirect") : null;
  const groups = result.actions.flatMap((action) =>
    action.type === "customer_group" && (isVisitorGroup(action.group) || isCampaignGroup(action.group))
      ? [action.group]
      : [],
  );
  return {
    variations: result.variations,
    actions: result.actions,
    key: result.key,
    priceBook: book && isPriceBook(book) ? book : null,
    groups,
    redirectTo: redirect ? redirectTarget(redirect, url) : null,
    assigned: Object.values(result.variations).some((variant) => variant !== "excluded"),
  };
}
