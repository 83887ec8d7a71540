import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SLOT_IDS } from "~/models/content-slots";
import { NO_PAGE_FEATURES } from "~/models/page-features";
import { DEFAULT_HOME_CONTENT, DEFAULT_PROMO_RIBBON_SLOT } from "./defaults";
import { createFileContentSource, normalizePagePath, parsePage } from "./file-content.server";

function recordingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe("file content source: fallbacks", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-content-"));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("answers built-in defaults when content is missing, and logs it once", async () => {
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root, logger });
    expect(await content.getMenu("hamburger-menu-main-links")).toBeNull();
    expect(await content.getMenu("hamburger-menu-main-links")).toBeNull();
    expect(await content.getPromoRibbonSlot()).toEqual(DEFAULT_PROMO_RIBBON_SLOT);
    expect(await content.getHome()).toEqual(DEFAULT_HOME_CONTENT);
    expect(await content.getNotificationSourcePriorities()).toEqual([]);
    expect(await content.getNotifications()).toEqual([]);
    expect(await content.getPage("/accessibility")).toBeNull();
    const menuWarnings = lines.filter((line) => line.includes("menus/hamburger-menu-main-links.json"));
    expect(menuWarnings).toHaveLength(1);
  });

  it("answers built-in defaults when content is invalid, and logs it once", async () => {
    fs.mkdirSync(path.join(root, "menus"));
    fs.mkdirSync(path.join(root, "slots"));
    fs.writeFileSync(path.join(root, "menus", "site-header.json"), "{ not json");
    fs.writeFileSync(
      path.join(root, "menus", "hamburger-menu-sub-links.json"),
      JSON.stringify({ links: [{ link_text: "" }] }),
    );
    fs.writeFileSync(
      path.join(root, "slots", "sitecartpromoconfig.json"),
      JSON.stringify({ ribbon: { label: "x", background_color: "not-a-colour" } }),
    );
    // A notification whose link leaves the site.
    fs.writeFileSync(
      path.join(root, "notifications.json"),
      JSON.stringify({
        notifications: [{ type: "banner", sourceName: "promo", title: "t", link: { label: "x", href: "//evil.test" } }],
      }),
    );
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root, logger });
    expect(await content.getMenu("site-header")).toBeNull();
    expect(await content.getMenu("hamburger-menu-sub-links")).toBeNull();
    expect(await content.getPromoRibbonSlot()).toEqual(DEFAULT_PROMO_RIBBON_SLOT);
    expect(await content.getNotifications()).toEqual([]);
    await content.getMenu("site-header");
    expect(lines.filter((line) => line.includes("content invalid"))).toHaveLength(4);
  });

  it("answers no experiments and every feature off when those files are missing or invalid, logged once", async () => {
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root, logger });
    expect(await content.getExperiments()).toEqual([]);
    expect(await content.getFeatures()).toEqual(NO_PAGE_FEATURES);
    fs.writeFileSync(path.join(root, "experiments.json"), JSON.stringify({ experiments: [{ id: "x" }] }));
    fs.writeFileSync(path.join(root, "features.json"), JSON.stringify({ pages: { site: { paypal: "yes" } } }));
    const invalid = createFileContentSource({ root, logger });
    expect(await invalid.getExperiments()).toEqual([]);
    expect(await invalid.getExperiments()).toEqual([]);
    expect(await invalid.getFeatures()).toEqual(NO_PAGE_FEATURES);
    expect(lines.filter((line) => line.includes("experiments.json"))).toHaveLength(2);
    expect(lines.filter((line) => line.includes("features.json"))).toHaveLength(2);
  });

  it("answers no partner sites when partner-sites.json is missing or invalid, logged once", async () => {
    const { logger, lines } = recordingLogger();
    expect(await createFileContentSource({ root, logger }).getPartnerSites()).toEqual([]);
    fs.writeFileSync(
      path.join(root, "partner-sites.json"),
      JSON.stringify({ sites: [{ site: "lens-digest", name: "Lens Digest", landing: "https://elsewhere.example" }] }),
    );
    const invalid = createFileContentSource({ root, logger });
    expect(await invalid.getPartnerSites()).toEqual([]);
    expect(await invalid.getPartnerSites()).toEqual([]);
    expect(lines.filter((line) => line.includes("partner-sites.json"))).toHaveLength(2);
  });

  it("treats a page with bad front matter as missing", async () => {
    fs.mkdirSync(path.join(root, "pages"));
    fs.writeFileSync(path.join(root, "pages", "broken.md"), "no front matter here");
    const { logger } = recordingLogger();
    const content = createFileContentSource({ root, logger });
    expect(await content.getPage("/broken")).toBeNull();
    expect(await content.listPages()).toEqual([]);
  });

  it("picks up changed files when watching (development)", async () => {
    fs.mkdirSync(path.join(root, "pages"));
    const file = path.join(root, "pages", "hello.md");
    const page = (heading: string) =>
      `---\ntitle: Hello | Lenslane\ndescription: A page that says hello to everyone who reads it.\nheading: ${heading}\n---\nBody`;
    fs.writeFileSync(file, page("First"));
    const { logger } = recordingLogger();
    const content = createFileContentSource({ root, logger, watch: true });
    expect((await content.getPage("/hello"))?.heading).toBe("First");
    fs.writeFileSync(file, page("Second"));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await content.getPage("/hello"))?.heading).toBe("Second");
  });
});

