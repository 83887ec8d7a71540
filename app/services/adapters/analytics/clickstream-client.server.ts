import type { ClickstreamRecord } from "~/models/analytics-events";

/**
 * A clickstream REST proxy's client (spec 3 §7: "Clickstream event post to a REST proxy: schema id plus records";
 * §9: "Clickstream post timeout 3 s"). The proxy is Confluent's REST Proxy API v2: `POST /topics/{topic}` with the
 * records' value schema id (registered in a schema registry, JSON Schema) and the records, each `{ value }`; it answers
 * 200 with one offset per record (`error_code` set on a record it could not write), or an error status with
 * `{ error_code, message }`. Each send is one HTTP request, bounded by the timeout.
 */

/** Spec 3 §9. */
export const CLICKSTREAM_TIMEOUT_MS = 3_000;
export const CLICKSTREAM_CONTENT_TYPE = "application/vnd.kafka.jsonschema.v2+json";

export interface ClickstreamOptions {
  /** The proxy's base URL, e.g. https://rest-proxy.example.com. */
  url: string;
  topic: string;
  valueSchemaId: number;
  /** HTTP basic credentials (Confluent Cloud's API key and secret), when the proxy asks for them. */
  apiKey?: string;
  apiSecret?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The spec's event send outcomes (spec 3 §8) that a send can have: sent, or not — a time-out, the proxy's answer
 * (an error status, or a record it refused), or an error reaching it.
 */
export type ClickstreamOutcome =
  | { ok: true; offsets: number }
  | { ok: false; outcome: "time-out" | "proxy-response" | "proxy-error"; message: string };

export interface ClickstreamClient {
  send(records: readonly ClickstreamRecord[]): Promise<ClickstreamOutcome>;
}

interface ProxyAnswer {
  offsets?: Array<{ offset?: number; error_code?: number | null; error?: string | null }>;
  error_code?: number;
  message?: string;
}

export function createClickstreamClient(options: ClickstreamOptions): ClickstreamClient {
  // Looked up on each call, so a fetch replaced after start-up (msw in tests) is the one used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const endpoint = `${options.url.replace(/\/+$/, "")}/topics/${encodeURIComponent(options.topic)}`;
  const timeoutMs = options.timeoutMs ?? CLICKSTREAM_TIMEOUT_MS;
  const auth =
    options.apiKey && options.apiSecret
      ? `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString("base64")}`
      : null;

  return {
    async send(records) {
      if (records.length === 0) return { ok: true, offsets: 0 };
      let response: Response;
      let answer: ProxyAnswer | null = null;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: {
            "Content-Type": CLICKSTREAM_CONTENT_TYPE,
            Accept: "application/vnd.kafka.v2+json, application/json",
            ...(auth ? { Authorization: auth } : {}),
          },
          body: JSON.stringify({
            value_schema_id: options.valueSchemaId,
            records: records.map((value) => ({ value })),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        try {
          answer = text ? (JSON.parse(text) as ProxyAnswer) : null;
        } catch {
          answer = null;
        }
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        if (name === "TimeoutError" || name === "AbortError") {
          return { ok: false, outcome: "time-out", message: `no answer within ${timeoutMs} ms` };
        }
        return { ok: false, outcome: "proxy-error", message: error instanceof Error ? error.message : String(error) };
      }
      if (!response.ok) {
        const detail = answer?.message ? `: ${answer.message}` : "";
        return { ok: false, outcome: "proxy-response", message: `HTTP ${response.status}${detail}`.slice(0, 500) };
      }
      const offsets = answer?.offsets ?? [];
      const refused = offsets.filter((offset) => offset.error_code !== null && offset.error_code !== undefined);
      if (offsets.length !== records.length || refused.length > 0) {
        const first = refused[0]?.error ?? `${offsets.length} offsets for ${records.length} records`;
        return {
          ok: false,
          outcome: "proxy-response",
          message: `${refused.length} of ${records.length} records refused: ${first}`.slice(0, 500),
        };
      }
      return { ok: true, offsets: offsets.length };
    },
  };
}
