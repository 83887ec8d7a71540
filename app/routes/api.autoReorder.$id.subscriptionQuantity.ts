import { quantitiesSchema } from "~/models/subscription";
import { jsonError, methodNotAllowed, privateJson, readJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import {
  changeFailure,
  currentSubscriptionJson,
  formText,
  parseForm,
  requireSubscription,
  requireSubscriptionCustomer,
  requireSubscriptionId,
} from "~/services/api/subscriptions.server";
import { setSubscriptionQuantities } from "~/services/subscriptions/subscriptions.server";
import type { Route } from "./+types/api.autoReorder.$id.subscriptionQuantity";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/:id/subscriptionQuantity { newRightQuantity, newLeftQuantity } (spec 3 §7) → 200 the
 * subscription. Each eye the subscription has needs a quantity from its product's options (`quantityOptions`),
 * or 0 to pause that eye; at least one box in all. An eye it does not have may be left out, null or 0. A
 * solution subscription takes `newQuantity`. Numbers or digit strings. 400 bad input, 404, 409 cancelled.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireSubscriptionCustomer(request, context);
  const id = requireSubscriptionId(params.id);
  const body = (await readJson(request)) as Record<string, unknown>;
  const { db } = context.get(servicesContext);
  const view = await requireSubscription(db, customer.id, id);
  const itemOf = (eye: string) => view.items.find((item) => item.whichEye === eye);

  const solution = itemOf("none");
  if (solution) {
    const { rightQuantity } = parseForm(
      quantitiesSchema({ right: solution.quantityOptions, left: null }),
      // The absent eye goes in as undefined: quantitiesSchema refuses a left-out key (reported to the lead).
      { rightQuantity: formText(body.newQuantity), leftQuantity: undefined },
      { rightQuantity: "newQuantity" },
    );
    const result = await setSubscriptionQuantities(db, customer.id, id, {
      right: null,
      left: null,
      none: rightQuantity,
    });
    if (!result.ok) return changeFailure(result);
    return privateJson(await currentSubscriptionJson(db, customer.id, id));
  }

  const input: Record<string, unknown> = {};
  for (const [eye, field, formField] of [
    ["right", "newRightQuantity", "rightQuantity"],
    ["left", "newLeftQuantity", "leftQuantity"],
  ] as const) {
    const value = formText(body[field]);
    if (itemOf(eye)) input[formField] = value;
    else if (value === undefined || value === "0") input[formField] = undefined;
    else return jsonError(400, `${field}: This subscription has no ${eye} eye lenses; leave it out or send 0.`);
  }
  const right = itemOf("right");
  const left = itemOf("left");
  const quantities = parseForm(
    quantitiesSchema({ right: right?.quantityOptions ?? null, left: left?.quantityOptions ?? null }),
    input,
    { rightQuantity: "newRightQuantity", leftQuantity: "newLeftQuantity" },
  );
  const result = await setSubscriptionQuantities(db, customer.id, id, {
    right: quantities.rightQuantity,
    left: quantities.leftQuantity,
  });
  if (!result.ok) return changeFailure(result);
  return privateJson(await currentSubscriptionJson(db, customer.id, id));
}
