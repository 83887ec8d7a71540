import { delay, http, HttpResponse, type HttpHandler } from "msw";

/**
 * A Confluent-style REST proxy (API v2) for msw: `POST /topics/{topic}` with a JSON Schema value schema id and records
 * `[{ value }]`, answered as the proxy does — 200 `{ offsets: [{ partition, offset, error_code, error }], key_schema_id,
 * value_schema_id }`; 415 for another content type; 404 (`error_code` 40401) for an unknown topic; 422 (42205) for an
 * unknown schema id or a record missing a required field of the registered schema; 401 without the configured
 * credentials. `failNext(status)` answers the next post with that status; `stallNext()` never answers it (a time-out).
 */

export interface ClickstreamMockOptions {
  url: string;
  topic: string;
  valueSchemaId: number;
  apiKey?: string;
  apiSecret?: string;
}

/** The fields the registered schema requires of every record (spec 3 §3). */
const REQUIRED = ["EventId", "EventType", "EventTime", "SourceDomain", "CustomerId", "SessionId", "Tags", "Audience"];

export interface ClickstreamMock {
  handlers: HttpHandler[];
  /** Every record the topic took, in order. */
  records: Array<Record<string, unknown>>;
  /** Posts seen, with the status answered. */
  posts: number[];
  failNext(status: number): void;
  stallNext(): void;
}

export function createClickstreamMock(options: ClickstreamMockOptions): ClickstreamMock {
  const records: Array<Record<string, unknown>> = [];
  const posts: number[] = [];
  const failures: Array<number | "stall"> = [];
  const base = options.url.replace(/\/+$/, "");
  const error = (status: number, code: number, message: string) => {
    posts.push(status);
    return HttpResponse.json({ error_code: code, message }, { status });
  };

  const handler = http.post(`${base}/topics/:topic`, async ({ request, params }) => {
    const failure = failures.shift();
    if (failure === "stall") {
      await delay("infinite");
      return new HttpResponse(null, { status: 504 });
    }
    if (failure !== undefined) return error(failure, failure * 100, "The proxy is having trouble.");
    if (options.apiKey) {
      const expected = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString("base64")}`;
      if (request.headers.get("Authorization") !== expected) return error(401, 40101, "Unauthorized");
    }
    if (request.headers.get("Content-Type") !== "application/vnd.kafka.jsonschema.v2+json") {
      return error(415, 415, "HTTP 415 Unsupported Media Type");
    }
    if (params.topic !== options.topic) return error(404, 40401, "Topic not found.");
    const body = (await request.json()) as { value_schema_id?: number; records?: Array<{ value?: unknown }> };
    if (body.value_schema_id !== options.valueSchemaId) return error(422, 42205, "Schema not found.");
    const values = (body.records ?? []).map((record) => record.value as Record<string, unknown>);
    if (values.some((value) => !value || REQUIRED.some((field) => !(field in value)))) {
      return error(422, 42205, "Conversion of JSON to Object failed: required field missing.");
    }
    const first = records.length;
    records.push(...values);
    posts.push(200);
    return HttpResponse.json({
      key_schema_id: null,
      value_schema_id: options.valueSchemaId,
      offsets: values.map((_, index) => ({ partition: 0, offset: first + index, error_code: null, error: null })),
    });
  });

  return {
    handlers: [handler],
    records,
    posts,
    failNext: (status) => failures.push(status),
    stallNext: () => failures.push("stall"),
  };
}
