import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { AddressCard } from "~/components/account/AddressCard";
import { AccountNav, SavedNotice } from "~/components/account/FormFields";
import type { PageHandle } from "~/models/page";
import { deleteAddress, listAddresses, setPrimaryAddress } from "~/services/accounts/addresses.server";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.addresses";

export const handle: PageHandle = { pageName: "Account" };

const addressId = z.coerce.number().int().positive().max(2_147_483_647);
/** The per-address buttons of the list (intent=delete, intent=set-primary). */
const addressActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), addressId }),
  z.object({ intent: z.literal("set-primary"), addressId }),
]);

const SAVED_MESSAGES = {
  added: "Your address is added.",
  updated: "Your address is saved.",
  deleted: "Your address is deleted.",
  primary: "Your primary address is changed.",
} as const;
export type AddressSavedFlag = keyof typeof SAVED_MESSAGES;

export const meta: Route.MetaFunction = () => [
  { title: "Address book | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6): the customer's addresses, the primary one first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const addresses = await listAddresses(db, customer.id);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    addresses: addresses.map(({ verificationStatus: _status, ...address }) => address),
    saved: saved && Object.hasOwn(SAVED_MESSAGES, saved) ? SAVED_MESSAGES[saved as AddressSavedFlag] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const submission = parseWithZod(await readForm(request), { schema: addressActionSchema });
  if (submission.status !== "success") {
    throw data({ error: "We couldn't change your address book. Please try again." }, { status: 400 });
  }
  const { intent, addressId } = submission.value;
  const done =
    intent === "delete"
      ? await deleteAddress(db, customer.id, addressId)
      : await setPrimaryAddress(db, customer.id, addressId);
  // Another customer's address is not found, exactly like one that does not exist.
  if (!done) throw data(null, { status: 404 });
  return redirect(`/account/addresses?saved=${intent === "delete" ? "deleted" : "primary"}`, 303);
}

export default function AddressBookPage({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  return (
    <section className="account-page">
      <h1>Address book</h1>
      <AccountNav />
      <SavedNotice message={loaderData.saved} />
      {addresses.length === 0 ? (
        <p>You have no saved addresses yet.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/account/addresses/new" className="button button-primary">
          Add an address
        </Link>
      </p>
    </section>
  );
}
