import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { CartLine } from "~/components/cart/CartLine";
import { CART_MESSAGES, cartLineSchema } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";
import type { PageHandle } from "~/models/page";
import { lineQuantityOptions } from "~/models/supply";
import { cartView, changeItemQuantity, removeCartItem } from "~/services/cart.server";
import { servicesContext, visitorContext } from "~/services/context.server";
import type { Route } from "./+types/cart";

export const handle: PageHandle = { pageName: "Cart" };

export const meta: Route.MetaFunction = () => [
  { title: "Your cart | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { session, priceBook } = context.get(visitorContext);
  const cartId = session.get("cartId");
  const cart = cartId ? await cartView(db, cartId, priceBook) : null;
  return {
    groups: (cart?.groups ?? []).map((group) => ({
      ...group,
      items: group.items.map((item) => ({ ...item, quantityOptions: lineQuantityOptions(item, item.quantity) })),
    })),
    subtotalCents: cart?.subtotalCents ?? 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { session, priceBook } = context.get(visitorContext);
  const submission = parseWithZod(await request.formData(), { schema: cartLineSchema });
  if (submission.status !== "success") return data({ itemId: null, result: submission.reply() }, { status: 400 });
  const { itemId } = submission.value;
  const cartId = session.get("cartId");
  const item = cartId
    ? (await cartView(db, cartId, priceBook)).groups.flatMap((group) => group.items).find((line) => line.id === itemId)
    : undefined;
  if (!cartId || !item) {
    return data({ itemId, result: submission.reply({ formErrors: [CART_MESSAGES.itemGone] }) }, { status: 400 });
  }
  if (submission.value.intent === "remove") {
    await removeCartItem(db, cartId, itemId);
  } else {
    if (!lineQuantityOptions(item, item.quantity).includes(submission.value.quantity)) {
      return data(
        { itemId, result: submission.reply({ fieldErrors: { quantity: [CART_MESSAGES.quantityNotOffered] } }) },
        { status: 400 },
      );
    }
    await changeItemQuantity(db, cartId, itemId, submission.value.quantity);
  }
  return redirect("/cart", 303);
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups } = loaderData;
  if (groups.length === 0) {
    return (
      <section className="cart cart-empty">
        <h1>Your cart</h1>
        <p>Your cart is empty.</p>
        <p className="hero-actions">
          <Link to="/lenses" className="button button-primary">
            Shop contact lenses
          </Link>
          <Link to="/contact-lens-solution" className="button">
            Shop solution
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="cart">
      <h1>Your cart</h1>
      {groups.map((group, index) => (
        <section key={group.id} className="cart-group" aria-labelledby={`group-${group.id}`} data-testid="cart-group">
          <h2 id={`group-${group.id}`}>{group.type === "Lens" ? `Contact lenses ${index + 1}` : "Lens solution"}</h2>
          {group.autoReorder ? <p className="cart-group-autoreorder">Auto-reorder: {group.autoReorder}</p> : null}
          <table className="cart-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Eye</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.items.map((item) => (
                <CartLine
                  key={`${item.id}-${item.quantity}`}
                  line={item}
                  lastResult={actionData?.itemId === item.id ? actionData.result : undefined}
                />
              ))}
            </tbody>
          </table>
          <p className="cart-group-subtotal">Subtotal: {formatCents(group.subtotalCents)}</p>
        </section>
      ))}
      {actionData && !actionData.itemId ? (
        <p className="field-error" role="alert">
          We couldn&apos;t change your cart. Please try again.
        </p>
      ) : null}
      <div className="cart-summary">
        <p className="cart-subtotal">
          Subtotal <strong>{formatCents(loaderData.subtotalCents)}</strong>
        </p>
        <Link to="/checkout" className="button button-primary">
          Continue to checkout
        </Link>
      </div>
    </section>
  );
}
