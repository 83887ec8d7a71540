import type { RouterContextProvider } from "react-router";
import {
  BROWSER_EVENT_NAMES,
  isSessionId,
  REAL_TIME_IDENTITY_ACTIVITY,
  refusedEventNames,
  SESSION_ID_HEADER,
  tagsOf,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type CdpEvent,
  type EventTag,
} from "~/models/analytics-events";
import {
  CLIENT_LOG_ADDRESS_RATE_LIMIT,
  CLIENT_LOG_RATE_LIMIT,
  type ClientLog,
  type ClientLogLevel,
} from "~/models/client-log";
import { isSwitchOn } from "~/models/feature-switches";
import { FIRST_INPUT_DELAY_METRIC, isMobileUserAgent, type PagePerformance } from "~/models/page-performance";
import { tokenHash } from "../accounts/auth/tokens.server";
import { journeyOf } from "../funnel/funnel.server";
import { recordClientLog } from "../platform/client-log.server";
import { requestInfoContext, servicesContext, visitorContext } from "../platform/context.server";
import { redactText, redactUrl } from "../platform/logger.server";
import type { RateLimitRule } from "../platform/rate-limit.server";
import { enforceRateLimit } from "./auth.server";
import { bearerToken, jsonError } from "./json.server";

/**
 * The analytics calls of the JSON API (issue 28, decision 59): browser logs (spec 1 §7 POST api/log/{level}), the
 * customer-data-platform events and identity call (spec 3 §7), and the performance event (spec 1 §7). Who the events
 * are about comes from the request: the visitor id (kept from here on, so the browser's events stay together), the
 * signed-in customer, and a session id.
 */

/** Who an event is about, from the request. */
export interface EventSubject {
  visitorId: string | null;
  customerId: number | null;
  sessionId: string | null;
}

/**
 * The request's session id: the client's header (spec 3 "Request conventions"), else one made from the sign-in (a
 * hash of the session token, never the token), else none.
 */
function sessionIdOf(request: Request, context: Readonly<RouterContextProvider>): string | null {
  const header = request.headers.get(SESSION_ID_HEADER);
  if (isSessionId(header)) return header;
  const token = bearerToken(request) ?? context.get(visitorContext).session.get("authSessionId");
  return token ? tokenHash(`analytics-session:${token}`).slice(0, 32) : null;
}

/** Who is asking; a browser (not a bot) keeps its visitor id from now on, so its events can be put together. */
export function eventSubject(request: Request, context: Readonly<RouterContextProvider>): EventSubject {
  const visitor = context.get(visitorContext);
  visitor.keepVisitorId();
  return {
    visitorId: visitor.visitorId,
    customerId: visitor.customer?.id ?? null,
    sessionId: sessionIdOf(request, context),
  };
}

function eventOf(
  subject: EventSubject,
  eventType: AnalyticsEventName,
  detail: string | null,
  tags: EventTag[],
  data: Record<string, unknown> | null,
): AnalyticsEvent {
  return { eventId: crypto.randomUUID(), eventType, eventTime: new Date(), ...subject, detail, tags, data };
}

/**
 * POST api/customerDataPlatform/events: the browser's events, all stored or none. A name the browser may not send is
 * the spec's "unknown event" outcome: 422, nothing stored.
 */
export async function recordBrowserEvents(
  request: Request,
  context: Readonly<RouterContextProvider>,
  events: readonly CdpEvent[],
): Promise<number> {
  const refused = refusedEventNames(events);
  if (refused.length > 0) {
    throw jsonError(
      422,
      `Unknown event ${refused.map((name) => JSON.stringify(name.slice(0, 64))).join(", ")}; ` +
        `the events are: ${BROWSER_EVENT_NAMES.join(", ")}.`,
    );
  }
  const subject = eventSubject(request, context);
  const { analytics } = context.get(servicesContext);
  return analytics.record(
    events.map((event) =>
      eventOf(subject, event.eventName as AnalyticsEventName, event.eventDetail ?? null, tagsOf(event.metadata), null),
    ),
  );
}

