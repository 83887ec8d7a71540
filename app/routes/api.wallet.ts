import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { walletMethodJson } from "~/services/api/wallet.server";
import { listWallet } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.wallet";

/**
 * GET api/wallet (spec 3 §7) → 200 `{ paymentMethods }`: every saved method (cards, Apple Pay cards, pay-in-4
 * tokens), the preferred one first, each with the timeBasedToken that deletes it; 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context);
  const { db, config } = context.get(servicesContext);
  const now = new Date();
  const wallet = await listWallet(db, customer.id, now);
  return privateJson({ paymentMethods: wallet.map((entry) => walletMethodJson(config, customer.id, entry, now)) });
}

export function action() {
  return methodNotAllowed();
}
