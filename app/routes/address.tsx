import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { AddressStepSignIn } from "~/components/checkout/AddressStepSignIn";
import { useInDialogSlot } from "~/components/ui/DialogSlot";
import { addressChoices, SavedAddressForm, savedAddressSchema } from "~/components/checkout/AddressStepSaved";
import {
  VERIFY_ADDRESS_HREF,
  VerifyAddressDialog,
  verifyChoiceSchema,
} from "~/components/checkout/VerifyAddressDialog";
import {
  addressFormSchema,
  toAddressInput,
  SHIPPING_ADDRESS_PROBLEM_MESSAGES,
} from "~/models/address";
import { newAddressDefaults, verifyDialogLines } from "~/models/address-verify-view";
import { pagePath, type PageHandle } from "~/models/page";
import { signInHref } from "~/models/sign-in";
import { cartExists } from "~/services/cart/cart.server";
import {
  cartShippingAddress,
  clearPendingVerification,
  confirmVerifiedAddress,
  holdPendingVerification,
  pendingVerificationOf,
  shippableAddressBook,
  submitShippingAddress,
  type SubmitOutcome,
} from "~/services/funnel/checkout-address.server";
import { servicesContext, visitorContext, type Visitor } from "~/services/platform/context.server";
import type { Database } from "~/services/db/client.server";
import { funnelGroups, redirectToNextStep } from "~/services/funnel/funnel.server";
import { flashToast } from "~/services/platform/session.server";
import styles from "~/styles/checkout-address.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/address";

