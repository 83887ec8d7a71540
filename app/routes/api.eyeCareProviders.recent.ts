import { patientKey } from "~/models/doctor-search";
import { bearerToken, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { doctorJson, findDoctor } from "~/services/doctors/doctors.server";
import { recentDoctors } from "~/services/doctors/group-doctors.server";
import type { Route } from "./+types/api.eyeCareProviders.recent";

interface PatientName {
  firstName: string;
  lastName: string;
}

/**
 * GET /api/eyeCareProviders/recent (spec 2 §7) → 200 [{ id, firstName, lastName, phoneNumber,
 * canUseForPassiveVerification (always true here), clinic: { id, name, phone, address: { address1, address2, city,
 * state, postalCode } }, patients: [{ firstName, lastName }] }]: the doctors of the signed-in customer's recent
 * orders that can be used for passive verification, newest first, each once, with the patients they were ordered
 * for. Signed out, or with a bearer token that is not accepted, the answer is [] (spec: failure gives an empty list).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = context.get(visitorContext);
  // A rejected bearer token never falls back to the cookie's customer.
  if (!customer || (request.headers.has("Authorization") && bearerToken(request) === null)) return privateJson([]);
  const { db } = context.get(servicesContext);

  const patientsByDoctor = new Map<number, PatientName[]>();
  for (const entry of await recentDoctors(db, customer.id)) {
    if (!entry.canUseForPassiveVerification) continue;
    const patients = patientsByDoctor.get(entry.doctorId) ?? [];
    patientsByDoctor.set(entry.doctorId, patients);
    const key = patientKey(entry.patient);
    if (entry.patient && key && !patients.some((patient) => patientKey(patient) === key)) {
      patients.push({ firstName: entry.patient.firstName.trim(), lastName: entry.patient.lastName.trim() });
    }
  }
  const doctorIds = [...patientsByDoctor.keys()];
  const found = await Promise.all(doctorIds.map((doctorId) => findDoctor(db, doctorId)));
  return privateJson(
    found.flatMap((result, index) =>
      result ? [{ ...doctorJson(result), patients: patientsByDoctor.get(doctorIds[index]!)! }] : [],
    ),
  );
}

export function action() {
  return methodNotAllowed("GET");
}
