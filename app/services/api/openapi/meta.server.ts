import { z } from "zod";
import { errors, operation, type ApiOperation } from "./registry.server";

/** The API about itself: this document, and the GraphQL endpoint the store does not have (decision 41). */

export const GRAPHQL_MESSAGE =
  "This store has no GraphQL endpoint. Use the JSON API; it is described at /api/openapi.json.";

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This OpenAPI 3.1 document",
    tag: "API",
    auth: "none",
    responses: { 200: { description: "The document.", schema: z.looseObject({ openapi: z.literal("3.1.0") }) } },
  }),
  operation({
    method: "POST",
    path: "/graphql",
    summary: "Not offered: the store's reads are the JSON calls of this document (decision 41)",
    tag: "API",
    auth: "none",
    responses: errors({ 404: GRAPHQL_MESSAGE }),
  }),
];
