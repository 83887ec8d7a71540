import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { AccountNav } from "~/components/account/FormFields";
import { addressFormSchema, toAddressFormDefaults, toAddressInput } from "~/models/address";
import type { PageHandle } from "~/models/page";
import { createAddress } from "~/services/accounts/addresses.server";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.addresses.new";

export const handle: PageHandle = { pageName: "Account" };

export const meta: Route.MetaFunction = () => [
  { title: "Add an address | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
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
