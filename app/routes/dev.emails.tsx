import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { EMAIL_PREVIEWS } from "~/services/adapters/email/templates/previews.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.emails";

export const handle: PageHandle = { pageName: "DevEmails", headerType: "simple" };

export const meta: Route.MetaFunction = () => [
  { title: "E-mail templates | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Every e-mail template with sample data, outside production only (like the dev mailbox). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  return { templates: EMAIL_PREVIEWS.map((preview) => ({ id: preview.id, title: preview.title })) };
}

export default function DevEmailsPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dev-emails">
      <h1>E-mail templates</h1>
      <p>
        Each message the store sends, rendered from its React Email template with sample data: the HTML body and the
        plain-text body. What was really sent is in the <Link to="/dev/mailbox">dev mailbox</Link>.
      </p>
      <ul>
        {loaderData.templates.map((template) => (
          <li key={template.id}>
            <Link to={`/dev/emails/${template.id}`} data-testid="email-template">
              {template.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
