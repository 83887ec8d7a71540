import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { openApiDocument } from "~/services/api/openapi/document.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.openapi.json";

/** Built once per process: the document only changes with the code. */
let cached: { version: string; document: ReturnType<typeof openApiDocument> } | null = null;

/** GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API, built from the routes' zod schemas. */
export function loader({ context }: Route.LoaderArgs) {
  const { version } = context.get(servicesContext).config;
  if (cached?.version !== version) cached = { version, document: openApiDocument({ version }) };
  return jsonResponse(cached.document, PUBLIC_PAGE_CACHE_CONTROL);
}

export function action() {
  return methodNotAllowed("GET");
}
