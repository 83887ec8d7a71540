import { frequencySchema } from "~/models/subscription";
import { jsonError, methodNotAllowed, parseJson, readJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { formText, SUBSCRIPTION_SIGN_IN, subscriptionChangeAnswer } from "~/services/api/subscriptions.server";
import { parseSubscriptionId, setSubscriptionFrequency } from "~/services/subscriptions/subscriptions.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.autoReorder.frequency";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/frequency { subscriptionId, newFrequencyInDays } (spec 3 §7) → 200 the subscription. The
 * frequency is one of the labelled ones (30, 60, 90, 180, 360 days). Numbers or digit strings. 400 bad input
 * (a subscriptionId that is not an id included), 404 not the customer's, 409 cancelled.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN);
  const body = await readJson(request);
  const id = parseSubscriptionId(formText(body.subscriptionId));
  if (id === null) return jsonError(400, "subscriptionId: Send the subscription's id.");
  const { frequencyDays } = parseJson(
    frequencySchema,
    { frequencyDays: formText(body.newFrequencyInDays) },
    { fieldNames: { frequencyDays: "newFrequencyInDays" } },
  );
  const { db } = context.get(servicesContext);
  const result = await setSubscriptionFrequency(db, customer.id, id, frequencyDays);
  return subscriptionChangeAnswer(db, customer.id, id, result);
}
