import { DateTime, Duration } from "luxon";
import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { safeReturnPathSchema } from "./return-path";

export { safeReturnPathSchema };
export { countdownParts, isCountdownFinished, PROMO_RIBBON_TICK_MS, type CountdownParts } from "./promo-countdown";

/** Spec 2.9 / 9: hidden for 10 minutes after closing; countdown within 3 days; ticks every second. */
export const PROMO_RIBBON_DISMISS_COOKIE = "disabledPromoBanner";
export const PROMO_RIBBON_HIDDEN_SECONDS = 10 * 60;
export const PROMO_RIBBON_COUNTDOWN_WINDOW = Duration.fromObject({ days: 3 });

const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "must be a #rgb or #rrggbb colour");
// Site-relative paths only: the ribbon links somewhere in the store.
const sitePath = z.string().regex(/^\/(?!\/)[^\s]*$/, "must be a site-relative path");

const ribbonFields = {
  label: z.string().trim().min(1).max(60),
  promo_end_date: z.iso.datetime({ local: true }).optional(),
  background_color: color,
  font_color: color,
  mobile_text: z.string().trim().min(1).max(120),
  desktop_text: z.string().trim().min(1).max(200),
  countdown_background_color: color,
  countdown_font_color: color,
  link_url: sitePath.optional(),
};

const routeOverrideSchema = z.object({
  route: sitePath,
  hidden: z.boolean().optional(),
  ...z.object(ribbonFields).partial().shape,
});

export const promoRibbonSlotSchema = z.object({
  is_promo_ribbon_permanent: z.boolean().default(false),
  ribbon: z
    .object({ ...ribbonFields, route_overrides: z.array(routeOverrideSchema).default([]) })
    .nullable()
    .default(null),
});
export type PromoRibbonSlot = z.infer<typeof promoRibbonSlotSchema>;

/** What the shell renders. Times are epoch milliseconds so they serialise plainly. */
export interface PromoRibbonView {
  label: string;
  mobileText: string;
  desktopText: string;
  linkUrl: string | null;
  backgroundColor: string;
  fontColor: string;
  countdownBackgroundColor: string;
  countdownFontColor: string;
  /** A permanent ribbon has no close button. */
  permanent: boolean;
  /** Present only when the end date is within the countdown window. */
  countdown: { endsAt: number; renderedAt: number } | null;
}

/**
 * Resolves the ribbon for a page: the most specific route override applies (a route matches itself and the
 * paths below it); an ended promotion shows nothing; the countdown appears only within 3 days of the end
 * (end dates are Mountain time).
 */
export function resolvePromoRibbon(slot: PromoRibbonSlot, pathname: string, now: DateTime): PromoRibbonView | null {
  const base = slot.ribbon;
  if (!base) return null;
  const override = base.route_overrides
    .filter(
      (candidate) => pathname === candidate.route || pathname.startsWith(`${candidate.route.replace(/\/$/, "")}/`),
    )
    .sort((a, b) => b.route.length - a.route.length)[0];
  if (override?.hidden) return null;
  const ribbon = { ...base, ...stripUndefined(override ?? {}) };

  let countdown: PromoRibbonView["countdown"] = null;
  if (ribbon.promo_end_date) {
    const endsAt = DateTime.fromISO(ribbon.promo_end_date, { zone: BUSINESS_TIME_ZONE });
    if (!endsAt.isValid || endsAt <= now) return null;
    if (endsAt.diff(now) <= PROMO_RIBBON_COUNTDOWN_WINDOW) {
      countdown = { endsAt: endsAt.toMillis(), renderedAt: now.toMillis() };
    }
  }
  return {
    label: ribbon.label,
    mobileText: ribbon.mobile_text,
    desktopText: ribbon.desktop_text,
    linkUrl: ribbon.link_url ?? null,
    backgroundColor: ribbon.background_color,
    fontColor: ribbon.font_color,
    countdownBackgroundColor: ribbon.countdown_background_color,
    countdownFontColor: ribbon.countdown_font_color,
    permanent: slot.is_promo_ribbon_permanent,
    countdown,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The close-ribbon form; the same schema checks it in the browser (native constraints) and in the action. */
export const promoRibbonDismissSchema = z.object({
  intent: z.literal("dismiss"),
  redirectTo: safeReturnPathSchema.optional(),
});
