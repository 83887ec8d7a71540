import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
let base: string;
let close: () => void;
let renders = 0;
let clock = 0;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(8).toString("hex");
    next();
  });
  app.use(
    pageCache({
      ttlMs: 10_000,
      maxEntries: 2,
      personalCookies: ["session", "disabledPromoBanner"],
      // Stands in for the campaign variations: a `variant` header names them; `x-visit-change` changes the visit.
      variantKey: async (req) => (req.get("x-visit-change") ? null : (req.get("variant") ?? "")),
      now: () => clock,
    }),
  );
  app.get("/public/:n", (req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=300");
    res.type("html").send(`<script nonce="${res.locals.nonce}">/* ${req.params.n} render ${renders} */</script>`);
  });
  app.get("/private", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "private, no-store");
    res.type("html").send(`render ${renders}`);
  });
  app.get("/cookie", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "public");
    res.setHeader("Set-Cookie", "a=b");
    res.send(`render ${renders}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { "User-Agent": BROWSER, ...headers } });
  return { body: await response.text(), cache: response.headers.get("x-page-cache"), response };
}

describe("pageCache", () => {
  it("keeps phones' pages apart from other browsers' (a phone's may carry the proactive chat window)", async () => {
    const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const before = renders;
    expect((await get("/public/phone")).cache).toBe("miss");
    expect((await get("/public/phone", { "User-Agent": phone })).cache).toBe("miss");
    expect((await get("/public/phone", { "User-Agent": phone })).cache).toBe("hit");
    expect(renders - before).toBe(2);
  });

  it("renders a public page once and serves it again with the new response's nonce", async () => {
    const before = renders;
    const first = await get("/public/1");
    const second = await get("/public/1");
    expect(renders - before).toBe(1);
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];
    expect(second.body.replace(nonceOf(second.body)!, "N")).toBe(first.body.replace(nonceOf(first.body)!, "N"));
    expect(nonceOf(second.body)).not.toBe(nonceOf(first.body));
    expect(second.response.headers.get("cache-control")).toContain("public");
  });

  it("never serves or stores requests that carry a personal cookie", async () => {
    await get("/public/2");
    const before = renders;
    const personal = await get("/public/2", { Cookie: "disabledPromoBanner=true" });
    expect(personal.cache).toBeNull();
    expect(renders - before).toBe(1);
    const other = await get("/public/2", { Cookie: "analytics=1; session=abc" });
    expect(other.cache).toBeNull();
  });

  it("does not store private responses or responses that set cookies", async () => {
    const before = renders;
    await get("/private");
    await get("/private");
    await get("/cookie");
    await get("/cookie");
    expect(renders - before).toBe(4);
  });

  it("expires entries and keeps people and crawlers apart", async () => {
    await get("/public/3");
    const bot = await get("/public/3", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(bot.cache).toBe("miss");
    clock += 10_001;
    expect((await get("/public/3")).cache).toBe("miss");
  });

  it("keeps a page per campaign variation, and lets a request that changes the visit through uncached", async () => {
    const before = renders;
    const a = await get("/public/variant", { variant: "A" });
    const b = await get("/public/variant", { variant: "B" });
    const againA = await get("/public/variant", { variant: "A" });
    expect([a.cache, b.cache, againA.cache]).toEqual(["miss", "miss", "hit"]);
    expect(renders - before).toBe(2);
    const changing = await get("/public/variant", { variant: "A", "x-visit-change": "1" });
    expect(changing.cache).toBeNull();
    expect(renders - before).toBe(3);
  });
});
