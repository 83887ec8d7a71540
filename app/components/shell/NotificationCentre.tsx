import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useMatches, useSubmit } from "react-router";
import { CloseIcon } from "~/components/ui/CloseIcon";
import { PAGE_LOG_EVENT, type PageLogDetail } from "~/models/client-log";
import { Toast } from "~/components/ui/Toast";
import {
  allowedSourcesOf,
  canMinimize,
  isSourceAllowed,
  NOTIFICATION_ACTION_PATH,
  NOTIFICATION_CLICK_DELAY_MS,
  targetsPath,
  type NotificationView,
} from "~/models/notifications";
import { RecaptureBanner } from "./RecaptureBanner";

/**
 * The notification area (spec 1 §2.5, §4.3): the one notification the server chose for this page. It sits right after
 * the header in the document, so a text browser or a screen reader reads it there, with its buttons; CSS places it
 * (styles/notifications.css). The store's own keep their components (the form's answer is the toast, a held order's
 * is the recapture banner); content notifications are drawn from their fields.
 */
export function NotificationCentre({
  notification,
  returnTo,
}: {
  notification: NotificationView | null;
  returnTo: string;
}) {
  if (!notification) return null;
  if (notification.kind === "form-result") {
    const toast = {
      id: notification.toastId ?? "",
      kind: notification.toastKind ?? "info",
      message: notification.title,
    };
    return <Toast key={toast.id} toast={toast} />;
  }
  if (notification.kind === "recapture" && notification.orderNumber) {
    return <RecaptureBanner orderNumber={notification.orderNumber} returnTo={returnTo} />;
  }
  return <ContentNotice key={notification.key ?? notification.title} notification={notification} returnTo={returnTo} />;
}

/** Hidden in the browser only (JavaScript): a timer ran out, or the shopper moved to a page it does not belong to. */
function useClientHidden(notification: NotificationView): boolean {
  const location = useLocation();
  const matches = useMatches();
  // Where it was first shown (kept for this notification's life; the component is keyed by the notification).
  const [shownAt] = useState(location.pathname);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!notification.autoDismissDurationInMs) return;
    const timer = window.setTimeout(() => setTimedOut(true), notification.autoDismissDurationInMs);
    return () => window.clearTimeout(timer);
  }, [notification.autoDismissDurationInMs]);
  // The root's data is not read again on a client-side navigation: the page's rules are applied here once more. A
  // show-once notification belongs to the page it was shown on, as it would after a full page load.
  const moved = location.pathname !== shownAt;
  const leaves = moved && (notification.autoDismissOnEvent === "routeChange" || notification.onlyShowOnce);
  const allowedHere =
    isSourceAllowed(allowedSourcesOf(matches), notification.sourceName) &&
    targetsPath(notification.paths ?? undefined, location.pathname);
  return timedOut || leaves || !allowedHere;
}

function ContentNotice({ notification, returnTo }: { notification: NotificationView; returnTo: string }) {
  const hidden = useClientHidden(notification);
  const dialog = useRef<HTMLDialogElement>(null);
  const isModal = notification.type === "modal";
  useEffect(() => {
    const element = dialog.current;
    if (!isModal || !element || hidden) return;
    try {
      // Rendered open (no JavaScript needed to read it); with JavaScript it becomes modal (focus kept inside).
      element.close();
      element.showModal();
    } catch (error) {
      // Spec 1 §8: a failed notification modal show is logged (the page's reporter sends it to api/log/error).
      const message = `notification modal could not be shown: ${error instanceof Error ? error.message : String(error)}`;
      console.error(message);
      const detail: PageLogDetail = { level: "error", message };
      window.dispatchEvent(new CustomEvent(PAGE_LOG_EVENT, { detail }));
    }
  }, [isModal, hidden]);
  if (hidden) return null;

  const { key, type, minimized } = notification;
  const className = [
    "notification",
    `notification-${type}`,
    `notification-pos-${notification.positionClass}`,
    `notification-anim-${notification.displayAnimation}`,
    `notification-style-${notification.style}`,
    minimized ? "notification-minimized" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const titleId = `notification-title-${key ?? "notice"}`;
  const body = (
    <div className="notification-body">
      <div className="notification-text">
        <h2 id={titleId} className="notification-title">
          {notification.title}
        </h2>
        {minimized ? null : (
          <>
            {notification.message ? <p>{notification.message}</p> : null}
            {notification.link ? (
              <p>
                <Link to={notification.link.href}>{notification.link.label}</Link>
              </p>
            ) : null}
          </>
        )}
      </div>
      {key ? <Controls notification={notification} notificationKey={key} returnTo={returnTo} /> : null}
    </div>
  );
  if (isModal) {
    return (
      <dialog ref={dialog} open className={className} aria-labelledby={titleId} data-testid="notification">
        {body}
      </dialog>
    );
  }
  return (
    <aside
      className={className}
      aria-labelledby={titleId}
      role={notification.style === "attention" ? "alert" : "status"}
      data-testid="notification"
      data-source={notification.sourceName}
    >
      {body}
    </aside>
  );
}

/** Minimise or maximise (banner and toast) and dismiss: each a small POST form, so no JavaScript is needed. */
function Controls({
  notification,
  notificationKey,
  returnTo,
}: {
  notification: NotificationView;
  notificationKey: string;
  returnTo: string;
}) {
  const submit = useSubmit();
  // Spec 1 §4.3: the click is acted on after 200 ms, so the press shows first. Without JavaScript the form posts at
  // once (the browser's own submit).
  const delayed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    window.setTimeout(() => void submit(form), NOTIFICATION_CLICK_DELAY_MS);
  };
  const control = (intent: "dismiss" | "minimize" | "maximize", label: string, icon?: boolean) => (
    <Form method="post" action={NOTIFICATION_ACTION_PATH} className={`notification-${intent}`} onSubmit={delayed}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={notificationKey} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="link-button">
        {icon ? (
          <>
            <CloseIcon />
            <span className="visually-hidden">{label}</span>
          </>
        ) : (
          label
        )}
      </button>
    </Form>
  );
  return (
    <div className="notification-controls">
      {canMinimize(notification.type)
        ? notification.minimized
          ? control("maximize", "Show more")
          : control("minimize", "Show less")
        : null}
      {notification.allowDismiss ? control("dismiss", "Dismiss notification", true) : null}
    </div>
  );
}
