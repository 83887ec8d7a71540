import { data, redirect } from "react-router";
import { canMinimize, notificationActionSchema } from "~/models/notifications";
import { contentNotificationByKey, notificationOwner } from "~/services/notifications/notification-centre.server";
import { forgetNotificationEvent, recordNotificationEvent } from "~/services/notifications/notification-records.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { parseSmallForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.notifications";

const INVALID = "The request to change the notification was not valid.";

/**
 * Dismissing, minimising and maximising a notification of the centre (spec 1 §4.3): plain forms that work without
 * JavaScript. The choice is remembered for the customer (signed in) or this browser, and the shopper goes back to the
 * page, on this site only. A key the content system does not have, a control the notification does not offer, or a
 * return path to another site is a 400, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, content } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const form = await parseSmallForm(request, notificationActionSchema, { maxBytes: 4096, message: INVALID });
  const notification = await contentNotificationByKey(content, form.key);
  const offered =
    notification !== null &&
    (form.intent === "dismiss" ? notification.allowDismiss !== false : canMinimize(notification.type));
  if (!offered) throw data({ error: INVALID }, { status: 400 });
  const owner = notificationOwner(visitor);
  if (form.intent === "dismiss") await recordNotificationEvent(db, owner, form.key, "dismissed");
  else {
    // The last choice counts: minimising forgets a maximise, and the other way round.
    const [chosen, undone] =
      form.intent === "minimize" ? (["minimized", "maximized"] as const) : (["maximized", "minimized"] as const);
    await forgetNotificationEvent(db, owner, form.key, undone);
    await recordNotificationEvent(db, owner, form.key, chosen);
  }
  // The browser keeps its id, so what it chose is its own on the next page.
  if (!visitor.customer) visitor.keepVisitorId();
  return redirect(form.returnTo ?? "/", 303);
}

/** Only POST is meaningful here; a GET (a typed URL, a crawler) gets a clear 405 page. */
export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

/** Not a page of its own: success redirects, and bad input is rendered by the root error boundary. */
export default function ResourceRoute() {
  return null;
}
