import { quantitiesSchema } from "~/models/subscription";
import { jsonError, methodNotAllowed, parseJson, readJson } from "~/services/api/json.server";
import {
  formText,
  requireSubscription,
  subscriptionCall,
  subscriptionChangeAnswer,
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
  const { customer, id, services } = subscriptionCall({ request, params, context }, { is: "PUT" });
  const body = await readJson(request);
  const { db } = services;
  const view = await requireSubscription(db, customer.id, id);
  const itemOf = (eye: string) => view.items.find((item) => item.whichEye === eye);

  const solution = itemOf("none");
  if (solution) {
    const { rightQuantity } = parseJson(
      quantitiesSchema({ right: solution.quantityOptions, left: null }),
      // The absent eye goes in as undefined: quantitiesSchema refuses a left-out key (reported to the lead).
      { rightQuantity: formText(body.newQuantity), leftQuantity: undefined },
      { fieldNames: { rightQuantity: "newQuantity" } },
    );
    const result = await setSubscriptionQuantities(db, customer.id, id, {
      right: null,
      left: null,
      none: rightQuantity,
    });
    return subscriptionChangeAnswer(db, customer.id, id, result);
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
  const quantities = parseJson(
    quantitiesSchema({ right: right?.quantityOptions ?? null, left: left?.quantityOptions ?? null }),
    input,
    { fieldNames: { rightQuantity: "newRightQuantity", leftQuantity: "newLeftQuantity" } },
  );
  const result = await setSubscriptionQuantities(db, customer.id, id, {
    right: quantities.rightQuantity,
    left: quantities.leftQuantity,
  });
  return subscriptionChangeAnswer(db, customer.id, id, result);
}
