import { jsonError } from "~/services/api/json.server";
import { GRAPHQL_MESSAGE } from "~/services/api/openapi/meta.server";

// POST /graphql (spec: the store's own read queries, "if you judge it worth it"): not offered (decision 41). Any
// method gets a JSON answer that says so and where the JSON API is described, never the HTML not-found page.

export function loader() {
  return jsonError(404, GRAPHQL_MESSAGE);
}

export function action() {
  return jsonError(404, GRAPHQL_MESSAGE);
}
