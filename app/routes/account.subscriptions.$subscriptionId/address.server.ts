import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { savedAddressSchema } from "~/components/checkout/AddressStepSaved";
import { verifyChoiceSchema } from "~/components/checkout/VerifyAddressDialog";
import {
  addressFormSchema,
  SHIPPING_ADDRESS_PROBLEM_MESSAGES,
  toAddressInput,
  type AddressInput,
} from "~/models/address";
import { shippableAddressBook, withSuggestion } from "~/services/funnel/checkout-address.server";
import {
  clearPendingSubscriptionAddress,
  confirmSubscriptionAddress,
  holdPendingSubscriptionAddress,
  pendingSubscriptionAddressOf,
  submitSubscriptionAddress,
  type SubscriptionAddressOutcome,
} from "~/services/subscriptions/subscription-address.server";
import { reply, settle, type IntentAnswer, type IntentArgs } from "./intent.server";

/**
 * Where a subscription ships: a saved address (intent=use-saved-address), a new one (the account's address form,
 * which posts no intent), verified as at checkout; a differing suggestion waits in the session for the dialog, whose
 * choice posts intent=verify-choice.
 */
export async function changeAddress(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, session, customer, view, href } = args;
  const { db } = services;
  const deps = { db, verifier: services.addressVerifier, logger: services.logger };
  let address: AddressInput;
  let outcome: SubscriptionAddressOutcome;
  if (form === "verify") {
    const pending = pendingSubscriptionAddressOf(session, view.id);
    if (!pending) return redirect(href, 303);
    const submission = parseWithZod(formData, { schema: verifyChoiceSchema });
    if (submission.status !== "success") return reply("verify", submission.reply());
    const { choice } = submission.value;
    const result = await confirmSubscriptionAddress(db, { customerId: customer.id, pending, choice });
    clearPendingSubscriptionAddress(session);
    const chosen = choice === "suggested" ? withSuggestion(pending.entry, pending.suggestion) : pending.entry;
    return settle(args, result, addressMessage(chosen, true));
  }
  if (form === "saved-address") {
    const submission = parseWithZod(formData, { schema: savedAddressSchema });
    if (submission.status !== "success") return reply(form, submission.reply());
    const { addressId } = submission.value;
    const saved = (await shippableAddressBook(db, customer)).find((entry) => entry.saved.id === addressId);
    if (!saved) {
      return reply(form, submission.reply({ formErrors: ["That address is no longer in your address book."] }));
    }
    if (saved.problem) {
      return reply(form, submission.reply({ formErrors: [SHIPPING_ADDRESS_PROBLEM_MESSAGES[saved.problem]] }));
    }
    address = saved.address;
    outcome = await submitSubscriptionAddress(deps, { customer, subscriptionId: view.id, address, addressId });
  } else {
    const submission = parseWithZod(formData, { schema: addressFormSchema });
    if (submission.status !== "success") return reply("new-address", submission.reply());
    address = toAddressInput(submission.value);
    outcome = await submitSubscriptionAddress(deps, { customer, subscriptionId: view.id, address, addressId: null });
  }
  if (outcome.kind === "choose") {
    holdPendingSubscriptionAddress(session, outcome.pending);
    return redirect(`${href}?verify=address`, 303);
  }
  clearPendingSubscriptionAddress(session);
  return settle(args, outcome.result, addressMessage(address, outcome.verificationStatus === "Verified"));
}

/** 'Shipping address changed to 12 Main St, Boise, ID.' (and a word when it ships as entered, unverified). */
function addressMessage(address: AddressInput, verified: boolean): string {
  const street = [address.address1, address.address2].filter(Boolean).join(" ");
  const where = `${street}, ${address.city}, ${address.state}`;
  return `Shipping address changed to ${where}.${verified ? "" : " We'll ship to it as you entered it."}`;
}
