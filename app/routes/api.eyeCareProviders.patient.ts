import { patientKey } from "~/models/doctor-search";
import { jsonError, methodNotAllowed, parseJson, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { doctorJson, findDoctor } from "~/services/doctors/doctors.server";
import { recentDoctors } from "~/services/doctors/group-doctors.server";
import { PN_REQUIRED, pnSchema } from "~/services/api/openapi/eye-care-providers.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.eyeCareProviders.patient";

/** How many of the customer's latest order groups are looked through for the patient. */
const PATIENT_LOOKUP_LIMIT = 200;

/**
 * GET /eyeCareProviders/patient?pn={patientFullName} (also under /api; spec 2 §7) → 200 { id, firstName, lastName,
 * phoneNumber, canUseForPassiveVerification, clinic: { id, name, phone, address: { address1, address2, city, state,
 * postalCode } } }: the doctor of the signed-in customer's most recent order with a group for that patient (full
 * name matched case-insensitively, trimmed). 401 signed out, 400 a missing, blank or too long pn, 404 no such order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, { message: "Sign in to see your patients' doctors." });
  const pn = parseJson(pnSchema, new URL(request.url).searchParams.get("pn") ?? "", { fallback: PN_REQUIRED });
  const key = patientKey({ firstName: pn, lastName: "" });

  const { db } = context.get(servicesContext);
  const recent = await recentDoctors(db, customer.id, PATIENT_LOOKUP_LIMIT);
  const match = recent.find((entry) => patientKey(entry.patient) === key);
  const doctor = match ? await findDoctor(db, match.doctorId) : null;
  if (!doctor) return jsonError(404, "There is no doctor on your orders for that patient.");
  return privateJson(doctorJson(doctor));
}

export function action() {
  return methodNotAllowed("GET");
}
