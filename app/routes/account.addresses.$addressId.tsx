import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { AccountNav } from "~/components/account/FormFields";
import { addressFormSchema, toAddressFormDefaults, toAddressInput } from "~/models/address";
import type { PageHandle } from "~/models/page";
import { getAddress, updateAddress } from "~/services/accounts/addresses.server";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.addresses.$addressId";

export const handle: PageHandle = { pageName: "Account" };

export const meta: Route.MetaFunction = () => [
  { title: "Edit address | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The address id of the URL; anything but a positive database id is simply not found. */
function addressIdOf(params: { addressId: string }): number {
  if (!/^[1-9][0-9]{0,8}$/.test(params.addressId)) throw data(null, { status: 404 });
  return Number(params.addressId);
}

/** Signed-in only (spec 6); another customer's address is a 404, like one that does not exist. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const address = await getAddress(db, customer.id, addressIdOf(params));
  if (!address) throw data(null, { status: 404 });
  return { addressId: address.id, defaultValue: toAddressFormDefaults(address) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const id = addressIdOf(params);
  const submission = parseWithZod(await readForm(request), { schema: addressFormSchema });
  if (submission.status !== "success") {
    if (!(await getAddress(db, customer.id, id))) throw data(null, { status: 404 });
    return data(submission.reply(), { status: 400 });
  }
  if (!(await updateAddress(db, customer.id, id, toAddressInput(submission.value)))) {
    throw data(null, { status: 404 });
  }
  return redirect("/account/addresses?saved=updated", 303);
}

export default function EditAddressPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1>Edit address</h1>
      <AccountNav />
      <AddressForm
        key={loaderData.addressId}
        id={`address-${loaderData.addressId}`}
        defaultValue={loaderData.defaultValue}
        lastResult={actionData}
        submitLabel="Save address"
      />
    </section>
  );
}
