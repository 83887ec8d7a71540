import type { PriceBook } from "~/models/catalog";
import {
  chooseSlotContent,
  promotionsForVisitor,
  SLOT_READY_TIMEOUT_MS,
  type SlotContent,
  type SlotId,
  type SlotView,
} from "~/models/content-slots";
import { productKind } from "~/models/catalog";
import { rebateOffers, type CustomerGroup, type Promotion } from "~/models/promotions";
import {
  CMS_CONTENT_CODES,
  currentGlassesLink,
  fillPlaceholders,
  placeholdersIn,
  productPriceText,
  savingsOfOffers,
  savingsOfReward,
  uniqueIssues,
  type ContentIssue,
  type PlaceholderName,
  type PlaceholderValue,
} from "~/models/slot-placeholders";
import type { ContentSource } from "../adapters/content/content-source";
import { DEFAULT_SLOT_CONTENT } from "../adapters/content/defaults";
import type { Database } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { findProductById, priceOf } from "../catalog/catalog.server";

/**
 * Content slots chosen on the server for each visitor (spec 3 §3, §4; decision 61): the slot's config and pieces
 * from the content system, the choice by the visitor's customer groups, running promotions and experiment
 * variations, and the placeholders filled for the visitor's price book. A page renders the result, so it works
 * without JavaScript; a content mistake is logged once per page and never breaks it.
 */

export interface SlotServices {
  db: Database;
  content: ContentSource;
  logger: Logger;
}

/** Who the slots are for. Promotions are passed in: the cart domain (above this one) reads them. */
export interface SlotRequest {
  experience: string;
  slots: readonly SlotId[];
  customerGroups: readonly CustomerGroup[];
  priceBook: PriceBook;
  /** Promotions running now (the visitor's are picked from them by their shopper conditions). */
  running: readonly Promotion[];
  /** The visitor's experiment variations by campaign id (empty until the experiment engine feeds them). */
  variations: Readonly<Record<string, string>>;
  now: Date;
}

/** The slots' decisions. Rejects only when the content system or the database fails (callers bound and catch). */
export async function decideSlots(services: SlotServices, request: SlotRequest): Promise<SlotView[]> {
  const eligible = promotionsForVisitor(request.running, request);
  const audience = {
    customerGroups: request.customerGroups,
    activePromotionIds: eligible.map((promotion) => promotion.id),
    variations: request.variations,
  };
  const values = placeholderResolver(services.db, request, eligible);
  const issues: ContentIssue[] = [];
  const views = await Promise.all(
    request.slots.map(async (slot) => {
      const config = await services.content.getSlotConfig(slot);
      const choice = chooseSlotContent(config, audience);
      const defaultId = config?.configs.find((candidate) => candidate.is_default)?.content_id ?? null;
      // A chosen piece that is missing or blank falls back to the default choice's piece, then the built-in one.
      let contentId = choice.contentId;
      let piece = contentId ? await services.content.getSlotContent(contentId) : null;
      let isDefault = choice.isDefault;
      if (!piece && defaultId && defaultId !== contentId) {
        contentId = defaultId;
        piece = await services.content.getSlotContent(defaultId);
        isDefault = true;
      }
      if (!piece || !contentId) return builtInView(request.experience, slot);
      const view = await render(piece, contentId, values, issues);
      return {
        slot,
        experience: request.experience,
        isDefault,
        variationId: isDefault ? null : choice.variationId,
        ...view,
      };
    }),
  );
  for (const issue of uniqueIssues(issues)) {
    services.logger.warn(
      { code: issue.code, contentId: issue.contentId, subject: issue.subject, experience: request.experience },
      `CMS content: ${issue.reason}`,
    );
  }
  return views;
}

/**
 * What a page shows: the decisions, or each slot's built-in content when they are not ready within the slot ready
 * timeout (spec 9: 3000 ms) or fail (logged). The visitor's facts are gathered inside the bound, so a page never
 * waits longer for its slots, nor fails over them.
 */
