import { jsonError, jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInfo.providerAddress.$id";

/** GET api/examInfo/providerAddress/{id} → the exam provider's office address; 404 for an unknown id. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = params.id;
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(id)) return jsonError(404, "No such provider.");
  const address = await services.examProvider.providerAddress(id);
  return address ? jsonResponse(address, "public, max-age=3600") : jsonError(404, "No such provider.");
}

export function action() {
  return methodNotAllowed("GET");
}
