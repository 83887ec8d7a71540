import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { findOutboxMessage, outboxStatus } from "~/services/adapters/email/outbox.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.mailbox.$id";

export const handle: PageHandle = { pageName: "DevMailbox", headerType: "simple" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.subject ?? "Message"} | Dev mailbox | Lenslane` },
  { name: "robots", content: "noindex" },
];

/** One stored e-mail, outside production only: its text body, and its HTML body in a sandboxed frame. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const row = /^[0-9]{1,10}$/.test(params.id) ? await findOutboxMessage(services.db, Number(params.id)) : undefined;
  if (!row) notFound(services, request);
  return {
    message: {
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      createdAt: formatTime(row.createdAt),
      status: outboxStatus(row),
      sentAt: row.sentAt ? formatTime(row.sentAt) : null,
      error: row.error,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt ? formatTime(row.nextAttemptAt) : null,
      secretExpiresAt: row.secretExpiresAt ? formatTime(row.secretExpiresAt) : null,
      scrubbedAt: row.scrubbedAt ? formatTime(row.scrubbedAt) : null,
    },
  };
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function deliveryText(message: {
  status: ReturnType<typeof outboxStatus>;
  sentAt: string | null;
  error: string | null;
  attempts: number;
  nextAttemptAt: string | null;
}): string {
  switch (message.status) {
    case "sent":
      return `sent ${message.sentAt}`;
    case "queued":
      return "queued for delivery";
    case "retrying":
      return `attempt ${message.attempts} failed (${message.error}); next attempt ${message.nextAttemptAt}`;
    case "failed":
      return `not sent: ${message.error}`;
    case "stored":
      return "not sent (outbox only)";
  }
}

/** The http(s) links in the text body, as real links (the HTML preview is sandboxed, so its links are inert). */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

export default function DevMailboxMessagePage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  const links = linksIn(message.text);
  return (
    <article className="dev-mailbox-message">
      <p>
        <Link to="/dev/mailbox">← Dev mailbox</Link>
      </p>
      <h1 data-testid="mail-subject">{message.subject}</h1>
      <dl>
        <dt>To</dt>
        <dd data-testid="mail-to">{message.to}</dd>
        <dt>Kind</dt>
        <dd>{message.kind}</dd>
        <dt>Stored</dt>
        <dd>
          <time>{message.createdAt}</time>
        </dd>
        <dt>SMTP</dt>
        <dd data-testid="mail-status">{deliveryText(message)}</dd>
        {message.secretExpiresAt || message.scrubbedAt ? (
          <>
            <dt>Codes and sign-in links</dt>
            <dd data-testid="mail-secrets">
              {message.scrubbedAt
                ? `removed ${message.scrubbedAt}`
                : `shown until they expire, ${message.secretExpiresAt}`}
            </dd>
          </>
        ) : null}
      </dl>
      {links.length > 0 ? (
        <>
          <h2>Links</h2>
          <ul>
            {links.map((link) => (
              <li key={link}>
                <a href={link} data-testid="mail-link">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Text</h2>
      <pre data-testid="mail-text" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {message.text}
      </pre>
      <h2>HTML</h2>
      <iframe
        title={`HTML body of “${message.subject}”`}
        sandbox=""
        srcDoc={message.html}
        data-testid="mail-html"
        style={{ width: "100%", height: "640px", border: "1px solid var(--line)", borderRadius: "var(--radius)" }}
      />
    </article>
  );
}
