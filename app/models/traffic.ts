import { z } from "zod";

/** Spec 3 §3 "Traffic and audience": the channels a visit is attributed to. */
export const TRAFFIC_CHANNELS = [
  "Affiliate",
  "Audio",
  "ContactsToGlasses",
  "Ctv",
  "Display",
  "Email",
  "PaidSocial",
  "Push",
  "Text",
  "Video",
  "ShoppingBrand",
  "ShoppingNonBrand",
  "SearchBrand",
  "SearchNonBrand",
  "Miscellaneous",
  "Seo",
  "Direct",
] as const;
export type TrafficChannel = (typeof TRAFFIC_CHANNELS)[number];

/** Spec 3 §9: traffic data expires after 1 day. */
export const TRAFFIC_DATA_MAX_AGE_MS = 86_400_000;
export const TRAFFIC_COOKIE = "traffic";
/** The override parameter (the spec names none): `?channel=Email` wins over everything else. */
export const TRAFFIC_CHANNEL_OVERRIDE_PARAM = "channel";
/** The campaign code parameter (spec 1 §2.3: ac). */
export const CAMPAIGN_CODE_PARAM = "ac";

/** Spec 3 §4 "Traffic channel": the `ac` prefixes, in the spec's order. `{product}.` is the sister glasses site. */
const PREFIXES: ReadonlyArray<readonly [RegExp, TrafficChannel]> = [
  [/^8\./, "Affiliate"],
  [/^34\./, "Audio"],
  [/^glasses\./i, "ContactsToGlasses"],
  [/^35\./, "Ctv"],
  [/^31\./, "Display"],
  [/^(7|14)\./, "Email"],
  [/^32\./, "PaidSocial"],
  [/^10\./, "Push"],
  [/^11\./, "Text"],
  [/^(33|YT)\./i, "Video"],
];

/**
 * `PS.` codes are paid search or shopping, brand or non-brand "by patterns" the spec does not show. Ours: a code
 * naming `shop` (PS.shopping.brand.123, PS.SHOP-NB-9) is shopping, otherwise search; one naming `nonbrand`, `non-brand`
 * or a `NB` part is non-brand, otherwise brand.
 */
function paidSearchChannel(code: string): TrafficChannel {
  const shopping = /shop/i.test(code);
  const nonBrand = /non-?brand|(^|[._-])nb([._-]|$)/i.test(code);
  if (shopping) return nonBrand ? "ShoppingNonBrand" : "ShoppingBrand";
  return nonBrand ? "SearchNonBrand" : "SearchBrand";
}

/** The channel of a campaign code; any other code is Miscellaneous. */
export function channelOfCampaignCode(code: string): TrafficChannel {
  const trimmed = code.trim();
  if (/^PS\./i.test(trimmed)) return paidSearchChannel(trimmed);
  for (const [pattern, channel] of PREFIXES) if (pattern.test(trimmed)) return channel;
  return "Miscellaneous";
}

const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|startpage|qwant)\.[a-z.]+$/i;
const BRAVE_SEARCH = /^search\.brave\.com$/i;

export function isSearchEngineHost(host: string): boolean {
  return SEARCH_ENGINES.test(host) || BRAVE_SEARCH.test(host);
}

export const trafficDataSchema = z.object({
  channel: z.enum(TRAFFIC_CHANNELS),
  referrer: z.string().max(200).nullable(),
  campaign: z.string().max(100).nullable(),
  /** Epoch ms. */
  expires: z.number().int(),
});
export type TrafficData = z.infer<typeof trafficDataSchema>;

export interface TrafficVisit {
  /** The request's query. */
  query: URLSearchParams;
  /** The Referer header's host, or null; the store's own host counts as no new referrer. */
  referrerHost: string | null;
  ownHost: string;
  /** What the browser kept (already checked), or null. */
  stored: TrafficData | null;
  now: number;
}

/**
 * Spec 3 §4 "Traffic channel": an override parameter wins; otherwise `ac` is mapped by prefix; otherwise a
 * search-engine referrer gives Seo and no referrer Direct. Stored data is kept while unexpired, but a Direct visit
 * followed by a search-engine referrer becomes Seo. Answers the visit's data and whether it must be (re)stored:
 * Direct with nothing stored is never stored (no cookie means Direct), so a plain visit sets no cookie.
 */
export function attributeVisit(visit: TrafficVisit): { data: TrafficData; store: boolean } {
  const { query, now } = visit;
  const stored = visit.stored && visit.stored.expires > now ? visit.stored : null;
  const externalReferrer = visit.referrerHost && visit.referrerHost !== visit.ownHost ? visit.referrerHost : null;
  const fresh = (channel: TrafficChannel, campaign: string | null) => ({
    data: { channel, referrer: externalReferrer, campaign, expires: now + TRAFFIC_DATA_MAX_AGE_MS },
    store: true,
  });

  const override = query.get(TRAFFIC_CHANNEL_OVERRIDE_PARAM);
  const overridden = TRAFFIC_CHANNELS.find((channel) => channel.toLowerCase() === override?.trim().toLowerCase());
  const campaign = query.get(CAMPAIGN_CODE_PARAM)?.trim().slice(0, 100) || null;
  if (overridden) return fresh(overridden, campaign);
  if (campaign) return fresh(channelOfCampaignCode(campaign), campaign);

  const fromSearch = externalReferrer !== null && isSearchEngineHost(externalReferrer);
  if (stored) {
    if (stored.channel === "Direct" && fromSearch) return fresh("Seo", null);
    return { data: stored, store: false };
  }
  if (fromSearch) return fresh("Seo", null);
  if (externalReferrer) return fresh("Miscellaneous", null);
  return {
    data: { channel: "Direct", referrer: null, campaign: null, expires: now + TRAFFIC_DATA_MAX_AGE_MS },
    store: false,
  };
}

/** The stored value, or null when it is not ours or cannot be read. */
export function readTrafficData(raw: string | undefined): TrafficData | null {
  if (!raw) return null;
  try {
    const parsed = trafficDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
