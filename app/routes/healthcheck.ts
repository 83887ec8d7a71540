import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/healthcheck";

/** 200 only when the database answers; load balancers take the instance out otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const ok = await database.ping();
  return new Response(ok ? "OK" : "Database unavailable", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
