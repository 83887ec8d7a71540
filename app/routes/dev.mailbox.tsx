import { Form, Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { listOutbox, outboxStatus } from "~/services/adapters/email/outbox.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.mailbox";

export const handle: PageHandle = { pageName: "DevMailbox", headerType: "simple" };

export const meta: Route.MetaFunction = () => [
  { title: "Dev mailbox | Lenslane" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 100;

/** The e-mail outbox, outside production only (spec 6): what the store "sent", newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const rows = await listOutbox(services.db, { to: to || undefined, limit: PAGE_SIZE });
  return {
    to,
    smtp: Boolean(services.config.smtpUrl),
    messages: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      createdAt: formatTime(row.createdAt),
      status: outboxStatus(row),
    })),
  };
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export default function DevMailboxPage({ loaderData }: Route.ComponentProps) {
  const { to, smtp, messages } = loaderData;
  return (
    <section className="dev-mailbox">
      <h1>Dev mailbox</h1>
      <p>
        Every e-mail the store sends is kept here
        {smtp
          ? " and delivered through SMTP in the background (codes and sign-in links are removed once it went out)"
          : " (no SMTP server is configured, so nothing leaves this machine; codes and sign-in links show until they expire)"}
        . Newest first, the latest {PAGE_SIZE}.
      </p>
      <Form method="get" className="search-page-form">
        <label htmlFor="mailbox-to">Recipient</label>
        <div className="search-page-form-row">
          <input id="mailbox-to" name="to" type="email" defaultValue={to} placeholder="shopper@example.com" />
          <button type="submit">Filter</button>
        </div>
      </Form>
      {to ? (
        <p>
          Showing mail to <strong>{to}</strong>. <Link to="/dev/mailbox">Show all</Link>
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p data-testid="mailbox-empty">No messages yet.</p>
      ) : (
        <div className="prose">
          <table>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Kind</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} data-testid="mail-row" data-kind={message.kind} data-to={message.to}>
                  <td>{message.to}</td>
                  <td>
                    <Link to={`/dev/mailbox/${message.id}`}>{message.subject}</Link>
                  </td>
                  <td>{message.kind}</td>
                  <td>
                    <time>{message.createdAt}</time>
                  </td>
                  <td>{message.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
