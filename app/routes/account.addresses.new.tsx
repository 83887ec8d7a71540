import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { AccountNav } from "~/components/account/FormFields";
import { addressFormSchema, toAddressFormDefaults, toAddressInput } from "~/models/address";
import type { PageHandle } from "~/models/page";
import { createAddress } from "~/services/accounts/addresses.server";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.addresses.new";

export const handle: PageHandle = { pageName: "Account" };

export const meta: Route.MetaFunction = () => [
  { title: "Add an address | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * Nothing to read, but a loader all the same: a client-side navigation asks the server only for routes with loaders,
 * and that request is what runs the account layout's sign-in guard (spec 6: signed in only).
 */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const submission = parseWithZod(await readForm(request), { schema: addressFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await createAddress(db, customer.id, toAddressInput(submission.value));
  return redirect("/account/addresses?saved=added", 303);
}

export default function NewAddressPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1>Add an address</h1>
      <AccountNav />
      <AddressForm
        id="new-address"
        defaultValue={toAddressFormDefaults(null)}
        lastResult={actionData}
        submitLabel="Save address"
      />
    </section>
  );
}
