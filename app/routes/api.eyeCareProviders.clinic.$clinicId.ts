import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonError, jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { clinicWithDoctors, doctorJson } from "~/services/doctors/doctors.server";
import type { Route } from "./+types/api.eyeCareProviders.clinic.$clinicId";

/**
 * GET /api/eyeCareProviders/clinic/{clinicId} (spec 2 §7) → 200 [{ id, firstName, lastName, phoneNumber,
 * canUseForPassiveVerification, clinic: { id, name, phone, address: { address1, address2, city, state, postalCode }
 * } }]: the clinic's doctors by last then first name. 400 a clinic id that is not a number, 404 an unknown clinic.
 * The same for everyone, so anonymous answers may be kept briefly by a shared cache (shoppers can add doctors).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[0-9]{1,10}$/.test(params.clinicId)) return jsonError(400, "The clinic id must be a number.");
  const { db } = context.get(servicesContext);
  const found = await clinicWithDoctors(db, Number(params.clinicId));
  if (!found) return jsonError(404, `There is no clinic ${params.clinicId}.`);
  return jsonResponse(
    found.doctors.map((doctor) => doctorJson({ doctor, clinic: found.clinic })),
    PUBLIC_PAGE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed("GET");
}
