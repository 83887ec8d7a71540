import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Campaign, ContentAction } from "~/models/experiments/definitions";
import type { TrafficData } from "~/models/traffic";
import { NO_HISTORY } from "~/models/visitor-history";
import type { ContentSource } from "../adapters/content/content-source";
import type { ExamProvider } from "../adapters/exam-provider/exam-provider";
import type { Database } from "../db/client.server";
import { visitorCampaigns } from "../growth/visitor-campaigns.server";
import type { AppConfig } from "../platform/config.server";
import { examCompleteExperienceFor, examPriceFor, type ExamCampaignVisitor } from "./exam-campaigns.server";

// The exam price experiment for one visitor (decision 64): the price from the visitor's variation (no call to the
// provider), else the provider's; the experience by name, an unknown one logged once and never failing the page.

function recordingLogger() {
  const lines: Array<{ msg: string; level: number; experience?: string; cents?: number }> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const campaign = (
  id: string,
  variations: Campaign["variations"],
  conditions: Campaign["conditions"] = [],
): Campaign => ({
  id,
  description: id,
  status: "running",
  conditions,
  variations,
  supports_excluded: true,
  options: { assignment: "random", algorithm: "fnv1a32", cache_preferences: "page" },
});

const examPriceCampaign = campaign("exam-price", [
  { id: "default", ratio: 1, actions: [] },
  { id: "A", ratio: 1, actions: [{ type: "override_exam_price", cents: 1500 }] },
  {
    id: "B",
    ratio: 1,
    actions: [
      { type: "override_exam_price", cents: 2500 },
      { type: "override_exam_complete_experience", experience: "brand-choice" },
    ],
  },
]);

function servicesWith(providerPrice: () => Promise<{ priceCents: number; originalPriceCents: number }>) {
  const { logger, lines } = recordingLogger();
  let providerCalls = 0;
  const examProvider = {
    price: () => {
      providerCalls += 1;
      return providerPrice();
    },
  } as unknown as ExamProvider;
  const content = { getExperiments: async () => [examPriceCampaign] } as unknown as ContentSource;
  return { services: { content, examProvider, logger, db: {} as Database }, lines, calls: () => providerCalls };
}

const visitorIn = (variant: string, actions: ContentAction[]): ExamCampaignVisitor => ({
  campaignVariations: { "exam-price": variant as "A" },
  campaignActions: actions,
});

describe("examPriceFor", () => {
  it("is the variation's price, for price and original price, naming its campaign, without asking the provider", async () => {
    const { services, calls } = servicesWith(async () => ({ priceCents: 2000, originalPriceCents: 2400 }));
    const quote = await examPriceFor(services, visitorIn("A", [{ type: "override_exam_price", cents: 1500 }]));
    expect(quote).toEqual({ priceCents: 1500, originalPriceCents: 1500, overridden: true, campaign: "exam-price:A" });
    expect(calls()).toBe(0);
  });

  it("is the provider's price without an override (and 20 when the provider cannot say)", async () => {
    const { services } = servicesWith(async () => ({ priceCents: 2000, originalPriceCents: 2400 }));
    expect(await examPriceFor(services, visitorIn("default", []))).toEqual({
      priceCents: 2000,
      originalPriceCents: 2400,
      overridden: false,
      campaign: null,
    });
    const down = servicesWith(async () => {
      throw new Error("provider down");
    });
    expect(await examPriceFor(down.services, visitorIn("default", []))).toMatchObject({
      priceCents: 2000,
      originalPriceCents: 2000,
      overridden: false,
    });
  });

  it("logs an override under 50 cents and charges the provider's price instead", async () => {
    const { services, lines } = servicesWith(async () => ({ priceCents: 2000, originalPriceCents: 2000 }));
    const quote = await examPriceFor(services, visitorIn("A", [{ type: "override_exam_price", cents: 0 }]));
    expect(quote).toMatchObject({ priceCents: 2000, overridden: false });
    expect(lines).toContainEqual(expect.objectContaining({ cents: 0, level: 40 }));
  });
});

describe("examCompleteExperienceFor", () => {
  it("gives the variation's experience, and falls back to the standard one for a name it does not know, logged once", () => {
    const { services, lines } = servicesWith(async () => ({ priceCents: 2000, originalPriceCents: 2000 }));
    expect(examCompleteExperienceFor(services, visitorIn("default", []))).toBe("standard");
    const brandChoice: ContentAction = { type: "override_exam_complete_experience", experience: "brand-choice" };
    expect(examCompleteExperienceFor(services, visitorIn("B", [brandChoice]))).toBe("brand-choice");
    expect(lines).toEqual([]);

    const unknown: ContentAction = { type: "override_exam_complete_experience", experience: "fireworks-test-only" };
    expect(examCompleteExperienceFor(services, visitorIn("B", [unknown]))).toBe("standard");
    expect(examCompleteExperienceFor(services, visitorIn("B", [unknown]))).toBe("standard");
    const warnings = lines.filter((line) => line.experience === "fireworks-test-only");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
  });
});

describe("the exam_price condition's fact", () => {
  it("is the standard exam price, so a campaign can select on it without a query", async () => {
    const { logger } = recordingLogger();
    const content = {
      getExperiments: async () => [
        campaign("cheap-exam-only", [{ id: "A", ratio: 1, actions: [] }], [{ type: "exam_price", max_cents: 2000 }]),
        campaign("dear-exam-only", [{ id: "A", ratio: 1, actions: [] }], [{ type: "exam_price", min_cents: 2001 }]),
      ],
    } as unknown as ContentSource;
    const config = { appEnv: "development" } as AppConfig;
    const result = await visitorCampaigns(
      { content, logger, config },
      {
        visitorId: "visitor-1",
        signedIn: false,
        isMobile: false,
        traffic: { channel: null, campaign: null } as unknown as TrafficData,
        customerGroups: [],
        referralBrandingCode: null,
        history: NO_HISTORY,
      },
      new URL("https://lenslane.test/exam/landing"),
      true,
    );
    expect(result.variations).toEqual({ "cheap-exam-only": "A", "dear-exam-only": "excluded" });
  });
});
