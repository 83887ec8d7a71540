import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SlotConfig, SlotContent, SlotId } from "~/models/content-slots";
import type { Promotion } from "~/models/promotions";
import type { ContentSource } from "../adapters/content/content-source";
import { DEFAULT_SLOT_CONTENT } from "../adapters/content/defaults";
import type { Database } from "../db/client.server";
import { builtInView, decideSlots, pageSlots, type SlotRequest } from "./content-slots.server";

// The slot service with the content system in memory and a database that fails every query (the price and product
// lookups it needs are the failures codes 4 and 6 are about); the database path is tested in
// tests/integration/content-slots.test.ts.

function recordingLogger() {
  const lines: Array<{ code?: number; msg: string; contentId?: string; subject?: string }> = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const failingDb = {
  select() {
    throw new Error("database down");
  },
} as unknown as Database;

function contentOf(configs: Partial<Record<SlotId, SlotConfig>>, pieces: Record<string, SlotContent>) {
  return {
    getSlotConfig: async (slot: SlotId) => configs[slot] ?? null,
    getSlotContent: async (contentId: string) => pieces[contentId] ?? null,
  } as unknown as ContentSource;
}

const choice = (content_id: string, more: Partial<SlotConfig["configs"][number]> = {}) => ({
  content_id,
  is_default: false,
  customer_groups: [],
  promotion_ids: [],
  customer_group_override: false,
  variations: [],
  ...more,
});

const promotion = (id: number, rewards: Promotion["rewards"]): Promotion => ({
  id,
  description: "",
  rewards,
  conditions: {},
  startsAt: new Date("2025-01-01"),
  expiresAt: null,
  requiresCoupon: false,
  exclusive: false,
  isPrivateLabelTrial: false,
});

const request = (over: Partial<SlotRequest> = {}): SlotRequest => ({
  experience: "test",
  slots: ["home-offer", "cart-banner"],
  customerGroups: ["NewCustomer"],
  priceBook: "none",
  running: [],
  variations: {},
  now: new Date("2026-11-28T12:00:00Z"),
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("decideSlots", () => {
  it("fills placeholders, and logs each gap once per page with its code", async () => {
    const pieces: Record<string, SlotContent> = {
      offer: {
        heading: "Save #{savings} — #{firstName}",
        text: "From #{productPrice}, #{firstName}.",
        cta: { label: "Glasses", href: "/glasses/shop/frames" },
        promotion_id: 99,
      },
      banner: { heading: "Only #{productPrice}", text: "Save #{savings}.", product_id: 1901 },
      running: { heading: "Take #{savings} off", text: "", promotion_id: 20 },
    };
    const configs = {
      "home-offer": { configs: [choice("offer")] },
      "cart-banner": { configs: [choice("banner")] },
    };
    const { logger, lines } = recordingLogger();
    const services = { db: failingDb, content: contentOf(configs, pieces), logger };
    const views = await decideSlots(services, request());
    expect(views.map((view) => [view.heading, view.text, view.cta?.href])).toEqual([
      ["Save —", "From,.", "/start/glasses/frames"],
      ["Only", "Save.", undefined],
    ]);
    const logged = lines.map((line) => [line.code, line.contentId, line.subject]);
    expect(logged).toEqual(
      expect.arrayContaining([
        [4, "offer", "savings"],
        [3, "offer", "firstName"],
        [5, "offer", "productPrice"],
        [11, "offer", "/glasses/shop/frames"],
        [6, "banner", "productPrice"],
        [4, "banner", "savings"],
      ]),
    );
    // #{firstName} twice in one piece is one line.
    expect(lines).toHaveLength(6);

    // Another page logs its own gaps again; a promotion running for the visitor fills #{savings}.
    const running = { "home-offer": { configs: [choice("running")] } };
    const next = { db: failingDb, content: contentOf(running, pieces), logger };
    const [shown] = await decideSlots(
      next,
      request({ slots: ["home-offer"], running: [promotion(20, [{ type: "PercentOff", percent: 5 }])] }),
    );
    expect(shown!.heading).toBe("Take 5% off");
    expect(lines).toHaveLength(6);
  });

  it("falls back to the default choice's piece, then to the built-in content", async () => {
    const configs = {
      "home-offer": { configs: [choice("missing"), choice("fallback", { is_default: true })] },
      "cart-banner": { configs: [choice("missing"), choice("also-missing", { is_default: true })] },
    };
    const pieces = { fallback: { heading: "Default offer", text: "" } };
    const { logger } = recordingLogger();
    const views = await decideSlots({ db: failingDb, content: contentOf(configs, pieces), logger }, request());
    expect(views[0]).toMatchObject({ contentId: "fallback", isDefault: true, heading: "Default offer", cta: null });
    expect(views[1]).toEqual(builtInView("test", "cart-banner"));
    expect(views[1]!.heading).toBe(DEFAULT_SLOT_CONTENT["cart-banner"].heading);
  });
});

describe("pageSlots", () => {
  it("shows the built-in content when the decision is not ready within 3000 ms", async () => {
    vi.useFakeTimers();
    const never = { getSlotConfig: () => new Promise(() => undefined) } as unknown as ContentSource;
    const { logger, lines } = recordingLogger();
    const page = pageSlots(
      { db: failingDb, content: never, logger },
      { experience: "home", slots: ["home-offer"] },
      async () => request(),
    );
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void page.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await page).toEqual([builtInView("home", "home-offer")]);
    expect(lines.some((line) => line.msg.includes("not ready"))).toBe(true);
  });

  it("shows the built-in content when gathering the visitor fails", async () => {
    const { logger } = recordingLogger();
    const views = await pageSlots(
      { db: failingDb, content: contentOf({}, {}), logger },
      { experience: "cart", slots: ["cart-banner"] },
      async () => {
        throw new Error("database down");
      },
    );
    expect(views).toEqual([builtInView("cart", "cart-banner")]);
  });
});
