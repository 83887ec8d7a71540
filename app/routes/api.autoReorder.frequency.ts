import { frequencySchema } from "~/models/subscription";
import { jsonError, methodNotAllowed, privateJson, readJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import {
  changeFailure,
  currentSubscriptionJson,
  formText,
  parseForm,
  requireSubscriptionCustomer,
} from "~/services/api/subscriptions.server";
import { parseSubscriptionId, setSubscriptionFrequency } from "~/services/subscriptions/subscriptions.server";
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
  const customer = requireSubscriptionCustomer(request, context);
  const body = (await readJson(request)) as Record<string, unknown>;
  const id = parseSubscriptionId(formText(body.subscriptionId));
  if (id === null) return jsonError(400, "subscriptionId: Send the subscription's id.");
  const { frequencyDays } = parseForm(
    frequencySchema,
    { frequencyDays: formText(body.newFrequencyInDays) },
    { frequencyDays: "newFrequencyInDays" },
  );
  const { db } = context.get(servicesContext);
  const result = await setSubscriptionFrequency(db, customer.id, id, frequencyDays);
  if (!result.ok) return changeFailure(result);
  return privateJson(await currentSubscriptionJson(db, customer.id, id));
}
