import type { DateTime } from "luxon";
import { federalHoliday, holidayCalendar } from "./business-hours";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { formatCents } from "./catalog";

/** Spec: shipping level 0 Standard, 1 Expedited, 2 NextDay, 3 NextDayByNoon, 4 SameDay. */
export const SHIPPING_LEVELS = [0, 1, 2, 3, 4] as const;
export type ShippingLevel = (typeof SHIPPING_LEVELS)[number];

export function isShippingLevel(value: unknown): value is ShippingLevel {
  return typeof value === "number" && (SHIPPING_LEVELS as readonly number[]).includes(value);
}

export interface ShippingMethod {
  level: ShippingLevel;
  name: "Standard" | "Expedited" | "NextDay" | "NextDayByNoon" | "SameDay";
  label: string;
  priceCents: number;
  /** Business days from the ship date to delivery; 0 means delivered on the ship date. */
  transitBusinessDays: number;
}

export const SHIPPING_METHODS: readonly ShippingMethod[] = Object.freeze([
  { level: 0, name: "Standard", label: "Standard shipping", priceCents: 495, transitBusinessDays: 5 },
  { level: 1, name: "Expedited", label: "Expedited shipping", priceCents: 995, transitBusinessDays: 3 },
  { level: 2, name: "NextDay", label: "Next-day delivery", priceCents: 1995, transitBusinessDays: 1 },
  { level: 3, name: "NextDayByNoon", label: "Next-day delivery by noon", priceCents: 2995, transitBusinessDays: 1 },
  { level: 4, name: "SameDay", label: "Same-day delivery", priceCents: 3995, transitBusinessDays: 0 },
] satisfies ShippingMethod[]);

export function shippingMethod(level: ShippingLevel): ShippingMethod {
  const method = SHIPPING_METHODS.find((m) => m.level === level);
  if (!method) throw new RangeError(`unknown shipping level ${String(level)}`);
  return method;
}

/** Spec: after 4 pm Mountain time counts as after the cut-off (judged in America/Boise, so DST is followed). */
export const SHIPPING_CUTOFF_HOUR = 16;

/** Spec: free shipping label 'FREE'. */
export const FREE_SHIPPING_LABEL = "FREE";

export function shippingPriceLabel(cents: number): string {
  return cents === 0 ? FREE_SHIPPING_LABEL : formatCents(cents);
}

// ---- Carrier calendar -------------------------------------------------------------------------------------------

/**
 * The federal holidays carriers don't deliver on (the calendar code is shared with business hours, business-hours.ts):
 * they close on a fixed-date holiday's own date and on its observed day.
 */
const CARRIER_HOLIDAYS = [
  "New Year's Day",
  "Memorial Day",
  "Independence Day",
  "Labor Day",
  "Thanksgiving",
  "Christmas Day",
];
const holidaysOf = holidayCalendar(CARRIER_HOLIDAYS.map(federalHoliday), { actualDays: true });

/** US holidays carriers don't deliver, on the calendar date in America/Boise (the day itself and its observed day). */
export function isCarrierHoliday(date: DateTime): boolean {
  const local = date.setZone(BUSINESS_TIME_ZONE);
  return holidaysOf(local.year).has(local.toISODate()!);
}

/** Monday to Friday and not a carrier holiday, judged in America/Boise. */
export function isBusinessDay(date: DateTime): boolean {
  const local = date.setZone(BUSINESS_TIME_ZONE);
  return local.weekday <= 5 && !isCarrierHoliday(local);
}

function nextBusinessDay(day: DateTime): DateTime {
  let next = day.plus({ days: 1 });
  while (!isBusinessDay(next)) next = next.plus({ days: 1 });
  return next;
}

/** Start of the Boise day the order leaves: today before the cut-off on a business day, else the next business day. */
export function shipDate(now: DateTime): DateTime {
  const local = now.setZone(BUSINESS_TIME_ZONE);
  const today = local.startOf("day");
  if (isBusinessDay(today) && local.hour < SHIPPING_CUTOFF_HOUR) return today;
  return nextBusinessDay(today);
}

/** The ship date plus the method's transit business days (weekends and carrier holidays skipped). */
export function deliveryEstimate(level: ShippingLevel, now: DateTime): DateTime {
  let day = shipDate(now);
  for (let i = 0; i < shippingMethod(level).transitBusinessDays; i++) day = nextBusinessDay(day);
  return day;
}

const estimateLabels = new Map<string, ReadonlyMap<ShippingLevel, string>>();

/**
 * Every level's delivery date as shown ("Tue, Nov 25") for an order placed now. The answer only changes with the
 * Boise date and the side of the cut-off, so it is kept per those (a handful of entries at most).
 */
export function deliveryEstimateLabels(now: DateTime): ReadonlyMap<ShippingLevel, string> {
  const local = now.setZone(BUSINESS_TIME_ZONE);
  const key = `${local.toISODate()}|${local.hour < SHIPPING_CUTOFF_HOUR}`;
  const cached = estimateLabels.get(key);
  if (cached) return cached;
  const labels = new Map(SHIPPING_LEVELS.map((level) => [level, formatDeliveryDate(deliveryEstimate(level, now))]));
  if (estimateLabels.size >= 8) estimateLabels.clear();
  estimateLabels.set(key, labels);
  return labels;
}

/** "Tue, Nov 25", on the Boise calendar. */
export function formatDeliveryDate(date: DateTime): string {
  return date.setZone(BUSINESS_TIME_ZONE).setLocale("en-US").toFormat("ccc, LLL d");
}

// ---- Order age (spec 2: expected delivery = order date + shipping days + 2) -------------------------------------

/** Spec: Expedited 3; NextDay, NextDayByNoon and SameDay 1; otherwise 7 (also an unknown level). */
export function shippingDays(level: number): number {
  switch (level) {
    case 1:
      return 3;
    case 2:
    case 3:
    case 4:
      return 1;
    default:
      return 7;
  }
}

export const DELIVERY_BUFFER_DAYS = 2;