/** POST api/analytics/performance: the page's Core Web Vitals as the performance event. */
export async function recordPagePerformance(
  request: Request,
  context: Readonly<RouterContextProvider>,
  vitals: PagePerformance,
): Promise<void> {
  const userAgent = (request.headers.get("User-Agent") ?? vitals.userAgent ?? "").slice(0, 512);
  const subject = eventSubject(request, context);
  const { analytics } = context.get(servicesContext);
  const route = redactUrl(vitals.route);
  await analytics.record([
    eventOf(subject, "PagePerformance", route, [{ name: "route", value: route }], {
      layoutShift: vitals.layoutShift ?? null,
      firstContentfulPaint: vitals.firstContentfulPaint ?? null,
      firstInputDelay: vitals.firstInputDelay ?? null,
      // web-vitals 5 has no first input delay: the field carries Interaction to Next Paint (decision 59).
      firstInputDelayMetric: FIRST_INPUT_DELAY_METRIC,
      largestContentfulPaint: vitals.largestContentfulPaint ?? null,
      isMobile: vitals.isMobile || isMobileUserAgent(userAgent),
      platform: vitals.platform,
      route,
      userAgent,
    }),
  ]);
}

/** The real-time identity toggle (spec 1 §7): on for everyone by configuration, or for this session by its switch. */
export function realTimeIdentityOn(context: Readonly<RouterContextProvider>): boolean {
  const { config } = context.get(servicesContext);
  if (config.realTimeIdentityData) return true;
  // A session's switch is read outside production only (decision 58), as every session switch is.
  if (config.isProduction) return false;
  return isSwitchOn(journeyOf(context.get(visitorContext).session).realTimeIdentityData, false);
}

/**
 * GET api/customerDataPlatform/realTimeIdentityData: who the store takes this browser to be, and its address; recorded
 * as the account-activity event "real-time identity resolved" (spec 1 §7).
 */
export async function resolveRealTimeIdentity(request: Request, context: Readonly<RouterContextProvider>) {
  const subject = eventSubject(request, context);
  const { clientIp } = context.get(requestInfoContext);
  const identityData = {
    visitorId: subject.visitorId!,
    customerId: subject.customerId,
    sessionId: subject.sessionId,
    signedIn: subject.customerId !== null,
    audience: subject.customerId === null ? ("visitor" as const) : ("customer" as const),
  };
  await context
    .get(servicesContext)
    .analytics.record([
      eventOf(
        subject,
        "AccountActivity",
        REAL_TIME_IDENTITY_ACTIVITY,
        [{ name: "type", value: REAL_TIME_IDENTITY_ACTIVITY }],
        null,
      ),
    ]);
  return { identityData, ipAddress: clientIp };
}

/**
 * POST api/log/{level}'s limits: per browser, by the visitor id its cookie holds (the call keeps one from the first
 * log on), falling back to its address while it has none (the browsers there without one share that allowance); and
 * every call per address, whatever id it sends, so a client changing its cookie on every call is still held. 429.
 */
export async function enforceClientLogLimits(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, sessions } = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const visitorId = sessions.visitorId(request.headers.get("Cookie"));
  context.get(visitorContext).keepVisitorId();
  const rules: RateLimitRule[] = [
    visitorId
      ? { bucket: `client-log:visitor:${visitorId}`, ...CLIENT_LOG_RATE_LIMIT }
      : { bucket: `client-log:no-visitor:${clientIp}`, ...CLIENT_LOG_RATE_LIMIT },
    { bucket: `client-log:ip:${clientIp}`, ...CLIENT_LOG_ADDRESS_RATE_LIMIT },
  ];
  await enforceRateLimit(db, rules);
}

/**
 * Writes a browser's log to the server log once (spec 1 §7): the first sighting, and a reminder a day later while it
 * keeps coming; other repeats are only counted. Query values and e-mail addresses are redacted, as in every log line.
 */
export async function writeClientLog(context: Readonly<RouterContextProvider>, level: ClientLogLevel, log: ClientLog) {
  const { db, logger } = context.get(servicesContext);
  const sighting = await recordClientLog(db, level, log);
  if (!sighting.log) return sighting;
  const frame = log.errorStackFrame;
  logger[level](
    {
      requestId: context.get(requestInfoContext).requestId,
      browser: {
        message: redactText(log.message),
        ...(frame?.errorUrl ? { errorUrl: redactUrl(frame.errorUrl) } : {}),
        ...(frame?.lineNumber !== undefined ? { lineNumber: frame.lineNumber } : {}),
        ...(frame?.columnNumber !== undefined ? { columnNumber: frame.columnNumber } : {}),
      },
      ...(sighting.count > 1 ? { seen: sighting.count } : {}),
    },
    "browser log",
  );
  return sighting;
}