describe("the shipped content", () => {
  it("is all valid: every page, menu, slot and the home page load without falling back", async () => {
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root: path.resolve("content"), logger });
    const pages = await content.listPages();
    const files = fs
      .readdirSync(path.resolve("content/pages"), { recursive: true })
      .filter((f) => String(f).endsWith(".md"));
    expect(pages).toHaveLength(files.length);
    for (const menu of ["site-header", "hamburger-menu-main-links", "hamburger-menu-sub-links"] as const) {
      expect(await content.getMenu(menu)).not.toBeNull();
    }
    expect((await content.getPromoRibbonSlot()).ribbon).not.toBeNull();
    expect(await content.getHome()).not.toEqual(DEFAULT_HOME_CONTENT);
    expect((await content.getNotificationSourcePriorities()).length).toBeGreaterThan(0);
    expect((await content.getNotifications()).length).toBeGreaterThan(0);
    expect((await content.getExperiments()).length).toBeGreaterThan(0);
    expect((await content.getFeatures()).pages.site).toBeDefined();
    expect((await content.getPartnerSites()).length).toBeGreaterThan(0);
    expect(lines).toEqual([]);
  });

  it("has every content route of spec 2.1", async () => {
    const { logger } = recordingLogger();
    const content = createFileContentSource({ root: path.resolve("content"), logger });
    const required = [
      "/accessibility",
      "/common-questions-faq",
      "/returns-and-exchanges",
      "/best-price-guarantee",
      "/careers",
      "/contact-us",
      "/help-center",
      "/call-to-order",
      "/privacy",
      "/terms",
      "/rebates",
      "/the-company",
      "/how-to-order",
      "/how-to-read-rx",
      "/fsa-fund-use",
      "/ad-choices",
      "/public-policy/home",
      "/privacy/notice-of-privacy-practices",
      "/terms/terms-and-conditions",
    ];
    for (const pagePath of required) {
      const page = await content.getPage(pagePath);
      expect(page, pagePath).not.toBeNull();
      expect(page!.title.length, pagePath).toBeLessThanOrEqual(70);
    }
    expect((await content.getPage("/terms/terms-and-conditions"))!.html).toContain('id="rebates"');
  });
});

describe("pages", () => {
  it("normalises URL paths and refuses anything that is not plain segments", () => {
    expect(normalizePagePath("/Privacy/")).toBe("/privacy");
    expect(normalizePagePath("/a/b/c/d")).toBe("/a/b/c/d");
    expect(normalizePagePath("/a/b/c/d/e")).toBeNull();
    expect(normalizePagePath("/../etc/passwd")).toBeNull();
    expect(normalizePagePath("/")).toBeNull();
  });

  it("escapes raw HTML and unsafe links in Markdown", () => {
    const page = parsePage(
      "/x",
      "---\ntitle: X | Lenslane\ndescription: A description that is long enough to pass.\nheading: X\n---\n" +
        "<script>alert(1)</script>\n\n[click](javascript:alert(1)) and [ok](/lenses)\n\n## Rebates",
    );
    expect(page.html).not.toContain("<script>");
    expect(page.html).toContain('href="#"');
    expect(page.html).toContain('href="/lenses"');
    expect(page.html).toContain('<h2 id="rebates">Rebates</h2>');
    expect(page.canonical).toBe("/x");
    expect(page.inSitemap).toBe(true);
  });
});

describe("content slots", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-slots-"));
    fs.mkdirSync(path.join(root, "slots", "pieces"), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("ships a valid config for every slot, and a valid piece for every content id it names", async () => {
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root: path.resolve("content"), logger });
    for (const slot of SLOT_IDS) {
      const config = await content.getSlotConfig(slot);
      expect(config, slot).not.toBeNull();
      expect(
        config!.configs.filter((choice) => choice.is_default),
        `${slot} has a default`,
      ).toHaveLength(1);
      const ids = config!.configs.flatMap((choice) => [
        choice.content_id,
        ...choice.variations.map((variation) => variation.content_id).filter(Boolean),
      ]);
      for (const id of ids) expect(await content.getSlotContent(id), id).not.toBeNull();
    }
    expect(lines).toEqual([]);
  });

  it("answers null for a missing, invalid or blank config or piece, logging each once", async () => {
    fs.writeFileSync(
      path.join(root, "slots", "cart-banner.json"),
      JSON.stringify({ configs: [{ content_id: "A B" }] }),
    );
    fs.writeFileSync(path.join(root, "slots", "pieces", "broken.json"), "{ nope");
    fs.writeFileSync(path.join(root, "slots", "pieces", "blank.json"), JSON.stringify({ heading: " ", text: "" }));
    fs.writeFileSync(path.join(root, "slots", "pieces", "good.json"), JSON.stringify({ heading: "Hello" }));
    const { logger, lines } = recordingLogger();
    const content = createFileContentSource({ root, logger });
    for (let i = 0; i < 2; i++) {
      expect(await content.getSlotConfig("home-offer")).toBeNull();
      expect(await content.getSlotConfig("cart-banner")).toBeNull();
      expect(await content.getSlotContent("broken")).toBeNull();
      expect(await content.getSlotContent("blank")).toBeNull();
    }
    expect(await content.getSlotContent("good")).toEqual({ heading: "Hello", text: "" });
    // An id that is not plain words never reaches the file system.
    expect(await content.getSlotContent("../../home")).toBeNull();
    expect(lines.filter((line) => line.includes("slots/home-offer.json"))).toHaveLength(1);
    expect(lines.filter((line) => line.includes("slots/cart-banner.json"))).toHaveLength(1);
    expect(lines.filter((line) => line.includes("slots/pieces/broken.json"))).toHaveLength(1);
  });
});
