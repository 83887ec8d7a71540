import { methodNotAllowed, parsePriceBook, privateJson } from "~/services/api/json.server";
import { WALLET_SIGN_IN, walletSummaryJson } from "~/services/api/rx-wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.rxWallet.summary";

/**
 * GET api/rxWallet/summary?priceBook= (spec 2 §7) → 200 { patients: [{ firstName, lastName, prescriptions }],
 * hasPrivateLabelProducts }; 401 signed out; 400 an unknown price book.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, WALLET_SIGN_IN);
  const priceBook = parsePriceBook(new URL(request.url));
  const { db } = context.get(servicesContext);
  return privateJson(await walletSummaryJson(db, customer.id, priceBook));
}

export function action() {
  return methodNotAllowed("GET");
}
