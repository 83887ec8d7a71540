import { ALL_GROUPS, toNewDoctorInput } from "~/models/doctor-search";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { addDoctor, doctorJson, findDoctor } from "~/services/doctors/doctors.server";
import { newProviderSchema } from "~/services/api/openapi/eye-care-providers.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.eyeCareProviders";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/eyeCareProviders (spec 2 §7: offered when a phone-number search finds nobody) { firstName, lastName,
 * phoneNumber, clinic: { name, phone?, address: { address1, address2?, city, state, postalCode } } } → 201 { id,
 * firstName, lastName, phoneNumber, canUseForPassiveVerification (false: nobody has verified the doctor),
 * clinic: { id, name, phone, address } }. The `id` and `clinic.id` the spec lists are ignored: a new doctor has no
 * id yet, and a clinic is reused by its phone and ZIP code. The clinic's phone defaults to phoneNumber. Sending the
 * same doctor again answers the doctor already added. 401 signed out; 400 bad input, or a ZIP code that is unknown
 * or in another state.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, { message: "Sign in to add a doctor." });
  const value = await readJsonBody(request, newProviderSchema);
  const { address } = value.clinic;
  const input = toNewDoctorInput({
    intent: "add-doctor",
    groupId: ALL_GROUPS,
    firstName: value.firstName,
    lastName: value.lastName,
    clinicName: value.clinic.name,
    phone: value.phoneNumber,
    address1: address.address1,
    address2: address.address2 ?? undefined,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  });
  input.clinic.phone = value.clinic.phone ?? value.phoneNumber;

  const { db } = context.get(servicesContext);
  const added = await addDoctor(db, input, customer.id);
  if (!added.ok) return jsonError(400, `clinic.address.${added.field}: ${added.message}`);
  const doctor = await findDoctor(db, added.doctorId);
  return privateJson(doctorJson(doctor!), 201);
}
