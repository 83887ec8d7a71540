import { z } from "zod";
import { safeReturnPathSchema } from "./return-path";

/**
 * The notification centre (spec 1 §3 "Notification", §4.3, §9; spec 3 §9): one notification at a time, the one of the
 * highest-priority source the page allows, chosen and rendered on the server. Pure rules here; the records of what a
 * visitor saw or dismissed live in the database (services/notifications/).
 */

export const NOTIFICATION_TYPES = ["toast", "banner", "slidePanel", "blank", "modal"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_POSITIONS = [
  "center",
  "top-center",
  "bottom-center",
  "top-full-width",
  "bottom-full-width",
  "top-left",
  "top-right",
  "bottom-right",
  "bottom-left",
] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];

export const NOTIFICATION_ANIMATIONS = ["none", "slide-from-bottom", "slide-from-top"] as const;
export type NotificationAnimation = (typeof NOTIFICATION_ANIMATIONS)[number];

export const NOTIFICATION_STYLES = ["complete", "attention", "message", "complete-filled"] as const;
export type NotificationStyle = (typeof NOTIFICATION_STYLES)[number];

/** Spec 1 §9: event records are kept 1 week. */
export const NOTIFICATION_RECORD_DAYS = 7;
/** Spec 1 §7, §9: the priority list is read from the content system at most once an hour. */
export const NOTIFICATION_PRIORITY_CACHE_MS = 60 * 60 * 1000;
/** Spec 1 §2.10, §9: a notification modal closes itself after 2000 ms. */
export const NOTIFICATION_MODAL_AUTO_DISMISS_MS = 2000;
/** Spec 1 §9: the toast is 375 px wide. */
export const NOTIFICATION_TOAST_WIDTH_PX = 375;
/** Spec 1 §9: the coupon notification closes itself after 7 s. */
export const COUPON_NOTIFICATION_AUTO_DISMISS_MS = 7000;
/** Spec 3 §9: a click on a notification's control is acted on after 200 ms (the press shows first). */
export const NOTIFICATION_CLICK_DELAY_MS = 200;
/** Spec 3 §9: the slide animations take 500 ms. */
export const NOTIFICATION_SLIDE_MS = 500;

