import { PRODUCT_TYPE, type PriceBook } from "~/models/catalog";
import { EYE_WORDS, lensOrderSchema, ORDER_MESSAGES, orderChoices, solutionOrderSchema } from "~/models/product-order";
import {
  resolveLensOrder,
  resolveSolutionOrder,
  unresolvedLensItems,
  type FieldErrors,
} from "../cart/add-to-cart.server";
import type { NewLineItemGroup } from "../cart/cart.server";
import { findProductDetail } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { jsonError } from "./json.server";
import type { NewLineItemGroupInput } from "./schemas/cart-api";

/**
 * Adding a product through the API (POST api/cart with a new group, POST api/cart/items) with exactly the product
 * page's rules: the lines become the product form's fields (`right-power`, `left-quantity`, ...) and go through the
 * same schema (lensOrderSchema / solutionOrderSchema: every parameter chosen and one of the product's options, a
 * quantity the product offers, auto-reorder only where allowed), then the same resolution to SKUs and stock
 * (resolveLensOrder / resolveSolutionOrder). Any refusal is a 400 with the product page's messages.
 */

const EYE_MESSAGE = 'A lens group has one line per eye: whichEye "Right" and/or "Left".';

/** The new group, resolved to its items; throws the 400 Response with the product page's messages. */
export async function resolveNewGroup(
  db: Database,
  priceBook: PriceBook,
  input: NewLineItemGroupInput,
): Promise<NewLineItemGroup> {
  const productIds = new Set(input.lineItems.map((line) => line.productId));
  if (productIds.size > 1) {
    throw jsonError(400, "A new group holds one product (as the product page adds it); add another as its own group.");
  }
  const productId = input.lineItems[0]!.productId;
  const product = await findProductDetail(db, { productId }, priceBook);
  if (!product || product.isHidden) throw jsonError(400, `No product with id ${productId}.`);
  if (product.discontinuedInCatalog) throw jsonError(400, ORDER_MESSAGES.discontinued);
  const { quantityOptions } = orderChoices(product);
  const autoReorder = input.autoReorder ? String(input.autoReorder.reorderFrequencyInDays) : undefined;

  if (product.productType === PRODUCT_TYPE.solution) {
    const [line, ...more] = input.lineItems;
    if (more.length > 0 || (line!.whichEye !== undefined && line!.whichEye !== "none")) {
      throw jsonError(400, 'A solution group has one line, without an eye (whichEye "none").');
    }
    const order = solutionOrderSchema({ quantityOptions, allowsAutoReorder: product.allowsAutoReorder }).safeParse({
      quantity: String(line!.quantity),
      autoReorder,
    });
    if (!order.success) throw fieldErrors(issuesByField(order.error.issues));
    const resolved = await resolveSolutionOrder(db, product, order.data);
    if ("errors" in resolved) throw fieldErrors(resolved.errors);
    return { type: "Solution", items: resolved.items, autoReorderFrequencyDays: order.data.autoReorderFrequencyDays };
  }

  const eyes = input.lineItems.map((line) => line.whichEye);
  if (eyes.some((eye) => eye !== "right" && eye !== "left") || new Set(eyes).size !== eyes.length) {
    throw jsonError(400, EYE_MESSAGE);
  }
  const names = new Set<string>(product.parameters.map((parameter) => parameter.name));
  const fields: Record<string, string | undefined> = {
    eyes: eyes.length === 2 ? "both" : eyes[0],
    autoReorder,
    prescription: input.prescriptionLater ? "later" : "now",
  };
  for (const line of input.lineItems) {
    for (const [name, value] of Object.entries(line.parameters ?? {})) {
      if (!names.has(name)) {
        const known = [...names].join(", ") || "none";
        throw jsonError(400, `Unknown parameter ${JSON.stringify(name)}; this product's parameters are: ${known}.`);
      }
      fields[`${line.whichEye}-${name}`] = value;
    }
    fields[`${line.whichEye}-quantity`] = String(line.quantity);
  }
  const order = lensOrderSchema({
    parameters: product.parameters,
    quantityOptions,
    allowsAutoReorder: product.allowsAutoReorder,
  }).safeParse(fields);
  if (!order.success) throw fieldErrors(issuesByField(order.error.issues));
  const resolved = order.data.prescriptionLater
    ? { items: unresolvedLensItems(product, order.data) }
    : await resolveLensOrder(db, product, order.data);
  if ("errors" in resolved) throw fieldErrors(resolved.errors);
  return { type: "Lens", items: resolved.items, autoReorderFrequencyDays: order.data.autoReorderFrequencyDays };
}

function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The product page's messages, each naming its eye when the message itself does not. */
function fieldErrors(errors: FieldErrors): Response {
  const messages = Object.entries(errors).flatMap(([field, fieldMessages]) => {
    const eye = /^(right|left)\b/.exec(field)?.[1] as keyof typeof EYE_WORDS | undefined;
    return fieldMessages.map((message) =>
      eye && !message.includes(EYE_WORDS[eye]) ? `${capitalize(EYE_WORDS[eye])}: ${message}` : message,
    );
  });
  return jsonError(400, [...new Set(messages)].join(" "));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
