import { data, Link, redirect } from "react-router";
import { ClinicAddress } from "~/components/doctor/DoctorResults";
import { formatPhone } from "~/models/account";
import { doctorDisplayName, stateName } from "~/models/doctor-search";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { SITE } from "~/models/site";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import { clinicWithDoctors } from "~/services/doctors/doctors.server";
import doctorStyles from "~/styles/doctors.css?url";
import type { Route } from "./+types/eye-doctors.$clinicId";

// A clinic's page is the same for everyone: anonymous requests may be kept by a shared cache.
export const handle: PageHandle = { pageName: "EyeDoctor", cache: "public" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: doctorStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: `Eye doctor | ${SITE.name}` }];
  const { clinic, doctors } = loaderData;
  const place = `${clinic.city}, ${clinic.state}`;
  return [
    { title: `${clinic.name}, ${place} | ${SITE.name}` },
    {
      name: "description",
      content: `${clinic.name} in ${place}, ${stateName(clinic.state)}: ${
        doctors.length === 1 ? "1 eye doctor" : `${doctors.length} eye doctors`
      }, address and phone ${formatPhone(clinic.phone)}.`,
    },
  ];
};

/** Spec 2.1 / 5: the clinic id must be present and numeric, else back to the doctor search; an unknown one is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[0-9]{1,10}$/.test(params.clinicId)) throw redirect("/eye-doctor-search");
  const services = context.get(servicesContext);
  const found = await clinicWithDoctors(services.db, Number(params.clinicId));
  if (!found) notFound(services, request);
  const { latitude: _latitude, longitude: _longitude, ...clinic } = found.clinic;
  return data({ clinic, doctors: found.doctors }, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
}

export default function EyeDoctorPage({ loaderData }: Route.ComponentProps) {
  const { clinic, doctors } = loaderData;
  return (
    <section className="clinic-page">
      <p>
        <Link to="/eye-doctor-search">Find another eye doctor</Link>
      </p>
      <h1>{clinic.name}</h1>
      <ClinicAddress clinic={clinic} />
      <h2>Doctors at this clinic</h2>
      {doctors.length > 0 ? (
        <ul className="clinic-doctors">
          {doctors.map((doctor) => (
            <li key={doctor.id} data-testid="clinic-doctor">
              {doctorDisplayName(doctor)} — <a href={`tel:+1${doctor.phone}`}>{formatPhone(doctor.phone)}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No doctors are listed for this clinic yet.</p>
      )}
    </section>
  );
}
