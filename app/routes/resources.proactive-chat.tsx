import { data, redirect } from "react-router";
import { CHAT_PATH } from "~/models/chat-words";
import { proactiveChatFormSchema } from "~/models/proactive-chat-form";
import { proactiveChatCookie } from "~/services/chat/proactive-chat.server";
import { servicesContext } from "~/services/platform/context.server";
import { parseSmallForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.proactive-chat";

/**
 * The proactive chat window's answers (decision 63), remembered in a small cookie so the window never comes back:
 * "No thanks" goes back to the page (on this site only), "Chat with us" to the chat page, both with a 303 and
 * without JavaScript. With JavaScript the browser posts `shown` when the window appears and stays on the page.
 * Bad input (an unknown intent, a return path to another site) is a 400, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions } = context.get(servicesContext);
  const form = await parseSmallForm(request, proactiveChatFormSchema, {
    maxBytes: 4096,
    message: "The request to close the chat invitation was not valid.",
  });
  const outcome = form.intent === "dismiss" ? "dismissed" : form.intent;
  const headers = { "Set-Cookie": proactiveChatCookie(sessions, outcome) };
  // The browser's fetcher keeps the page (a redirect would navigate); no plain form posts this intent.
  if (form.intent === "shown") return data({ remembered: outcome }, { headers });
  return redirect(form.intent === "chat" ? CHAT_PATH : (form.returnTo ?? "/"), { status: 303, headers });
}

/** Only POST is meaningful here; a GET (a typed URL, a crawler) gets a clear 405 page. */
export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

/** Not a page of its own: success redirects, and bad input is rendered by the root error boundary. */
export default function ResourceRoute() {
  return null;
}
