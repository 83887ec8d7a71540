import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactText, redactUrl, serializeError } from "./logger.server";

describe("redactUrl", () => {
  it("redacts the store's secret query values: reset, snooze and auto-login links, coupon links, PINs", () => {
    expect(redactUrl("https://store.test/reset-password?code=abc123")).toBe(
      "https://store.test/reset-password?code=[redacted]",
    );
    expect(redactUrl("/auto-reorder/snooze?code=eyJzIjoxfQ.sig&days=14")).toBe(
      "/auto-reorder/snooze?code=[redacted]&days=14",
    );
    expect(redactUrl("/dashboard?token=xyz.sig")).toBe("/dashboard?token=[redacted]");
    expect(redactUrl("/cart?uecode=SAVE10")).toBe("/cart?uecode=[redacted]");
    expect(redactUrl("/api/authentication/pin?pin=042917")).toBe("/api/authentication/pin?pin=[redacted]");
    expect(redactUrl("/prescription-request?request=Zm9vYmFyYmF6cXV4MTIz")).toBe(
      "/prescription-request?request=[redacted]",
    );
  });

  it("redacts passwords, e-mail addresses (whatever the parameter) and the usual secret names", () => {
    expect(redactUrl("/x?password=hunter2&Email=a%40b.co&to=ann%40example.com&q=lenses")).toBe(
      "/x?password=[redacted]&Email=[redacted]&to=[redacted]&q=lenses",
    );
    expect(redactUrl("/x?who=ann@example.com")).toBe("/x?who=[redacted]");
    expect(redactUrl("/x?access_token=1&api_key=2&signature=3&session=4&otp=5")).toBe(
      "/x?access_token=[redacted]&api_key=[redacted]&signature=[redacted]&session=[redacted]&otp=[redacted]",
    );
    // Encoded parameter names are recognised too.
    expect(redactUrl("/x?%74oken=1")).toBe("/x?%74oken=[redacted]");
  });

  it("keeps the path and harmless parameters as they came, and accepts a URL object or a bare query", () => {
    expect(redactUrl("/lenses/toric-astigmatism?sort=price&page=2")).toBe(
      "/lenses/toric-astigmatism?sort=price&page=2",
    );
    expect(redactUrl("/lens/%00?flag&x=%ZZ")).toBe("/lens/%00?flag&x=%ZZ");
    expect(redactUrl(new URL("http://store.test/reset-password?code=a&b=c"))).toBe(
      "http://store.test/reset-password?code=[redacted]&b=c",
    );
    expect(redactUrl("?code=abc")).toBe("?code=[redacted]");
    expect(redactUrl("/plain")).toBe("/plain");
  });

  it("drops the fragment", () => {
    expect(redactUrl("/x?a=1#access_token=secret")).toBe("/x?a=1");
    expect(redactUrl("/x#token=secret")).toBe("/x");
  });
});

describe("redactText", () => {
  it("redacts query values inside free text, e-mail addresses and Postgres' quoted values", () => {
    expect(redactText('No route matches URL "/reset-password?code=abc123"')).toBe(
      'No route matches URL "/reset-password?code=[redacted]"',
    );
    expect(redactText("550 5.1.1 <ann.lee@example.com>: Recipient address rejected")).toBe(
      "550 5.1.1 <[email]>: Recipient address rejected",
    );
    expect(redactText('invalid input syntax for type integer: "Ann Lee"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(redactText('duplicate key value violates unique constraint "customers_email_idx"')).toBe(
      'duplicate key value violates unique constraint "customers_email_idx"',
    );
  });
});

/** What drizzle 0.45 throws for a failed query: the statement, its values, and the driver's error as the cause. */
function drizzleQueryError() {
  const cause = Object.assign(new Error('null value in column "address1" of relation "addresses"'), {
    severity: "ERROR",
    code: "23502",
    detail: "Failing row contains (7, Ann, Lee, null, Boise, 2085550123).",
    table: "addresses",
    column: "address1",
    schema: "public",
    // PGlite adds these to its errors.
    query: 'insert into "addresses" ("first_name", "phone") values ($1, $2)',
    params: ["Ann", "2085550123"],
    queryOptions: { rowMode: "object" },
  });
  class DrizzleQueryError extends Error {
    constructor(
      readonly query: string,
      readonly params: unknown[],
      cause: Error,
    ) {
      super(`Failed query: ${query}\nparams: ${params.join(",")}`);
      this.cause = cause;
    }
  }
  return new DrizzleQueryError(
    'insert into "addresses" ("first_name", "phone") values ($1, $2)',
    ["Ann", "2085550123"],
    cause,
  );
}

describe("serializeError", () => {
  it("keeps a failed query's statement and where it failed, never its parameters or the row", () => {
    const serialized = serializeError(drizzleQueryError()) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("Ann");
    expect(text).not.toContain("2085550123");
    expect(text).not.toContain("Failing row");
    expect(serialized).toMatchObject({
      type: "DrizzleQueryError",
      query: 'insert into "addresses" ("first_name", "phone") values ($1, $2)',
      db: { code: "23502", table: "addresses", column: "address1", severity: "ERROR", schema: "public" },
    });
    expect(serialized.message).toBe(
      'Failed query: insert into "addresses" ("first_name", "phone") values ($1, $2): ' +
        'null value in column "address1" of relation "addresses"',
    );
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query: insert into/);
    expect(serialized.stack).toContain("caused by: Error: null value");
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(serialized).not.toHaveProperty("params");
  });

  it("serializes ordinary errors the way pino does, with their own fields", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ECONNREFUSED", port: 2525 });
    expect(serializeError(error)).toMatchObject({
      type: "Error",
      message: "connect ECONNREFUSED 127.0.0.1:2525",
      code: "ECONNREFUSED",
      port: 2525,
    });
    expect(serializeError("not an error")).toBe("not an error");
    const looped = new Error("loop") as Error & { cause?: unknown };
    looped.cause = looped;
    expect((serializeError(looped) as { message: string }).message).toBe("loop");
  });
});

describe("createLogger", () => {
  it("writes no secret: URL fields, errors and the usual secret keys", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ level: "info", destination });
    log.info({ url: "/reset-password?code=live-code-1", referrer: "http://store.test/dashboard?token=tok-2" }, "x");
    log.info({ path: "/nowhere", query: "?uecode=SAVE10&email=ann%40example.com" }, "404 not found");
    log.error({ err: drizzleQueryError() }, "failed");
    log.info({ pin: "042917", customer: { token: "tok-3", password: "hunter2" } }, "y");
    log.info(
      { dateOfBirth: "1988-04-12", criteria: { dateOfBirth: "1977-07-07", subscriberLastFourSsn: "4821" } },
      "z",
    );
    const text = lines.join("");
    for (const secret of [
      "live-code-1",
      "tok-2",
      "SAVE10",
      "ann%40example.com",
      "2085550123",
      "042917",
      "tok-3",
      "hunter2",
      "1988-04-12",
      "1977-07-07",
      "4821",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"url":"/reset-password?code=[redacted]"');
    expect(text).toContain('"query":"?uecode=[redacted]&email=[redacted]"');
    expect(text).toContain("Failed query: insert into");
  });
});
