import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import {
  normalizeSearchQuery,
  SEARCH_MIN_MATCH_CHAR_LENGTH,
  SEARCH_SUGGESTION_LIMIT,
  type SearchSuggestionsResponse,
} from "~/models/search";
import { suggestionQuerySchema } from "~/models/search-suggestions";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { searchProducts } from "~/services/catalog/search.server";
import type { Route } from "./+types/resources.search-suggestions";

/**
 * GET /resources/search-suggestions?q= — the header's as-you-type suggestions as JSON:
 * `{ query, suggestions: [{ name, brand, href, imageUrl }] }`, at most SEARCH_SUGGESTION_LIMIT. A query shorter
 * than the restrictive minimum suggests nothing; a missing, repeated, too long or unreadable `q` is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const values = new URL(request.url).searchParams.getAll("q");
  if (values.length > 1) return badRequest("Send one search term as ?q=.");
  const parsed = suggestionQuerySchema.safeParse(values[0]);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Bad search term.");

  const query = normalizeSearchQuery(parsed.data) ?? "";
  const { db } = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const results =
    query.length < SEARCH_MIN_MATCH_CHAR_LENGTH.restrictive
      ? []
      : await searchProducts(db, query, priceBook, { mode: "suggest", limit: SEARCH_SUGGESTION_LIMIT });
  const body: SearchSuggestionsResponse = {
    query,
    suggestions: results.map(({ name, brand, href, imageUrl }) => ({ name, brand, href, imageUrl })),
  };
  return Response.json(body, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

function badRequest(error: string) {
  return Response.json({ error }, { status: 400, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
