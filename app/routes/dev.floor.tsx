import type { PageHandle } from "~/models/page";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dev.floor";

/**
 * The framework floor (issue 15), outside production only (like /dev/mailbox): a page that renders almost nothing,
 * so `npm run bench` (target `floor`) shows what one request costs before any page's own work: the HTTP layer,
 * React Router's handler, the root middleware and loader (no database for a visitor without cookies) and the
 * document, without the shell. Private like every page without `cache: "public"`, so each request renders.
 */
export const handle: PageHandle = { pageName: "DevFloor", shell: false };

export const meta: Route.MetaFunction = () => [{ title: "Floor | Lenslane" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  return { floor: true };
}

export default function FloorPage({ loaderData }: Route.ComponentProps) {
  return <p>{loaderData.floor ? "Floor" : null}</p>;
}
