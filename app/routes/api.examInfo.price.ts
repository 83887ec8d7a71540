import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { examPriceFor } from "~/services/exams/exam-campaigns.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInfo.price";

/**
 * GET api/examInfo/price → { price, originalPrice } in dollars: the visitor's price (an exam price variation's, decision
 * 64, else the provider's; 20 for both when the provider cannot say). A variation's price is the visitor's own: no
 * shared cache keeps it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const quote = await examPriceFor(context.get(servicesContext), context.get(visitorContext));
  return jsonResponse(
    { price: quote.priceCents / 100, originalPrice: quote.originalPriceCents / 100 },
    quote.overridden ? PRIVATE_CACHE_CONTROL : "public, max-age=300",
  );
}

export function action() {
  return methodNotAllowed("GET");
}
