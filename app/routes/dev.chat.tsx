import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { ChatMessageField } from "~/components/chat/ChatSendForm";
import { agentReplySchema, chatMessageView, type ChatMessageView } from "~/models/chat";
import type { PageHandle } from "~/models/page";
import {
  answerConversation,
  closeConversation,
  findConversation,
  listConversations,
} from "~/services/adapters/chat/database-support.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import { DateTime } from "luxon";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.chat";
import { FieldError } from "~/components/forms/FieldError";
import { IntentForm } from "~/components/forms/IntentForm";

export const handle: PageHandle = { pageName: "DevChat", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Dev chat | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LIMIT = 50;
const conversationIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
const closeSchema = z.object({ intent: z.literal("close") });

/** Live chat's support desk for the embedded provider (decision 37); outside production only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction || services.chat.name !== "database") notFound(services, request);
  const selectedId = params.conversationId === undefined ? null : conversationIdSchema.safeParse(params.conversationId);
  if (selectedId && !selectedId.success) notFound(services, request);
  const [conversations, thread] = await Promise.all([
    listConversations(services.db, { limit: LIMIT }),
    selectedId?.success ? findConversation(services.db, selectedId.data) : null,
  ]);
  if (selectedId && !thread) notFound(services, request);
  return {
    conversations: conversations.map((row) => ({
      ...row,
      lastMessageAt: row.lastMessageAt.toISOString().replace("T", " ").slice(0, 19),
      waiting: row.status === "open" && row.lastAuthor === "shopper",
    })),
    selected: thread
      ? {
          id: thread.conversationId,
          status: thread.status,
          contact: thread.contact,
          messages: thread.messages.map((message) =>
            chatMessageView({ ...message, sentAt: DateTime.fromJSDate(message.sentAt) }),
          ),
        }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction || services.chat.name !== "database") notFound(services, request);
  const id = conversationIdSchema.safeParse(params.conversationId);
  if (!id.success) notFound(services, request);
  const { session } = context.get(visitorContext);
  const formData = await readForm(request);
  const back = `/dev/chat/${id.data}`;
  if (closeSchema.safeParse(Object.fromEntries(formData)).success) {
    const closed = await closeConversation(services.db, id.data);
    flashToast(session, closed ? "success" : "error", closed ? "Conversation closed." : "It was already closed.");
    return redirect(back, 303);
  }
  const submission = parseWithZod(formData, { schema: agentReplySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await answerConversation(
    { db: services.db, email: services.email, siteUrl: services.config.siteUrl },
    id.data,
    submission.value.message,
  );
  if (outcome === "not-found") notFound(services, request);
  if (outcome === "closed") {
    return data({ result: submission.reply({ formErrors: ["This conversation is closed."] }) }, { status: 400 });
  }
  flashToast(session, "success", "Answer sent; the shopper was e-mailed.");
  return redirect(back, 303);
}

export default function DevChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, selected } = loaderData;
  return (
    <section className="dev-orders dev-chat">
      <h1>Dev chat</h1>
      <p>
        Live chat&apos;s support desk for the embedded provider: the conversations shoppers started, newest activity
        first (the latest {LIMIT}). Open one to answer it (the shopper is e-mailed with a link back to the thread) or to
        close it.
      </p>
      {selected ? (
        <Conversation key={selected.messages.length} selected={selected} lastResult={actionData?.result} />
      ) : null}
      <h2>Conversations</h2>
      {conversations.length === 0 ? (
        <p data-testid="dev-chat-empty">No conversations yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Chat</th>
              <th scope="col">Shopper</th>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">Messages</th>
              <th scope="col">Last message (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {conversations.map((row) => (
              <tr key={row.id} data-testid="dev-chat-row" data-contact={row.contactEmail}>
                <td>
                  <Link to={`/dev/chat/${row.id}`}>Chat {row.id}</Link>
                </td>
                <td>
                  {row.contactName} &lt;{row.contactEmail}&gt; ({row.owner})
                </td>
                {/* The provider split (decision 63): "database" is the old provider, "sunshine" the new one's default. */}
                <td data-testid="chat-provider">{row.provider}</td>
                <td>{row.waiting ? "open, waiting for an answer" : row.status}</td>
                <td>{row.messageCount}</td>
                <td>{row.lastMessageAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Conversation({
  selected,
  lastResult,
}: {
  selected: {
    id: number;
    status: string;
    contact: { name: string; email: string };
    messages: ChatMessageView[];
  };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "dev-chat-answer",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(agentReplySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: agentReplySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="dev-chat-conversation" data-testid="dev-chat-conversation">
      <h2 id="dev-chat-conversation">
        Chat {selected.id} with {selected.contact.name} ({selected.status})
      </h2>
      <p>E-mail: {selected.contact.email}</p>
      <ol className="chat-messages">
        {selected.messages.map((message) => (
          <li key={message.id} className={`chat-message chat-message-${message.author}`}>
            <p className="chat-message-meta">
              <strong>{message.author === "agent" ? "Support" : selected.contact.name}</strong>{" "}
              <time dateTime={message.sentAt}>{message.sentAtLabel}</time>
            </p>
            <p className="chat-message-text">{message.text}</p>
          </li>
        ))}
      </ol>
      {selected.status === "open" ? (
        <>
          <Form method="post" className="chat-form" {...getFormProps(form)}>
            <FieldError as="p" field={form} />
            <ChatMessageField field={fields.message} label="Answer" />
            <button type="submit" className="button button-primary">
              Send answer
            </button>
          </Form>
          <IntentForm intent="close">Close conversation</IntentForm>
        </>
      ) : (
        <p>This conversation is closed.</p>
      )}
    </section>
  );
}
