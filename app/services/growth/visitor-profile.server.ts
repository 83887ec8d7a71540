import { and, eq, isNotNull, notInArray, sql, type SQLWrapper } from "drizzle-orm";
import { parse as parseCookieHeader } from "cookie";
import {
  AFFILIATE_GROUP,
  changeVisitorGroups,
  hasAffiliateValue,
  isVisitorGroup,
  type VisitorGroup,
} from "~/models/customer-groups";
import { DELETED_CODE, TEST_CODE } from "~/models/order-status";
import {
  attributeVisit,
  readTrafficData,
  TRAFFIC_COOKIE,
  TRAFFIC_DATA_MAX_AGE_MS,
  type TrafficData,
} from "~/models/traffic";
import { VISITOR_HISTORY_COOKIE, readVisitorHistory, type VisitorHistory } from "~/models/visitor-history";
import type { Database } from "~/services/db/client.server";
import { orders } from "~/services/db/schema";
import type { StoreSession } from "~/services/platform/session.server";

/** Paid orders on record: deleted and test orders do not count. */
const onRecord = (customerId: SQLWrapper) =>
  and(
    eq(orders.customerId, customerId),
    notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]),
    eq(orders.paymentState, "paid"),
  );

/**
 * The facts the customer groups and experiments need beyond the last order's date, as subqueries of the visitor's
 * one lookup (the customer id a column there): no query of their own.
 */
export function customerFactSubqueries(db: Database) {
  return {
    hasShippedOrder: (customerId: SQLWrapper) =>
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(onRecord(customerId), isNotNull(orders.shippedAt))),
    hasInsuranceOrder: (customerId: SQLWrapper) =>
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(onRecord(customerId), isNotNull(orders.insuranceBenefit))),
  };
}

function cookiesOf(cookieHeader: string | null): Record<string, string | undefined> {
  if (!cookieHeader) return {};
  try {
    return parseCookieHeader(cookieHeader);
  } catch {
    return {};
  }
}

/** What attribution reads of a request (the page cache asks before any Request object exists). */
export interface VisitRequest {
  method: string;
  url: URL;
  referer: string | null;
}

/**
 * Where this visit came from (spec 3 §4 "Traffic channel"), from the URL, the referrer and what the browser kept;
 * with the cookie to send when it must be kept (1 day). JSON API calls and resource posts attribute nothing.
 */
export function visitTraffic(
  visit: VisitRequest,
  cookieHeader: string | null,
  secure: boolean,
  now = Date.now(),
): { traffic: TrafficData; cookie: string | null } {
  const { url } = visit;
  const stored = readTrafficData(cookiesOf(cookieHeader)[TRAFFIC_COOKIE]);
  const attributes = visit.method === "GET" && !/^\/(api|resources)\//.test(url.pathname);
  if (!attributes) {
    const fallback = {
      channel: "Direct" as const,
      referrer: null,
      campaign: null,
      expires: now + TRAFFIC_DATA_MAX_AGE_MS,
    };
    return { traffic: stored && stored.expires > now ? stored : fallback, cookie: null };
  }
  const { data, store } = attributeVisit({
    query: url.searchParams,
    referrerHost: referrerHost(visit.referer),
    ownHost: url.host,
    stored,
    now,
  });
  if (!store) return { traffic: data, cookie: null };
  const maxAge = Math.max(1, Math.round((data.expires - now) / 1000));
  const cookie = [
    `${TRAFFIC_COOKIE}=${encodeURIComponent(JSON.stringify(data))}`,
    `Max-Age=${maxAge}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
  return { traffic: data, cookie };
}

function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).host || null;
  } catch {
    return null;
  }
}

/** The visit's own groups as the session keeps them (anything else it holds is dropped). */
export function sessionVisitorGroups(session: StoreSession): VisitorGroup[] {
  const kept = session.get("visitorGroups");
  return Array.isArray(kept) ? kept.filter(isVisitorGroup) : [];
}

export function setSessionVisitorGroups(session: StoreSession, groups: readonly VisitorGroup[]): void {
  if (groups.length === 0) session.unset("visitorGroups");
  else session.set("visitorGroups", [...groups]);
}

/**
 * What a page's URL says about the visit (spec 1 §2.3, §4.4): any value starting with '8.' adds the affiliate group;
 * `rb` is the referral branding code. Kept in the session with the cart, so later pages (and the cart) carry them.
 */
export function noteVisitParameters(session: StoreSession, url: URL): boolean {
  let changed = false;
  if (hasAffiliateValue(url.searchParams)) {
    const groups = sessionVisitorGroups(session);
    if (!groups.includes(AFFILIATE_GROUP)) {
      setSessionVisitorGroups(session, changeVisitorGroups(groups, [AFFILIATE_GROUP]));
      changed = true;
    }
  }
  const branding = url.searchParams.get("rb")?.trim();
  if (branding && /^[A-Za-z0-9._-]{1,40}$/.test(branding) && session.get("referralBranding") !== branding) {
    session.set("referralBranding", branding);
    changed = true;
  }
  return changed;
}

/** What this browser remembers of its signed-in past (for the signed-out experiment conditions). */
export function visitorHistory(cookieHeader: string | null): VisitorHistory {
  return readVisitorHistory(cookiesOf(cookieHeader)[VISITOR_HISTORY_COOKIE]);
}
