import type { MiddlewareFunction } from "react-router";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonError, methodNotAllowed } from "./json.server";
import { allowedMethods, operationsAtPattern } from "./openapi/document.server";

/**
 * The JSON API's edge, before anything else runs (decision 40):
 * - a path under /api/ that no route takes (the catch-all matched it) answers JSON 404 `{ error }`, not the
 *   store's HTML not-found page;
 * - on a described path, a method the document does not list answers 405 JSON with Allow, OPTIONS answers 204
 *   with Allow, and HEAD is a GET whose body is dropped — so no route can forget, and the document and the routes
 *   cannot disagree about methods.
 * A path the document does not describe (yet) is left to its route, which answers its own 405s.
 */
export const apiBoundaryMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const operations = operationsAtPattern(pattern);
  if (operations.length === 0) {
    // The catch-all's pattern ("*", or "/*" by another join) took a path under /api.
    const pathname = pattern.replace(/^\//, "") === "*" ? new URL(request.url).pathname : "";
    if (/^\/api(\/|$)/.test(pathname)) {
      return jsonError(
        404,
        `There is no API call at ${pathname.slice(0, 200)}. The calls are listed at /api/openapi.json.`,
      );
    }
    return next();
  }
  const methods = allowedMethods(operations);
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") {
    const allow = [...(methods.includes("GET") ? [...methods, "HEAD"] : methods), "OPTIONS"].join(", ");
    return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }
  if (method === "HEAD" ? !methods.includes("GET") : !(methods as string[]).includes(method)) {
    return methodNotAllowed(...methods);
  }
  return next();
};
