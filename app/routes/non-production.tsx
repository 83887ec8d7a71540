import { redirect } from "react-router";
import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import { servicesContext } from "~/services/platform/context.server";
import { notFound } from "~/services/content/content-pages.server";
import type { Route } from "./+types/non-production";

export const handle: PageHandle = { pageName: "InternalTools" };

export const meta: Route.MetaFunction = () => [
  { title: "Internal tools | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Internal tools exist only outside production (spec 6); in production settings goes home, the rest are 404. */
export function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const tool = new URL(request.url).pathname.split("/")[1] ?? "";
  if (services.config.isProduction) {
    if (tool === "settings") throw redirect("/");
    notFound(services, request);
  }
  return { tool };
}

export default function InternalToolPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={`Internal: ${loaderData.tool}`} />;
}
