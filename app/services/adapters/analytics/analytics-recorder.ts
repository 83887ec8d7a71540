import type { AnalyticsEvent } from "~/models/analytics-events";
import type { Executor } from "~/services/db/client.server";

/**
 * Analytics (spec 3 §3 "Analytics event", §7 the clickstream post; decision 59). Every event is appended to the
 * `analytics_events` table, in the caller's transaction when it passes one (an order and its OrderPlaced event commit
 * together), like the e-mail outbox. Without a clickstream proxy the table is the store of record (`npm run
 * events:export` reads it); with CLICKSTREAM_PROXY_URL the rows are also forwarded to the proxy off the request path,
 * kicked after the write and retried by the analytics job.
 */

export interface RecordOptions {
  /**
   * Write in this transaction (or with this handle). A caller that passes a transaction calls `forwardSoon()` after
   * its commit; without one, `record` does that itself.
   */
  db?: Executor;
}

/** What one forwarding run did (nothing without a proxy). */
export interface ForwardSummary {
  forwarded: number;
  /** Not taken this time (a time-out, the proxy's refusal or an error), to be tried again later. */
  retrying: number;
  /** Given up on (MAX_FORWARD_ATTEMPTS). */
  failed: number;
}

export interface AnalyticsRecorder {
  /** Whether forwarding to a clickstream proxy is configured. */
  readonly forwarding: boolean;
  /**
   * Appends the events: fast, no network. An event whose id is already stored is kept once. Returns how many were
   * new. Throws when the write fails (so a transaction rolls back).
   */
  record(events: readonly AnalyticsEvent[], options?: RecordOptions): Promise<number>;
  /** Forwards the due events now (the job's step); a no-op without a proxy. Safe on N processes at once. */
  forward(now?: Date): Promise<ForwardSummary>;
  /** Starts a forwarding run in the background (after a commit); never throws, never blocks. */
  forwardSoon(): void;
  /** Resolves once no background run is going (shutdown waits for it before closing the database). */
  idle(): Promise<void>;
}

/**
 * An event id made from a key (a UUID of the key's SHA-256, version 8 by RFC 9562): the store's own events that must
 * be recorded once (an order's OrderPlaced) get the same id however often they are recorded.
 */
export async function eventIdForKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
