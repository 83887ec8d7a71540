import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, paymentProvidersReady } from "./config.server";

const dataDir = path.join(os.tmpdir(), "lenslane-config-test");
const secret = "s".repeat(40);
const PG = "postgres://postgres@127.0.0.1:5432/lenslane";

describe("parseConfig", () => {
  it("offers PayPal and pay in 4 in production only with their credentials (or PAYMENT_SIMULATOR=true)", () => {
    const production = { APP_ENV: "production", SESSION_SECRET: secret, DATABASE_URL: PG, DATA_DIR: dataDir };
    expect(paymentProvidersReady(parseConfig(production))).toEqual({ paypal: false, payIn4: false });
    expect(
      paymentProvidersReady(parseConfig({ ...production, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" })),
    ).toEqual({ paypal: true, payIn4: false });
    expect(
      paymentProvidersReady(parseConfig({ ...production, AFTERPAY_MERCHANT_ID: "m", AFTERPAY_SECRET_KEY: "k" })),
    ).toEqual({ paypal: false, payIn4: true });
    expect(paymentProvidersReady(parseConfig({ ...production, PAYMENT_SIMULATOR: "true" }))).toEqual({
      paypal: true,
      payIn4: true,
    });
    expect(paymentProvidersReady(parseConfig({ DATA_DIR: dataDir }))).toEqual({ paypal: true, payIn4: true });
  });

  it("forwards analytics to a clickstream proxy only with its URL and value schema id (decision 59)", () => {
    expect(parseConfig({ DATA_DIR: dataDir })).toMatchObject({ clickstream: null, realTimeIdentityData: false });
    const proxy = { DATA_DIR: dataDir, CLICKSTREAM_PROXY_URL: "https://proxy.example.com" };
    expect(() => parseConfig(proxy)).toThrow(/CLICKSTREAM_VALUE_SCHEMA_ID: is required when CLICKSTREAM_PROXY_URL/);
    expect(parseConfig({ ...proxy, CLICKSTREAM_VALUE_SCHEMA_ID: "12", REAL_TIME_IDENTITY_DATA: "true" })).toMatchObject(
      {
        clickstream: { url: "https://proxy.example.com", topic: "clickstream", valueSchemaId: 12 },
        realTimeIdentityData: true,
      },
    );
    expect(() => parseConfig({ ...proxy, CLICKSTREAM_VALUE_SCHEMA_ID: "12", CLICKSTREAM_TOPIC: "a b" })).toThrow(
      /CLICKSTREAM_TOPIC/,
    );
  });

  it("has working defaults for a fresh machine", () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, appEnv: "development", isProduction: false, databaseUrl: undefined });
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(32);
    // The generated development secret is kept, so sessions survive a restart.
    expect(parseConfig({ DATA_DIR: dataDir }).sessionSecrets).toEqual(config.sessionSecrets);
    expect(config.seedDemoData).toBe(true);
  });

  it("requires SESSION_SECRET in production, with a readable message", () => {
    expect(() => parseConfig({ APP_ENV: "production", DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => parseConfig({ APP_ENV: "production", DATA_DIR: dataDir })).toThrow(
      /SESSION_SECRET: is required when APP_ENV=production/,
    );
    expect(() => parseConfig({ APP_ENV: "production", SESSION_SECRET: "short", DATA_DIR: dataDir })).toThrow(
      /at least 32 characters/,
    );
  });

  it("splits comma-separated secrets for rotation, newest first", () => {
    const config = parseConfig({
      APP_ENV: "production",
      SESSION_SECRET: `${secret}1, ${secret}2`,
      DATABASE_URL: PG,
      DATA_DIR: dataDir,
    });
    expect(config.sessionSecrets).toEqual([`${secret}1`, `${secret}2`]);
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoData).toBe(false);
  });

  it("refuses the embedded database in production, and more than one process on it", () => {
    expect(() => parseConfig({ APP_ENV: "production", SESSION_SECRET: secret, DATA_DIR: dataDir })).toThrow(
      /DATABASE_URL: is required when APP_ENV=production/,
    );
    expect(() => parseConfig({ WEB_CONCURRENCY: "2", DATA_DIR: dataDir })).toThrow(
      /WEB_CONCURRENCY: must be 1 on the embedded database/,
    );
    expect(() => parseConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: PG, DATA_DIR: dataDir })).toThrow(/WEB_CONCURRENCY/);
  });

  it("runs one process per core on Postgres in production, else one; WEB_CONCURRENCY overrides", () => {
    const production = { APP_ENV: "production", SESSION_SECRET: secret, DATABASE_URL: PG, DATA_DIR: dataDir };
    expect(parseConfig(production).webConcurrency).toBe(os.availableParallelism());
    expect(parseConfig({ ...production, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(parseConfig({ DATABASE_URL: PG, DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(parseConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(parseConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: "2", DATA_DIR: dataDir }).webConcurrency).toBe(2);
  });

  it("sizes the Postgres pool and its statement timeout", () => {
    expect(parseConfig({ DATA_DIR: dataDir })).toMatchObject({
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 15_000,
    });
    expect(
      parseConfig({ DATABASE_POOL_SIZE: "4", DATABASE_STATEMENT_TIMEOUT_MS: "0", DATA_DIR: dataDir }),
    ).toMatchObject({ databasePoolSize: 4, databaseStatementTimeoutMs: 0 });
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "0", DATA_DIR: dataDir })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("rejects invalid values", () => {
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: dataDir })).toThrow(/PORT/);
    expect(() => parseConfig({ APP_ENV: "qa", DATA_DIR: dataDir })).toThrow(/APP_ENV/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir })).toThrow(/DATABASE_URL/);
  });

  it("trusts no proxy's X-Forwarded-For unless TRUST_PROXY gives a hop count", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).trustProxy).toBe(0);
    expect(
      parseConfig({ APP_ENV: "production", SESSION_SECRET: secret, DATABASE_URL: PG, DATA_DIR: dataDir }).trustProxy,
    ).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "1", DATA_DIR: dataDir }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2", DATA_DIR: dataDir }).trustProxy).toBe(2);
    for (const bad of ["true", "-1", "1.5", "loopback", "11"]) {
      expect(() => parseConfig({ TRUST_PROXY: bad, DATA_DIR: dataDir }), bad).toThrow(/TRUST_PROXY: must be/);
    }
  });

  it("takes a Postgres URL and the site origin", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://u@127.0.0.1:5432/shop",
      SITE_URL: "https://www.example.com/",
      DATA_DIR: dataDir,
    });
    expect(config.databaseUrl).toBe("postgres://u@127.0.0.1:5432/shop");
    expect(config.siteUrl).toBe("https://www.example.com");
  });
});
