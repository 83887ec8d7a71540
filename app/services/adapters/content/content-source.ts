import type { ContentPage, HomeContent } from "~/models/content";
import type { SlotConfig, SlotContent, SlotId } from "~/models/content-slots";
import type { NavigationLink } from "~/models/navigation";
import type { ContentNotification } from "~/models/notifications";
import type { Campaign } from "~/models/experiments/definitions";
import type { PageFeatures } from "~/models/page-features";
import type { PartnerSite } from "~/models/partner-sites";
import type { PromoRibbonSlot } from "~/models/promo-ribbon";

export type MenuName = "site-header" | "hamburger-menu-main-links" | "hamburger-menu-sub-links";

/**
 * The content system (spec: pages, menus, the promo ribbon slot, notification priorities). The embedded default
 * reads files under `content/`; a hosted CMS client would implement the same interface.
 * Every method answers: missing or invalid content resolves to built-in defaults (menus: null = use fallback).
 */
export interface ContentSource {
  getPage(path: string): Promise<ContentPage | null>;
  listPages(): Promise<ContentPage[]>;
  getMenu(name: MenuName): Promise<NavigationLink[] | null>;
  getPromoRibbonSlot(): Promise<PromoRibbonSlot>;
  getNotificationSourcePriorities(): Promise<string[]>;
  /** The notification centre's notifications (content/notifications.json); none when missing or invalid. */
  getNotifications(): Promise<ContentNotification[]>;
  getHome(): Promise<HomeContent>;
  /** A content slot's config (`slots/<slot>.json`); null when missing or invalid (the slot shows its default). */
  getSlotConfig(slot: SlotId): Promise<SlotConfig | null>;
  /** A slot's content piece (`slots/pieces/<content id>.json`); null when missing, invalid or blank. */
  getSlotContent(contentId: string): Promise<SlotContent | null>;
  /** The campaigns of `experiments.json` (issue 28); none when the file is missing or invalid. */
  getExperiments(): Promise<Campaign[]>;
  /** The page features of `features.json` (issue 28); every feature off when the file is missing or invalid. */
  getFeatures(): Promise<PageFeatures>;
  /** The partner sites of `partner-sites.json` (decision 67); none when the file is missing or invalid. */
  getPartnerSites(): Promise<PartnerSite[]>;
}
