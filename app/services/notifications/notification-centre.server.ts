import { isbot } from "isbot";
import { createContext, type MiddlewareFunction } from "react-router";
import {
  ALL_NOTIFICATION_SOURCES,
  allowedSourcesOf,
  canMinimize,
  chooseNotification,
  isMinimized,
  isSourceAllowed,
  NOTIFICATION_PRIORITY_CACHE_MS,
  NOTIFICATION_SOURCES,
  showOnceVerdict,
  targetsPath,
  withDefaults,
  type AllowedNotificationSources,
  type ContentNotification,
  type NotificationView,
} from "~/models/notifications";
import { RECAPTURE_MESSAGES } from "~/models/recapture-words";
import type { ContentSource } from "../adapters/content/content-source";
import { recaptureBanner } from "../orders/recapture.server";
import type { AppServices, Visitor } from "../platform/context.server";
import { notificationEvents, recordNotificationEvent, type NotificationOwner } from "./notification-records.server";

/**
 * The notification centre (spec 1 §4.3), rendered on the server: it gathers the candidates (the answer to the
 * shopper's last form post, the held order's attention banner, the content system's notifications for this page),
 * keeps those the page allows and the visitor's records do not block, and returns the one of the highest-priority
 * source. A show-once notification it returns is recorded as displayed, so no later page shows it again.
 */

type CentreServices = Pick<AppServices, "db" | "content" | "examProvider" | "logger">;

/** The page's allowed sources, read by `notificationSourcesMiddleware` from the deepest route handle. */
export const notificationSourcesContext = createContext<AllowedNotificationSources>(ALL_NOTIFICATION_SOURCES);

/**
 * Route handles are known to the server's middleware (its `matches`), not to loaders: this root middleware keeps the
 * deepest `notificationSources` for the root loader. A match list it cannot read leaves the default (every source).
 */
export const notificationSourcesMiddleware: MiddlewareFunction<Response> = (args, next) => {
  const { matches } = args as typeof args & { matches?: ReadonlyArray<{ route?: { handle?: unknown } }> };
  args.context.set(notificationSourcesContext, allowedSourcesOf(matches));
  return next();
};

/** Spec 1 §7: the priority list is read at most once an hour (per content source, per process). */
const priorityCache = new WeakMap<ContentSource, { loadedAt: number; value: Promise<string[]> }>();

export function notificationPriorities(content: ContentSource, now: number = Date.now()): Promise<string[]> {
  const cached = priorityCache.get(content);
  if (cached && now - cached.loadedAt < NOTIFICATION_PRIORITY_CACHE_MS) return cached.value;
  const value = content.getNotificationSourcePriorities();
  const entry = { loadedAt: now, value };
  priorityCache.set(content, entry);
  value.catch(() => {
    if (priorityCache.get(content) === entry) priorityCache.delete(content);
  });
  return value;
}

/** Whose records these are: the signed-in customer's, else the browser's. */
export function notificationOwner(visitor: Pick<Visitor, "customer" | "visitorId">): NotificationOwner {
  return visitor.customer ? { customerId: visitor.customer.id } : { visitorId: visitor.visitorId };
}

/** A content mistake is logged once per process, not on every page. */
const reported = new Set<string>();

function contentCandidate(notification: ContentNotification): NotificationView {
  return withDefaults({ ...notification, kind: "content" });
}

export interface CentreInput {
  pathname: string;
  allowed: AllowedNotificationSources;
  /** A crawler gets a new visitor id on every request: nothing is recorded for it (it would only fill the table). */
  userAgent?: string | null;
  now?: Date;
}

/** The one notification for this page, or null. */
export async function notificationCentre(
  services: CentreServices,
  visitor: Visitor,
  { pathname, allowed, userAgent = null, now = new Date() }: CentreInput,
): Promise<NotificationView | null> {
  const allows = (source: string) => isSourceAllowed(allowed, source);
  const wantsRecapture = visitor.customer !== null && visitor.hasHeldOrder && allows(NOTIFICATION_SOURCES.recapture);
  const [priorities, fromContent, recapture] = await Promise.all([
    notificationPriorities(services.content),
    services.content.getNotifications(),
    // Only for a customer with a held order (the session lookup says): the attention banner's order (issue 16).
    wantsRecapture && visitor.customer ? recaptureBanner(services, visitor.customer.id, now) : null,
  ]);

  const candidates: NotificationView[] = [];
  if (visitor.toast && allows(NOTIFICATION_SOURCES.formResult)) {
    candidates.push(
      withDefaults({
        type: "toast",
        sourceName: NOTIFICATION_SOURCES.formResult,
        title: visitor.toast.message,
        kind: "form-result",
        toastKind: visitor.toast.kind,
        // No key: the toast is spent when read, so there is nothing to record or dismiss for good.
        toastId: visitor.toast.id,
      }),
    );
  }
  if (recapture) {
    candidates.push(
      withDefaults({
        type: "banner",
        sourceName: NOTIFICATION_SOURCES.recapture,
        title: RECAPTURE_MESSAGES.title,
        style: "attention",
        kind: "recapture",
        orderNumber: recapture.orderNumber,
      }),
    );
  }

  const forPage = fromContent.filter(
    (notification) => allows(notification.sourceName) && targetsPath(notification.paths, pathname),
  );
  const owner = notificationOwner(visitor);
  const keys = forPage.flatMap((notification) => (notification.key ? [notification.key] : []));
  // What this visitor saw or dismissed decides the page: it is theirs alone (never shared by a cache).
  if (keys.length > 0) visitor.markPersonal();
  const events = await notificationEvents(services.db, owner, keys, now);
  for (const notification of forPage) {
    const verdict = showOnceVerdict(notification, events);
    if (!verdict.show) {
      if (verdict.error && !reported.has(verdict.error)) {
        reported.add(verdict.error);
        services.logger.error({ sourceName: notification.sourceName }, verdict.error);
      }
      continue;
    }
    const view = contentCandidate(notification);
    if (view.key && canMinimize(view.type)) view.minimized = isMinimized(view.minimized, events.get(view.key));
    candidates.push(view);
  }

  const chosen = chooseNotification(candidates, allowed, priorities);
  if (!chosen) return null;
  const showOnceKey = chosen.kind === "content" && chosen.onlyShowOnce ? chosen.key : null;
  // Crawlers get no records (a new visitor id each time would only fill the table); asked only when one is due.
  if (showOnceKey && (visitor.customer !== null || !isbot(userAgent ?? ""))) {
    await recordNotificationEvent(services.db, owner, showOnceKey, "displayed", now);
    // The browser keeps its id so the record is its own next time (signed-in customers' records are theirs).
    if (!visitor.customer) visitor.keepVisitorId();
  }
  return chosen;
}

/** The content notification a dismiss or minimise form names, if the content system has it. */
export async function contentNotificationByKey(
  content: ContentSource,
  key: string,
): Promise<ContentNotification | null> {
  return (await content.getNotifications()).find((notification) => notification.key === key) ?? null;
}