/** The events a visitor's record can hold for a notification key. */
export const NOTIFICATION_EVENTS = ["displayed", "dismissed", "minimized", "maximized"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The store's own sources (content/notification-source-priority.json ranks them; content may add others). */
export const NOTIFICATION_SOURCES = {
  /** The one-time answer to the shopper's own form post (flashToast). */
  formResult: "form-result",
  recapture: "recapture",
  coupon: "coupon",
  promo: "promo",
} as const;

/** A page that does not name its allowed sources (route handle `notificationSources`) allows every source. */
export const ALL_NOTIFICATION_SOURCES = "all" as const;
export type AllowedNotificationSources = readonly string[] | typeof ALL_NOTIFICATION_SOURCES;

const NOTIFICATION_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const notificationKeySchema = z.string().regex(NOTIFICATION_KEY, "not a notification key");

const sitePath = z.string().regex(/^\/(?![/\\])\S*$/, "must be a path on this site");

/** A notification as the content system delivers it (content/notifications.json), spec 1 §3's fields. */
export const contentNotificationSchema = z.object({
  key: notificationKeySchema.optional(),
  type: z.enum(NOTIFICATION_TYPES),
  sourceName: z.string().trim().min(1).max(60),
  positionClass: z.enum(NOTIFICATION_POSITIONS).optional(),
  displayAnimation: z.enum(NOTIFICATION_ANIMATIONS).optional(),
  minimized: z.boolean().optional(),
  allowDismiss: z.boolean().optional(),
  autoDismissDurationInMs: z.number().int().positive().max(600_000).optional(),
  /** Only one event exists: the shopper moving to another page. */
  autoDismissOnEvent: z.enum(["routeChange"]).optional(),
  onlyShowOnce: z.boolean().optional(),
  title: z.string().trim().min(1).max(120),
  style: z.enum(NOTIFICATION_STYLES).optional(),
  message: z.string().trim().max(400).optional(),
  link: z.object({ label: z.string().trim().min(1).max(60), href: sitePath }).optional(),
  /** Where it may show: these paths and the pages under them. None: every page. */
  paths: z.array(sitePath).min(1).optional(),
});
export type ContentNotification = z.infer<typeof contentNotificationSchema>;

export const contentNotificationsSchema = z.object({ notifications: z.array(contentNotificationSchema) });

/** What the shell renders: a notification with every default filled in. */
export interface NotificationView {
  key: string | null;
  type: NotificationType;
  sourceName: string;
  positionClass: NotificationPosition;
  displayAnimation: NotificationAnimation;
  minimized: boolean;
  allowDismiss: boolean;
  autoDismissDurationInMs: number | null;
  autoDismissOnEvent: "routeChange" | null;
  onlyShowOnce: boolean;
  title: string;
  style: NotificationStyle;
  message: string | null;
  link: { label: string; href: string } | null;
  /** The content's page targets (null: every page): the browser hides it after moving to a page it does not target. */
  paths: string[] | null;
  /** Which of the store's components renders it (content ones are rendered from their fields). */
  kind: "content" | "form-result" | "recapture";
  /** The toast's tone (form results) and the held order (recapture), for their own components. */
  toastKind?: "success" | "info" | "error";
  toastId?: string;
  orderNumber?: string;
}

/** Spec 1 §4.3 defaults: toast bottom centre; banner bottom full width; slide panel top left; others centred. */
export function defaultPosition(type: NotificationType): NotificationPosition {
  if (type === "toast") return "bottom-center";
  if (type === "banner") return "bottom-full-width";
  if (type === "slidePanel") return "top-left";
  return "center";
}

/** A toast slides from the bottom, a top-centre one from the top; the other types appear without a slide. */
export function defaultAnimation(type: NotificationType, position: NotificationPosition): NotificationAnimation {
  if (type !== "toast") return "none";
  return position === "top-center" ? "slide-from-top" : "slide-from-bottom";
}

/** A modal closes itself after 2000 ms, a coupon notification after 7 s; the rest stay unless the content says. */
export function defaultAutoDismiss(type: NotificationType, sourceName: string): number | null {
  if (type === "modal") return NOTIFICATION_MODAL_AUTO_DISMISS_MS;
  if (sourceName === NOTIFICATION_SOURCES.coupon) return COUPON_NOTIFICATION_AUTO_DISMISS_MS;
  return null;
}

/** Whether it shows minimised: the visitor's last choice, else the content's. */
export function isMinimized(contentMinimized: boolean, events: ReadonlySet<NotificationEvent> | undefined): boolean {
  if (events?.has("minimized")) return true;
  if (events?.has("maximized")) return false;
  return contentMinimized;
}

/** Minimise and maximise exist for banners and toasts only (spec 1 §4.3). */
export function canMinimize(type: NotificationType): boolean {
  return type === "banner" || type === "toast";
}

type NotificationInput = ContentNotification & Pick<NotificationView, "kind" | "toastKind" | "toastId" | "orderNumber">;

/** Every field the spec leaves optional, filled with its default. */
export function withDefaults(input: NotificationInput): NotificationView {
  const positionClass = input.positionClass ?? defaultPosition(input.type);
  return {
    key: input.key ?? null,
    type: input.type,
    sourceName: input.sourceName,
    positionClass,
    displayAnimation: input.displayAnimation ?? defaultAnimation(input.type, positionClass),
    minimized: canMinimize(input.type) && (input.minimized ?? false),
    allowDismiss: input.allowDismiss ?? true,
    autoDismissDurationInMs: input.autoDismissDurationInMs ?? defaultAutoDismiss(input.type, input.sourceName),
    autoDismissOnEvent: input.autoDismissOnEvent ?? null,
    onlyShowOnce: input.onlyShowOnce ?? false,
    title: input.title,
    style: input.style ?? "message",
    message: input.message ?? null,
    link: input.link ?? null,
    paths: input.paths ?? null,
    kind: input.kind,
    ...(input.toastKind ? { toastKind: input.toastKind } : {}),
    ...(input.toastId ? { toastId: input.toastId } : {}),
    ...(input.orderNumber ? { orderNumber: input.orderNumber } : {}),
  };
}

/** Whether a content notification targets this page (its paths and what is under them; none: every page). */
export function targetsPath(paths: readonly string[] | undefined, pathname: string): boolean {
  if (!paths) return true;
  return paths.some((path) => {
    const base = path.length > 1 ? path.replace(/\/+$/, "") : path;
    return pathname === base || pathname.startsWith(base === "/" ? "/" : `${base}/`);
  });
}

/** Spec 1 §4.3: priority follows the list order (first is highest); unlisted sources have priority 0. */
export function sourcePriority(priorities: readonly string[], sourceName: string): number {
  const index = priorities.indexOf(sourceName);
  return index === -1 ? 0 : priorities.length - index;
}

export function isSourceAllowed(allowed: AllowedNotificationSources, sourceName: string): boolean {
  return allowed === ALL_NOTIFICATION_SOURCES || allowed.includes(sourceName);
}

/**
 * The one notification to show: from the allowed sources, the highest priority; between equals, the earlier
 * candidate (the caller lists the store's own before the content system's).
 */
export function chooseNotification<T extends { sourceName: string }>(
  candidates: readonly T[],
  allowed: AllowedNotificationSources,
  priorities: readonly string[],
): T | null {
  let best: T | null = null;
  let bestPriority = -1;
  for (const candidate of candidates) {
    if (!isSourceAllowed(allowed, candidate.sourceName)) continue;
    const priority = sourcePriority(priorities, candidate.sourceName);
    if (priority > bestPriority) {
      best = candidate;
      bestPriority = priority;
    }
  }
  return best;
}

export type ShowOnceVerdict = { show: true } | { show: false; error?: string };

/**
 * Spec 1 §4.3: a show-once notification without a key logs an error and is not shown; a key the visitor's records
 * mark displayed (or dismissed) is never shown again.
 */
export function showOnceVerdict(
  notification: { key?: string | null; onlyShowOnce?: boolean; title: string },
  recordedEvents: ReadonlyMap<string, ReadonlySet<NotificationEvent>>,
): ShowOnceVerdict {
  if (notification.onlyShowOnce && !notification.key) {
    return { show: false, error: `show-once notification "${notification.title}" has no key; not shown` };
  }
  const events = notification.key ? recordedEvents.get(notification.key) : undefined;
  if (events && (events.has("displayed") || events.has("dismissed"))) return { show: false };
  return { show: true };
}

/** The allowed sources a route declares in its handle (`notificationSources`), else every source. */
export function allowedSourcesOf(
  matches: ReadonlyArray<{ route?: { handle?: unknown }; handle?: unknown }> | undefined,
): AllowedNotificationSources {
  for (const match of [...(matches ?? [])].reverse()) {
    const handle = (match.route?.handle ?? match.handle) as { notificationSources?: unknown } | undefined;
    const sources = handle?.notificationSources;
    if (Array.isArray(sources) && sources.every((source) => typeof source === "string")) return sources;
  }
  return ALL_NOTIFICATION_SOURCES;
}

/** The dismiss, minimise and maximise forms (no JavaScript needed): the same schema on both sides. */
export const notificationActionSchema = z.object({
  intent: z.enum(["dismiss", "minimize", "maximize"]),
  key: notificationKeySchema,
  returnTo: safeReturnPathSchema.optional(),
});
export type NotificationAction = z.infer<typeof notificationActionSchema>;

export const NOTIFICATION_ACTION_PATH = "/resources/notifications";
