import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { examPrice } from "~/services/exams/exam-vouchers.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInfo.price";

/** GET api/examInfo/price → { price, originalPrice } in dollars; 20 for both when the provider cannot say. */
export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse(await examPrice(context.get(servicesContext)), "public, max-age=300");
}

export function action() {
  return methodNotAllowed("GET");
}
