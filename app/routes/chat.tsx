import { data, redirect } from "react-router";
import { ChatMessages } from "~/components/chat/ChatThread";
import { ChatSendForm } from "~/components/chat/ChatSendForm";
import { parseWithZod } from "@conform-to/zod/v4";
import { CHAT_PATH, CHAT_WORDS, chatMessageSchema } from "~/models/chat";
import type { PageHandle } from "~/models/page";
import { chatThreadView, sendChatMessage } from "~/services/chat/chat.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { readForm } from "~/services/platform/http.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/chat";

export const handle: PageHandle = { pageName: "Chat" };

export const meta: Route.MetaFunction = () => [
  { title: "Chat with us | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The shopper's thread with support (decision 37): the messages of the history window, and the send form. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  return { thread: await chatThreadView(services, visitor, "history") };
}

/**
 * Sends the shopper's message, then back to the thread (or, from the launcher's panel, to the page it is on). Bad
 * input is shown in the form with a 400; sending too fast, a 429 with its message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const formData = await readForm(request);
  if (await isSpam(formData)) throw data({ error: "We couldn't accept that form. Please try again." }, { status: 400 });
  const { needsContact } = await chatThreadView(services, visitor, "history");
  const submission = parseWithZod(formData, { schema: chatMessageSchema(needsContact) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { message, name, email, returnTo } = submission.value;
  const contact = needsContact && name && email ? { name, email } : null;
  const { clientIp } = context.get(requestInfoContext);
  const sent = await sendChatMessage(services, visitor, clientIp, { text: message, contact });
  if (sent === "too-fast") {
    return data({ result: submission.reply({ formErrors: [CHAT_WORDS.tooFast] }) }, { status: 429 });
  }
  if (sent === "unavailable") {
    return data({ result: submission.reply({ formErrors: [CHAT_WORDS.unavailable] }) }, { status: 503 });
  }
  if (sent === "contact-required") {
    return data({ result: submission.reply({ fieldErrors: { name: [CHAT_WORDS.nameRequired] } }) }, { status: 400 });
  }
  return redirect(returnTo ?? `${CHAT_PATH}#chat-latest`, 303);
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  return (
    <section className="chat-page" aria-labelledby="chat-title">
      <h1 id="chat-title">{CHAT_WORDS.title}</h1>
      <p>{CHAT_WORDS.intro}</p>
      <p className="chat-availability" data-testid="chat-availability">
        {thread.availability.notice}
      </p>
      <h2>Your conversation</h2>
      <ChatMessages messages={thread.messages} />
      {thread.status === "closed" ? <p className="notice">{CHAT_WORDS.closed}</p> : null}
      <h2>Write to us</h2>
      <ChatSendForm
        key={`${thread.messages.length}-${thread.needsContact}`}
        id="chat-page-form"
        needsContact={thread.needsContact}
        lastResult={actionData?.result}
      />
    </section>
  );
}
