import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import {
  contentPageFrontMatterSchema,
  homeContentSchema,
  notificationSourcePrioritySchema,
  type ContentPage,
  type HomeContent,
} from "~/models/content";
import { contentIdSchema, slotConfigSchema, slotContentSchema, type SlotContent } from "~/models/content-slots";
import { navigationMenuSchema, type NavigationLink } from "~/models/navigation";
import { contentNotificationsSchema, type ContentNotification } from "~/models/notifications";
import { experimentsContentSchema, type Campaign } from "~/models/experiments/definitions";
import { NO_PAGE_FEATURES, pageFeaturesSchema, type PageFeatures } from "~/models/page-features";
import { partnerSitesContentSchema, type PartnerSite } from "~/models/partner-sites";
import { promoRibbonSlotSchema, type PromoRibbonSlot } from "~/models/promo-ribbon";
import type { Logger } from "~/services/platform/logger.server";
import type { ContentSource, MenuName } from "./content-source";
import { DEFAULT_HOME_CONTENT, DEFAULT_PROMO_RIBBON_SLOT } from "./defaults";
import { renderMarkdown } from "./markdown.server";

export interface FileContentOptions {
  /**
   * The folder holding pages/, menus/, slots/, home.json, notification-source-priority.json, notifications.json,
   * experiments.json, features.json, partner-sites.json.
   */
  root: string;
  logger: Logger;
  /** Re-read files when they change (development). In production content is read once. */
  watch?: boolean;
}

const PAGE_SEGMENT = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * The embedded content system: files under `content/`, validated with zod. A missing or invalid file is logged
 * once and the built-in default answers instead, so a content mistake never takes a page down.
 */
export function createFileContentSource(options: FileContentOptions): ContentSource {
  const { root, logger, watch = false } = options;
  const cache = new Map<string, { mtimeMs: number; value: unknown }>();
  const reported = new Set<string>();
  let pageIndex: { builtAt: number; pages: Map<string, string> } | null = null;

  function reportOnce(key: string, message: string, details: Record<string, unknown>) {
    if (reported.has(key)) return;
    reported.add(key);
    logger.warn({ ...details, content: key }, message);
  }

  /** Reads, parses and caches one file; `null` when it is missing or invalid. */
  async function load<T>(file: string, parse: (raw: string) => T): Promise<T | null> {
    // Keyed on the name under the root: every page asks for several files, so a hit does no path work.
    const cached = cache.get(file);
    if (cached && !watch) return cached.value as T | null;
    const full = path.join(root, file);
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(full)).mtimeMs;
    } catch {
      if (!cached) reportOnce(file, "content missing, using the built-in default", {});
      cache.set(file, { mtimeMs: -1, value: null });
      return null;
    }
    if (cached && cached.mtimeMs === mtimeMs) return cached.value as T | null;
    let value: T | null = null;
    try {
      value = parse(await fs.readFile(full, "utf8"));
      reported.delete(file);
    } catch (error) {
      reportOnce(file, "content invalid, using the built-in default", { error: describe(error) });
    }
    cache.set(file, { mtimeMs, value });
    return value;
  }

  function json<S extends z.ZodType>(schema: S) {
    return (raw: string): z.infer<S> => schema.parse(JSON.parse(raw));
  }

  async function pages(): Promise<Map<string, string>> {
    const fresh = pageIndex && (!watch || Date.now() - pageIndex.builtAt < 1000);
    if (fresh && pageIndex) return pageIndex.pages;
    const found = new Map<string, string>();
    await walk(path.join(root, "pages"), [], found);
    pageIndex = { builtAt: Date.now(), pages: found };
    return found;
  }

  async function readPage(urlPath: string, file: string): Promise<ContentPage | null> {
    return load(file, (raw) => parsePage(urlPath, raw));
  }

  return {
    async getPage(urlPath) {
      const normalized = normalizePagePath(urlPath);
      if (!normalized) return null;
      const file = (await pages()).get(normalized);
      return file ? readPage(normalized, file) : null;
    },
    async listPages() {
      const entries = [...(await pages()).entries()].sort(([a], [b]) => a.localeCompare(b));
      const loaded = await Promise.all(entries.map(([urlPath, file]) => readPage(urlPath, file)));
      return loaded.filter((page): page is ContentPage => page !== null);
    },
    async getMenu(name: MenuName): Promise<NavigationLink[] | null> {
      const menu = await load(`menus/${name}.json`, json(navigationMenuSchema));
      return menu?.links ?? null;
    },
    async getPromoRibbonSlot(): Promise<PromoRibbonSlot> {
      return (await load("slots/sitecartpromoconfig.json", json(promoRibbonSlotSchema))) ?? DEFAULT_PROMO_RIBBON_SLOT;
    },
    async getNotificationSourcePriorities() {
      const config = await load("notification-source-priority.json", json(notificationSourcePrioritySchema));
      return config?.sources.map((source) => source.source_name) ?? [];
    },
    async getNotifications(): Promise<ContentNotification[]> {
      return (await load("notifications.json", json(contentNotificationsSchema)))?.notifications ?? [];
    },
    async getHome(): Promise<HomeContent> {
      return (await load("home.json", json(homeContentSchema))) ?? DEFAULT_HOME_CONTENT;
    },
    async getSlotConfig(slot) {
      return load(`slots/${slot}.json`, json(slotConfigSchema));
    },
    async getSlotContent(contentId): Promise<SlotContent | null> {
      // The id names a file: anything but plain lower-case words is no piece (never a path outside pieces/).
      if (!contentIdSchema.safeParse(contentId).success) return null;
      const piece = await load(`slots/pieces/${contentId}.json`, json(slotContentSchema));
      // A blank piece (no heading, no text) is a blank decision: the slot falls back to its default content.
      return piece && (piece.heading !== "" || piece.text !== "") ? piece : null;
    },
    async getExperiments(): Promise<Campaign[]> {
      return (await load("experiments.json", json(experimentsContentSchema)))?.experiments ?? [];
    },
    async getFeatures(): Promise<PageFeatures> {
      return (await load("features.json", json(pageFeaturesSchema))) ?? NO_PAGE_FEATURES;
    },
    async getPartnerSites(): Promise<PartnerSite[]> {
      return (await load("partner-sites.json", json(partnerSitesContentSchema)))?.sites ?? [];
    },
  };
}

