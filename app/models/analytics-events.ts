import { z } from "zod";

/**
 * Analytics events (spec 3 §3 "Analytics event"): the customer-data-platform event a browser sends
 * (`eventName`, `eventDetail`, `metadata` name/value pairs) and the clickstream record the store keeps and forwards
 * (EventId, EventType, EventTime, SourceDomain, CustomerId, SessionId, Tags, Audience). Pure: the API validates with
 * these schemas, the analytics adapter stores and forwards what they describe (decision 59).
 */

/**
 * The event names the store knows (spec 3 §8 "Event send outcomes": an unknown event is not sent). Personalization's
 * content-shown and interaction events (spec 3 §4 "Personalization"), the account-activity event (spec 1 §7: the
 * real-time identity data "sent as an account-activity event"), the performance event (spec 1 §7: Core Web
 * Vitals), and the order analytics event (spec 3 §3: per-product order fields).
 */
export const ANALYTICS_EVENT_NAMES = [
  "ContentShown",
  "ContentInteraction",
  "AccountActivity",
  "PagePerformance",
  "OrderPlaced",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/**
 * What a browser may send to POST api/customerDataPlatform/events. The others are recorded by the store itself
 * (an order, the identity call) or through their own call (the performance event), so a browser cannot forge them.
 */
export const BROWSER_EVENT_NAMES = [
  "ContentShown",
  "ContentInteraction",
] as const satisfies readonly AnalyticsEventName[];

/** Spec 1 §7: the identity call's event is an account-activity event "of type real-time identity resolved". */
export const REAL_TIME_IDENTITY_ACTIVITY = "real-time identity resolved";

/** Bounds of one POST api/customerDataPlatform/events (the store's own; the spec sets none). */
export const CDP_EVENT_LIMITS = {
  /** Events in one call: a page's slots report in one batch. */
  maxEvents: 25,
  maxNameLength: 64,
  maxDetailLength: 500,
  maxMetadata: 20,
  maxMetadataNameLength: 64,
  maxMetadataValueLength: 500,
} as const;

/** The spec's metadata pair. A number or true/false is kept as its text (Tags are strings). */
export const metadataPairSchema = z.object({
  name: z.string().min(1).max(CDP_EVENT_LIMITS.maxMetadataNameLength),
  value: z.union([z.string().max(CDP_EVENT_LIMITS.maxMetadataValueLength), z.number(), z.boolean()]),
});
export type MetadataPair = z.infer<typeof metadataPairSchema>;

/** One customer-data-platform event as the browser sends it. The name is checked against the known ones after. */
export const cdpEventSchema = z.object({
  eventName: z.string().min(1).max(CDP_EVENT_LIMITS.maxNameLength),
  eventDetail: z.string().max(CDP_EVENT_LIMITS.maxDetailLength).optional(),
  metadata: z.array(metadataPairSchema).max(CDP_EVENT_LIMITS.maxMetadata).optional(),
});
export type CdpEvent = z.infer<typeof cdpEventSchema>;

/** The body of POST api/customerDataPlatform/events: the spec's "list of events". */
export const cdpEventListSchema = z
  .array(cdpEventSchema)
  .min(1, { error: "Send at least one event." })
  .max(CDP_EVENT_LIMITS.maxEvents, { error: `Send at most ${CDP_EVENT_LIMITS.maxEvents} events at once.` });

/** The names in a list the browser may not send (unknown, or the store's own), each once, in order. */
export function refusedEventNames(events: readonly Pick<CdpEvent, "eventName">[]): string[] {
  const allowed = new Set<string>(BROWSER_EVENT_NAMES);
  return [...new Set(events.map((event) => event.eventName).filter((name) => !allowed.has(name)))];
}

/** Spec 3 §3 "Audience: a stored value 'false' means visitor, otherwise customer". */
export type Audience = "visitor" | "customer";
export const audienceOf = (customerId: number | null): Audience => (customerId === null ? "visitor" : "customer");

/** A tag of a clickstream record: the event's metadata, and what the store adds (the visitor id, the detail). */
export interface EventTag {
  name: string;
  value: string;
}

/** Metadata pairs as tags (values as text). */
export const tagsOf = (metadata: readonly MetadataPair[] = []): EventTag[] =>
  metadata.map(({ name, value }) => ({ name, value: String(value) }));

/**
 * An event as the store records it: the clickstream record's fields (spec 3 §3), plus the visitor id (not a
 * clickstream field: it travels as a tag) and `data`, the structured payload of the store's own events (an order's
 * products, a page's vitals), which travels as a JSON tag.
 */
export interface AnalyticsEvent {
  /** A UUID; the same event recorded twice (a replayed order confirmation) has the same id and is kept once. */
  eventId: string;
  eventType: AnalyticsEventName;
  eventTime: Date;
  customerId: number | null;
  sessionId: string | null;
  visitorId: string | null;
  detail: string | null;
  tags: EventTag[];
  data: Record<string, unknown> | null;
}

/** The clickstream record (spec 3 §3), as the REST proxy's value. */
export interface ClickstreamRecord {
  EventId: string;
  EventType: string;
  EventTime: string;
  SourceDomain: string;
  CustomerId: number | null;
  SessionId: string | null;
  Tags: EventTag[];
  Audience: Audience;
}

/** The record of a stored event: the visitor id, the detail and the data ride along as tags. */
export function clickstreamRecord(
  event: Omit<AnalyticsEvent, "eventType"> & { eventType: string },
  sourceDomain: string,
): ClickstreamRecord {
  const extra: EventTag[] = [];
  if (event.visitorId) extra.push({ name: "visitorId", value: event.visitorId });
  if (event.detail) extra.push({ name: "eventDetail", value: event.detail });
  if (event.data) extra.push({ name: "data", value: JSON.stringify(event.data) });
  return {
    EventId: event.eventId,
    EventType: event.eventType,
    EventTime: event.eventTime.toISOString(),
    SourceDomain: sourceDomain,
    CustomerId: event.customerId,
    SessionId: event.sessionId,
    Tags: [...event.tags, ...extra],
    Audience: audienceOf(event.customerId),
  };
}

/**
 * A session id as a client sends it (spec 3 "Request conventions": a session id header): 8 to 64 URL-safe
 * characters, else none.
 */
export const SESSION_ID_HEADER = "X-Session-Id";
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const isSessionId = (value: unknown): value is string => typeof value === "string" && SESSION_ID.test(value);
