import { Form, Link } from "react-router";
import { ANALYTICS_EVENT_NAMES } from "~/models/analytics-events";
import type { PageHandle } from "~/models/page";
import { latestEvents } from "~/services/adapters/analytics/event-table.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.analytics";

export const handle: PageHandle = { pageName: "DevAnalytics", headerType: "simple" };

export const meta: Route.MetaFunction = () => [
  { title: "Dev analytics | Lenslane" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 100;

/**
 * The analytics events table (decision 59), outside production only, as the dev mailbox shows the e-mail outbox: what
 * the embedded analytics adapter stored, newest first, and whether each went to the clickstream proxy.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const requested = new URL(request.url).searchParams.get("type") ?? "";
  const type = (ANALYTICS_EVENT_NAMES as readonly string[]).includes(requested) ? requested : "";
  const rows = await latestEvents(services.db, { limit: PAGE_SIZE, type: type || undefined });
  return {
    type,
    forwarding: services.analytics.forwarding,
    events: rows.map((row) => ({
      id: row.id,
      eventType: row.eventType,
      eventTime: `${row.eventTime.toISOString().slice(0, 19).replace("T", " ")} UTC`,
      who: row.customerId !== null ? `customer ${row.customerId}` : row.visitorId ? `visitor ${row.visitorId}` : "—",
      sessionId: row.sessionId,
      detail: row.detail,
      tags: row.tags.map((tag) => `${tag.name}=${tag.value}`).join(", "),
      data: row.data ? JSON.stringify(row.data).slice(0, 300) : null,
      status: row.forwardedAt ? "forwarded" : row.nextForwardAt ? "waiting" : row.forwardError ? "failed" : "stored",
    })),
  };
}

export default function DevAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { type, forwarding, events } = loaderData;
  return (
    <section className="dev-analytics">
      <h1>Dev analytics</h1>
      <p>
        Every analytics event the store records is kept here
        {forwarding
          ? " and forwarded to the clickstream proxy in the background"
          : " (no clickstream proxy is configured, so nothing leaves this machine)"}
        . Newest first, the latest {PAGE_SIZE}. <code>npm run events:export</code> writes them all.
      </p>
      <Form method="get" className="search-page-form">
        <label htmlFor="analytics-type">Event type</label>
        <div className="search-page-form-row">
          <select id="analytics-type" name="type" defaultValue={type}>
            <option value="">All</option>
            {ANALYTICS_EVENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button type="submit">Filter</button>
        </div>
      </Form>
      {type ? (
        <p>
          Showing <strong>{type}</strong> events. <Link to="/dev/analytics">Show all</Link>
        </p>
      ) : null}
      {events.length === 0 ? (
        <p data-testid="analytics-empty">No events yet.</p>
      ) : (
        <div className="prose">
          <table>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Detail and tags</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td>{event.eventType}</td>
                  <td>{event.eventTime}</td>
                  <td>
                    {event.who}
                    {event.sessionId ? <div>session {event.sessionId}</div> : null}
                  </td>
                  <td>
                    {event.detail ? <div>{event.detail}</div> : null}
                    {event.tags ? <div>{event.tags}</div> : null}
                    {event.data ? <code>{event.data}</code> : null}
                  </td>
                  <td>{event.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