export async function pageSlots(
  services: SlotServices,
  page: { experience: string; slots: readonly SlotId[] },
  gather: () => Promise<Omit<SlotRequest, "experience" | "slots">>,
): Promise<SlotView[]> {
  const work = async () => decideSlots(services, { ...page, ...(await gather()) });
  try {
    return await withinTime(work(), SLOT_READY_TIMEOUT_MS);
  } catch (error) {
    services.logger.error({ err: error, experience: page.experience }, "content slots not ready; default content");
    return page.slots.map((slot) => builtInView(page.experience, slot));
  }
}

/** A slot's built-in content (adapters/content/defaults.ts). */
export function builtInView(experience: string, slot: SlotId): SlotView {
  const { contentId, heading, text, cta } = DEFAULT_SLOT_CONTENT[slot];
  return { slot, experience, contentId, isDefault: true, variationId: null, heading, text, cta: cta ?? null };
}

/** Rejects with a timeout error when the work is not done in time (the work itself runs on, its result unused). */
export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type Resolve = (piece: SlotContent, name: PlaceholderName) => Promise<PlaceholderValue>;

async function render(piece: SlotContent, contentId: string, resolve: Resolve, issues: ContentIssue[]) {
  const values: Partial<Record<PlaceholderName, PlaceholderValue>> = {};
  for (const name of placeholdersIn(piece.heading, piece.text)) {
    if (name === "savings" || name === "productPrice") values[name] = await resolve(piece, name);
  }
  const heading = fillPlaceholders(piece.heading, values, contentId);
  const text = fillPlaceholders(piece.text, values, contentId);
  issues.push(...heading.issues, ...text.issues);
  let cta = piece.cta ?? null;
  const current = cta ? currentGlassesLink(cta.href) : null;
  if (cta && current) {
    issues.push({
      code: CMS_CONTENT_CODES.outdatedGlassesLink,
      contentId,
      subject: cta.href,
      reason: "outdated glasses shop link",
    });
    cta = { ...cta, href: current };
  }
  return { contentId, heading: heading.text, text: text.text, cta };
}

/** Finds placeholder values; each product's lookups happen once per decision, whatever uses them. */
function placeholderResolver(db: Database, request: SlotRequest, eligible: readonly Promotion[]): Resolve {
  const products = new Map<number, ReturnType<typeof findProductById>>();
  const product = (id: number) => {
    if (!products.has(id)) products.set(id, findProductById(db, id));
    return products.get(id)!;
  };
  const savingsCode = CMS_CONTENT_CODES.savings;
  return async (piece, name) => {
    if (name === "productPrice") {
      if (piece.product_id === undefined) {
        return { code: CMS_CONTENT_CODES.missingProductId, reason: "no product id for #{productPrice}" };
      }
      try {
        const cents = await priceOf(db, piece.product_id, request.priceBook);
        if (cents !== null) return { text: productPriceText(cents) };
        return { code: CMS_CONTENT_CODES.productPrice, reason: `no price for product ${piece.product_id}` };
      } catch {
        return { code: CMS_CONTENT_CODES.productPrice, reason: `price lookup failed for product ${piece.product_id}` };
      }
    }
    if (piece.promotion_id !== undefined) {
      const promotion = eligible.find((candidate) => candidate.id === piece.promotion_id);
      const saves = promotion?.rewards.map(savingsOfReward).find((text) => text !== null);
      if (saves) return { text: saves };
      return { code: savingsCode, reason: `promotion ${piece.promotion_id} is not running for this visitor` };
    }
    if (piece.product_id !== undefined) {
      try {
        const found = await product(piece.product_id);
        const offers = found
          ? rebateOffers(
              eligible,
              { productId: found.id, brandSlug: found.brandSlug, productType: productKind(found.productType) },
              request,
            )
          : [];
        const saves = savingsOfOffers(offers);
        if (saves) return { text: saves };
        return { code: savingsCode, reason: `product ${piece.product_id} has no savings` };
      } catch {
        return { code: savingsCode, reason: `savings lookup failed for product ${piece.product_id}` };
      }
    }
    return { code: savingsCode, reason: "no promotion or product for #{savings}" };
  };
}
