import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Campaign } from "~/models/experiments/definitions";
import { facts } from "~/models/experiments/test-helpers";
import type { ContentSource } from "../adapters/content/content-source";
import { experimentEnvironment, visitorExperiments } from "./experiments.server";

function recordingLogger() {
  const lines: Array<{ code?: number; msg: string; level: number }> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const priceBooks: Campaign = {
  id: "price-books",
  description: "price books",
  status: "running",
  conditions: [],
  variations: [
    { id: "default", ratio: 1, actions: [{ type: "price_book", price_book: "none" }] },
    { id: "A", ratio: 1, actions: [{ type: "price_book", price_book: "high" }] },
  ],
  supports_excluded: false,
  options: { assignment: "random", algorithm: "fnv1a32", cache_preferences: "page" },
};

const contentWith = (getExperiments: () => Promise<Campaign[]>) => ({ getExperiments }) as unknown as ContentSource;

describe("visitorExperiments", () => {
  it("runs the content's campaigns for the visitor, with the URL's overrides outside production", async () => {
    const { logger } = recordingLogger();
    const services = { content: contentWith(async () => [priceBooks]), logger };
    const url = new URL("https://lenslane.test/?experiment=price-books:A");
    const result = await visitorExperiments(services, facts(), url);
    expect(result.variations).toEqual({ "price-books": "A" });
    expect(result.actions).toEqual([{ type: "price_book", price_book: "high" }]);
    expect(result.definitions.map((d) => d.id)).toEqual(["price-books"]);
  });

  it("refuses the URL's overrides in production, and says so at debug level only", async () => {
    const { logger, lines } = recordingLogger();
    const services = { content: contentWith(async () => [priceBooks]), logger };
    const plain = await visitorExperiments(services, facts({ environment: "PRODUCTION" }), new URL("https://x.test/"));
    const other = plain.variations["price-books"] === "A" ? "default" : "A";
    const url = new URL(`https://x.test/?experiment=price-books:${other}`);
    const result = await visitorExperiments(services, facts({ environment: "PRODUCTION" }), url);
    expect(result.variations).toEqual(plain.variations);
    expect(lines.find((line) => line.code === 10009)?.level).toBe(20);
  });

  it("answers no experiments when the content system fails (code 2, logged)", async () => {
    const { logger, lines } = recordingLogger();
    const services = {
      content: contentWith(async () => {
        throw new Error("cms down");
      }),
      logger,
    };
    const result = await visitorExperiments(services, facts(), new URL("https://x.test/"));
    expect(result.variations).toEqual({});
    expect(result.problems.map((problem) => problem.reportedCode)).toEqual([10002, 10012]);
    expect(lines.find((line) => line.code === 10002)?.level).toBe(40);
  });

  it("remembers the answer for the same facts while the content's copy holds, and works a new copy out afresh", async () => {
    const { logger } = recordingLogger();
    let copy = [priceBooks];
    const services = { content: contentWith(async () => copy), logger };
    const url = new URL("https://x.test/");
    const first = await visitorExperiments(services, facts({ visitorId: "returning-1" }), url);
    const again = await visitorExperiments(services, facts({ visitorId: "returning-1" }), url);
    expect(again.variations).toBe(first.variations);
    expect(Object.isFrozen(first.variations)).toBe(true);
    expect(Object.isFrozen(first.actions)).toBe(true);
    // Another visitor, or an override, is worked out on its own.
    const other = await visitorExperiments(services, facts({ visitorId: "returning-2" }), url);
    expect(other.variations).not.toBe(first.variations);
    const forced = new URL("https://x.test/?experiment=price-books:A");
    expect((await visitorExperiments(services, facts({ visitorId: "returning-1" }), forced)).variations).toEqual({
      "price-books": "A",
    });
    // The content changed (a new copy): the campaign is gone for everyone.
    copy = [{ ...priceBooks, id: "price-books-2" }];
    const changed = await visitorExperiments(services, facts({ visitorId: "returning-1" }), url);
    expect(Object.keys(changed.variations)).toEqual(["price-books-2"]);
    expect(changed.key).not.toBe(first.key);
  });

  it("maps APP_ENV to the engine's environments", () => {
    expect(experimentEnvironment("production")).toBe("PRODUCTION");
    expect(experimentEnvironment("staging")).toBe("STAGING");
    expect(experimentEnvironment("development")).toBe("DEVELOPMENT");
  });
});