/** "/Privacy/" → "/privacy"; anything that is not plain lower-case segments is no content page. */
export function normalizePagePath(urlPath: string): string | null {
  const segments = urlPath.toLowerCase().split("/").filter(Boolean);
  if (segments.length === 0 || segments.length > 4) return null;
  if (!segments.every((segment) => PAGE_SEGMENT.test(segment))) return null;
  return `/${segments.join("/")}`;
}

async function walk(dir: string, segments: string[], found: Map<string, string>): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && PAGE_SEGMENT.test(entry.name)) {
      await walk(path.join(dir, entry.name), [...segments, entry.name], found);
    } else if (entry.isFile() && entry.name.endsWith(".md")) {
      const name = entry.name.slice(0, -3);
      const pageSegments = name === "index" ? segments : [...segments, name];
      if (pageSegments.length === 0 || !pageSegments.every((segment) => PAGE_SEGMENT.test(segment))) continue;
      found.set(`/${pageSegments.join("/")}`, path.join("pages", ...segments, entry.name));
    }
  }
}

/** Front matter is `key: value` lines between `---` fences, then Markdown. */
export function parsePage(urlPath: string, raw: string): ContentPage {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new Error("the page has no front-matter block");
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (!line.trim()) continue;
    const separator = line.indexOf(":");
    if (separator <= 0) throw new Error(`front-matter line is not "key: value": ${line}`);
    fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  const front = contentPageFrontMatterSchema.parse(fields);
  return {
    path: urlPath,
    title: front.title,
    description: front.description,
    heading: front.heading,
    canonical: front.canonical ?? urlPath,
    image: front.image ?? null,
    headerType: front.header,
    inSitemap: front.sitemap === "true",
    html: renderMarkdown(match[2] ?? ""),
  };
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "issues" in error) {
    return JSON.stringify((error as { issues: unknown }).issues);
  }
  return error instanceof Error ? error.message : String(error);
}