export const handle: PageHandle = {
  pageName: "Address",
  headerType: "simple",
  footerSimplified: true,
  pageDialog: true,
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Shipping address | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * The step needs a cart with items: a missing cart goes to the cart page; an empty one to the product list (spec 2
 * §4: an empty cart after the cart page).
 */
async function requireCart(db: Database, visitor: Visitor): Promise<string> {
  const cartId = visitor.session.get("cartId");
  if (!cartId || !(await cartExists(db, cartId))) throw redirect("/cart", 303);
  const groups = await funnelGroups(db, cartId);
  if (groups.every((group) => group.items.length === 0)) throw redirect(pagePath("ProductListPage")!, 303);
  return cartId;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const cartId = await requireCart(db, visitor);
  const customer = visitor.customer;
  if (!customer) {
    // Signing in from here comes back here (not to the reorder page the dialog otherwise goes to).
    return {
      signedIn: false as const,
      signInHref: signInHref("/address", "sign-in", { redirectTo: "/address" }),
      guestHref: signInHref("/address", "guest", { redirectTo: "/address" }),
    };
  }
  const wantsDialog = new URL(request.url).searchParams.get("verify") === "address";
  const pending = pendingVerificationOf(visitor.session);
  // A stale dialog URL (the choice was saved, or the session moved on) shows the form.
  if (wantsDialog && !pending) throw redirect("/address", 303);

  const [book, shipping] = await Promise.all([shippableAddressBook(db, customer), cartShippingAddress(db, cartId)]);
  // The cart's current address is chosen to begin with, else the primary one (listed first).
  const selected = (book.find((entry) => entry.saved.id === shipping?.addressId) ?? book[0])?.saved.id ?? null;
  return {
    signedIn: true as const,
    addresses: addressChoices(book),
    selectedId: selected,
    newAddressDefaults: newAddressDefaults(pending, customer),
    verify: wantsDialog && pending ? verifyDialogLines(pending) : null,
  };
}

type ActionForm = "saved" | "new" | "verify";

/** A refused form's result, rendered next to that form (400, so it reads the same without JavaScript). */
function reply(form: ActionForm, result: SubmissionResult<string[]>) {
  return data({ form, result }, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { db, logger } = services;
  const cartId = await requireCart(db, visitor);
  const customer = visitor.customer;
  if (!customer) {
    logger.info({ reason: "not signed in" }, "shipping address refused");
    throw redirect(signInHref("/address", "sign-in", { redirectTo: "/address" }), 303);
  }
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const deps = { db, verifier: context.get(servicesContext).addressVerifier, logger };

  if (intent === "verify-choice") {
    const pending = pendingVerificationOf(visitor.session);
    if (!pending) return redirect("/address", 303);
    const submission = parseWithZod(formData, { schema: verifyChoiceSchema });
    if (submission.status !== "success") return reply("verify", submission.reply());
    await confirmVerifiedAddress(db, { cartId, customerId: customer.id, pending, choice: submission.value.choice });
    return goOn(db, visitor, "Address saved.");
  }

  let outcome: SubmitOutcome;
  if (intent === "use-saved") {
    const submission = parseWithZod(formData, { schema: savedAddressSchema });
    if (submission.status !== "success") return reply("saved", submission.reply());
    const { addressId } = submission.value;
    const saved = (await shippableAddressBook(db, customer)).find((entry) => entry.saved.id === addressId);
    if (!saved) {
      return reply("saved", submission.reply({ formErrors: ["That address is no longer in your address book."] }));
    }
    if (saved.problem) {
      logger.info({ reason: saved.problem }, "shipping address refused");
      return reply("saved", submission.reply({ formErrors: [SHIPPING_ADDRESS_PROBLEM_MESSAGES[saved.problem]] }));
    }
    outcome = await submitShippingAddress(deps, { cartId, customer, address: saved.address, addressId });
  } else {
    // The address form (AddressForm) carries no intent: anything else is a new address.
    const submission = parseWithZod(formData, { schema: addressFormSchema });
    if (submission.status !== "success") return reply("new", submission.reply());
    const address = toAddressInput(submission.value);
    outcome = await submitShippingAddress(deps, { cartId, customer, address, addressId: null });
  }

  if (outcome.kind === "choose") {
    holdPendingVerification(visitor.session, outcome.pending);
    return redirect(VERIFY_ADDRESS_HREF, 303);
  }
  const verified = outcome.snapshot.verificationStatus === "Verified";
  return goOn(db, visitor, verified ? "Address saved." : "Address saved. We'll ship to it as you entered it.");
}

/** Saved: the pending choice is done with, and the funnel goes on (spec 2 §4: Address → Doctor → Checkout). */
async function goOn(db: Database, visitor: Visitor, message: string) {
  clearPendingVerification(visitor.session);
  flashToast(visitor.session, "success", message);
  return redirectToNextStep(db, visitor, "Address");
}

export default function AddressPage({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = (form: ActionForm) => (actionData?.form === form ? actionData.result : undefined);
  // Rendered twice (DialogSlot.tsx): the dialog in the slot after the header, the page in <main>.
  const inDialogSlot = useInDialogSlot();
  if (inDialogSlot) {
    const verify = loaderData.signedIn ? loaderData.verify : null;
    return verify ? (
      <VerifyAddressDialog
        entryLines={verify.entryLines}
        suggestionLines={verify.suggestionLines}
        lastResult={resultFor("verify")}
      />
    ) : null;
  }
  if (!loaderData.signedIn) {
    return (
      <section className="address-step">
        <h1>Shipping address</h1>
        <AddressStepSignIn signInHref={loaderData.signInHref} guestHref={loaderData.guestHref} />
      </section>
    );
  }
  const { addresses, selectedId, newAddressDefaults } = loaderData;
  return (
    <section className="address-step">
      <h1>Where should we ship your order?</h1>
      {addresses.length > 0 ? (
        <section className="address-step-section" aria-labelledby="saved-addresses-title">
          <h2 id="saved-addresses-title">Ship to a saved address</h2>
          <SavedAddressForm addresses={addresses} selectedId={selectedId} lastResult={resultFor("saved")} />
        </section>
      ) : null}
      <section className="address-step-section" aria-labelledby="new-address-title">
        <h2 id="new-address-title">{addresses.length > 0 ? "Or ship to a new address" : "Your shipping address"}</h2>
        <AddressForm
          id="shipping-address"
          defaultValue={newAddressDefaults}
          lastResult={resultFor("new")}
          submitLabel="Continue"
          cancelHref={null}
        />
      </section>
    </section>
  );
}
