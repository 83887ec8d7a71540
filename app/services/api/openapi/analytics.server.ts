import { z } from "zod";
import { cdpEventListSchema } from "~/models/analytics-events";
import { CLIENT_LOG_LEVELS, clientLogSchema } from "~/models/client-log";
import { PAGE_PERFORMANCE_PATH, pagePerformanceSchema } from "~/models/page-performance";
import { errors, operation, type ApiOperation } from "./registry.server";

/**
 * Analytics and browser logs (issue 28, decision 59): POST api/log/{level} (spec 1 §7), the customer-data-platform
 * events and real-time identity calls (spec 3 §7, spec 1 §7), and the performance event (spec 1 §7; its path is the
 * store's). The routes parse with the same schemas.
 */

const tag = "Analytics";
const TOO_MANY = "Too many calls from this browser or address (Retry-After says when to try again).";

export const logLevelParams = z.object({ level: z.enum(CLIENT_LOG_LEVELS) });

export const realTimeIdentityResponseSchema = z.object({
  identityData: z.object({
    visitorId: z.string(),
    customerId: z.number().int().nullable(),
    sessionId: z.string().nullable(),
    signedIn: z.boolean(),
    audience: z.enum(["visitor", "customer"]),
  }),
  ipAddress: z.string(),
});

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/log/{level}",
    summary: "Log a message from the browser (identical messages are written once, then counted)",
    description: "The level is info, warn or error; any other level is no call (404).",
    tag,
    auth: "none",
    params: logLevelParams,
    body: clientLogSchema,
    responses: {
      204: { description: "Taken: written to the log, or counted as a repeat of one that was." },
      ...errors({
        400: "The body is not a log message.",
        404: "Not a log level.",
        413: "The body is over 8 KB.",
        429: TOO_MANY,
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/customerDataPlatform/events",
    summary: "Record the browser's customer-data-platform events (ContentShown, ContentInteraction)",
    description:
      "A list of 1 to 25 events, all stored or none. An event name the browser may not send is refused (422, the " +
      "spec's unknown-event outcome).",
    tag,
    auth: "optional",
    body: cdpEventListSchema,
    responses: {
      202: { description: "Stored; forwarded to the clickstream later when one is configured." },
      ...errors({
        400: "The body is not a list of events.",
        413: "The body is over 16 KB.",
        422: "An unknown event name: nothing was stored.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/customerDataPlatform/realTimeIdentityData",
    summary: "Who the store takes this browser to be, and its address (only while the toggle is on)",
    tag,
    auth: "optional",
    responses: {
      200: {
        description: "The identity, recorded as a 'real-time identity resolved' event.",
        schema: realTimeIdentityResponseSchema,
      },
      ...errors({ 404: "The real-time identity toggle is off." }),
    },
  }),
  operation({
    method: "POST",
    path: PAGE_PERFORMANCE_PATH,
    summary: "Record a page's Core Web Vitals (the performance event)",
    description:
      "firstInputDelay carries Interaction to Next Paint: web-vitals 5 no longer measures first input delay.",
    tag,
    auth: "optional",
    body: pagePerformanceSchema,
    responses: {
      202: { description: "Stored." },
      ...errors({ 400: "The body is not a performance event.", 413: "The body is over 4 KB." }),
    },
  }),
];
