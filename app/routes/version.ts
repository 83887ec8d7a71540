import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/version";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return Response.json(
    { version: config.version, appEnv: config.appEnv },
    { headers: { "Cache-Control": "no-store" } },
  );
}
