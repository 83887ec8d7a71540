import { pageConfigurationRequestSchema, pageConfigurationResponseSchema } from "~/models/page-configuration";
import { errors, operation, type ApiOperation } from "./registry.server";

/** Content and personalization (spec 3 §7; decision 61): the content slots' decisions for an experience. */
export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/customerDataPlatform/pageConfiguration",
    summary: "The chosen content of an experience's slots for this visitor",
    description:
      "Customer groups, running promotions and the visitor's price book choose each slot's content and fill its " +
      "#{savings} and #{productPrice}. A signed-in visitor's new or returning group comes from the orders on " +
      "record. A failed or timed-out decision (3000 ms) answers an empty component list.",
    tag: "Customer data platform",
    auth: "optional",
    body: pageConfigurationRequestSchema,
    responses: {
      200: {
        description: "The chosen components (empty when none, or when the decision failed).",
        schema: pageConfigurationResponseSchema,
      },
      ...errors({ 400: "Bad input.", 413: "A body over the size limit." }),
    },
  }),
];
