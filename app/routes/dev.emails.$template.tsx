import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { findEmailPreview } from "~/services/adapters/email/templates/previews.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.emails.$template";

export const handle: PageHandle = { pageName: "DevEmails", headerType: "simple" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? "Template"} | E-mail templates | Lenslane` },
  { name: "robots", content: "noindex" },
];

/** One template with its sample data, outside production only: the HTML in a sandboxed frame, then the text. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const preview = findEmailPreview(params.template);
  if (!preview) notFound(services, request);
  const message = await preview.render();
  return { title: preview.title, kind: message.kind, subject: message.subject, html: message.html, text: message.text };
}

export default function DevEmailTemplatePage({ loaderData }: Route.ComponentProps) {
  const { title, kind, subject, html, text } = loaderData;
  return (
    <article className="dev-email-template">
      <p>
        <Link to="/dev/emails">← E-mail templates</Link>
      </p>
      <h1>{title}</h1>
      <dl>
        <dt>Subject</dt>
        <dd data-testid="template-subject">{subject}</dd>
        <dt>Kind</dt>
        <dd>{kind}</dd>
      </dl>
      <h2>HTML</h2>
      <iframe
        title={`HTML body of “${subject}”`}
        sandbox=""
        srcDoc={html}
        data-testid="template-html"
        style={{ width: "100%", height: "640px", border: "1px solid var(--line)", borderRadius: "var(--radius)" }}
      />
      <h2>Text</h2>
      <pre data-testid="template-text" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </pre>
    </article>
  );
}
