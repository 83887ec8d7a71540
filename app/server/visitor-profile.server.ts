import { isPriceBook, type PriceBook } from "~/models/catalog";
import { isbot } from "isbot";
import {
  AFFILIATE_CODE_PREFIX,
  allGroups,
  derivedGroups,
  type CustomerGroup,
  type VisitorGroup,
} from "~/models/customer-groups";
import { isMobileUserAgent } from "~/models/device";
import type { TrafficData } from "~/models/traffic";
import {
  mergeHistory,
  VISITOR_HISTORY_COOKIE,
  VISITOR_HISTORY_MAX_AGE_SECONDS,
  writeVisitorHistory,
  type VisitorHistory,
} from "~/models/visitor-history";
import { NO_CAMPAIGNS, visitorCampaigns, type VisitorCampaigns } from "~/services/growth/visitor-campaigns.server";
import {
  noteVisitParameters,
  sessionVisitorGroups,
  visitorHistory,
  visitTraffic,
} from "~/services/growth/visitor-profile.server";
import type { AppServices, VisitorCustomer } from "~/services/platform/context.server";
import type { StoreSession } from "~/services/platform/session.server";

/** Who the visitor is to campaigns, promotions and prices, for one request. */
export interface VisitorProfile {
  traffic: TrafficData;
  visitorGroups: VisitorGroup[];
  customerGroups: CustomerGroup[];
  history: VisitorHistory;
  referralBrandingCode: string | null;
  /** The session's price book (api/startup) wins over a campaign's. */
  priceBook: PriceBook;
  campaigns: VisitorCampaigns;
  /** The visit's parameters changed the session (an `8.` link, rb). */
  sessionChanged: boolean;
  /** Small cookies to send with the answer: the visit's attribution, the browser's memory. */
  cookies: string[];
}

export interface ProfileInput {
  request: Request;
  url: URL;
  session: StoreSession;
  cookieHeader: string | null;
  visitorId: string;
  isBot: boolean;
  /** An app signed in by bearer token keeps no cookies. */
  viaBearer: boolean;
  customer: VisitorCustomer | null;
  lastOrderAt: Date | null;
  customerFacts: { hasShippedOrder: boolean; hasInsuranceOrder: boolean };
}

/**
 * Spec 3 §3-4 and spec 1 §4.4, per request: where the visit came from, the visit's own groups (an `8.` link, rb),
 * the groups the store's records give, what the browser remembers of its signed-in past, and the campaigns those
 * facts place the visitor in (crawlers: none, so they read the store's default pages). No query of its own.
 */
export async function profileVisitor(
  services: Pick<AppServices, "content" | "logger" | "config" | "sessions">,
  input: ProfileInput,
): Promise<VisitorProfile> {
  const { request, url, session, cookieHeader, customer } = input;
  const { traffic, cookie: trafficCookie } = visitTraffic(
    { method: request.method, url, referer: request.headers.get("Referer") },
    cookieHeader,
    services.config.isProduction,
  );
  const sessionChanged = request.method === "GET" && noteVisitParameters(session, url);
  const visitorGroups = sessionVisitorGroups(session);
  const keptHistory = visitorHistory(cookieHeader);
  const history = customer
    ? mergeHistory(keptHistory, {
        previousSignIn: true,
        previousOrder: input.lastOrderAt !== null,
        previousShippedOrder: input.customerFacts.hasShippedOrder,
      })
    : keptHistory;
  const recordGroups = derivedGroups({
    known: customer !== null,
    lastOrderAt: input.lastOrderAt,
    hasInsuranceOrder: input.customerFacts.hasInsuranceOrder,
    cart: null,
    now: new Date(),
  });
  const referralBrandingCode = session.get("referralBranding") ?? null;
  const isPageRead =
    (request.method === "GET" || request.method === "HEAD") && !/^\/(api|resources)\//.test(url.pathname);
  const campaigns = input.isBot
    ? NO_CAMPAIGNS
    : await visitorCampaigns(
        services,
        {
          visitorId: input.visitorId,
          signedIn: customer !== null,
          isMobile: isMobileUserAgent(request.headers.get("User-Agent")),
          traffic,
          customerGroups: allGroups(recordGroups, visitorGroups),
          referralBrandingCode,
          history,
        },
        url,
        isPageRead,
      );
  const sessionBook = session.get("priceBook");

  const cookies: string[] = [];
  if (trafficCookie) cookies.push(trafficCookie);
  const historyValue = writeVisitorHistory(history);
  // A browser's memory: an API client signed in by its bearer token keeps no cookies.
  if (!input.viaBearer && historyValue !== writeVisitorHistory(keptHistory)) {
    cookies.push(services.sessions.smallCookie(VISITOR_HISTORY_COOKIE, historyValue, VISITOR_HISTORY_MAX_AGE_SECONDS));
  }
  return {
    traffic,
    visitorGroups,
    customerGroups: allGroups(recordGroups, [...visitorGroups, ...campaigns.groups]),
    history,
    referralBrandingCode,
    priceBook: isPriceBook(sessionBook) ? sessionBook : (campaigns.priceBook ?? "none"),
    campaigns,
    sessionChanged,
    cookies,
  };
}

/** Query parameters that change who the visitor is (attribution, groups, branding, a campaign override). */
const VISIT_PARAMETERS = /^(ac|channel|rb|experiment)$/;

/**
 * The page cache's key part for an anonymous request (no session, no personal cookie): the variations the root
 * middleware will give it, worked out from its cookies the same way. Null when the request would change the visit
 * (a campaign code, an `8.` value, branding, an override, a search engine's referrer): it must reach the app.
 * A browser without a visitor id shares pages only with other new browsers ("new"): if a campaign assigns it, its
 * page carries the new id's cookie and is not stored.
 */
export async function campaignCacheKey(
  services: Pick<AppServices, "content" | "logger" | "config" | "sessions">,
  input: { url: URL; cookieHeader: string | null; userAgent: string | null; referer: string | null },
): Promise<string | null> {
  const { url, cookieHeader } = input;
  for (const [name, value] of url.searchParams) {
    if (VISIT_PARAMETERS.test(name) || value.trim().startsWith(AFFILIATE_CODE_PREFIX)) return null;
  }
  const { traffic, cookie } = visitTraffic(
    { method: "GET", url, referer: input.referer },
    cookieHeader,
    services.config.isProduction,
  );
  if (cookie) return null;
  const visitorId = services.sessions.visitorId(cookieHeader);
  if (visitorId === null) return "new";
  if (isbot(input.userAgent ?? "")) return "bot";
  const campaigns = await visitorCampaigns(
    services,
    {
      visitorId,
      signedIn: false,
      isMobile: isMobileUserAgent(input.userAgent),
      traffic,
      customerGroups: derivedGroups({
        known: false,
        lastOrderAt: null,
        hasInsuranceOrder: false,
        cart: null,
        now: new Date(),
      }),
      referralBrandingCode: null,
      history: visitorHistory(cookieHeader),
    },
    url,
    true,
  );
  return campaigns.key;
}
