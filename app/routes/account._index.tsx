import { DateTime } from "luxon";
import { redirect } from "react-router";
import { entryGuardPath } from "~/models/entry-guard";
import { visitorContext } from "~/services/platform/context.server";
import { isSameOriginReferrer } from "~/server/visitor.server";
import type { Route } from "./+types/account._index";

/**
 * /account is the account's entry, not a page (spec 2.2 entry guard): a signed-in customer goes to the dashboard, or
 * to the order history when they signed in through an auto-login link, came from no page of ours and ordered within
 * 9 days. The query string is kept. Signed out, the layout (account.tsx) opens the sign-in dialog, which comes back here.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const visitor = context.get(visitorContext);
  const url = new URL(request.url);
  const path = entryGuardPath({
    hasPreviousPage: isSameOriginReferrer(request, url),
    signedInViaToken: visitor.signedInVia === "auto-login",
    lastOrderAt: visitor.lastOrderAt ? DateTime.fromJSDate(visitor.lastOrderAt) : null,
    now: DateTime.now(),
  });
  throw redirect(`${path}${url.search}`, 302);
}
