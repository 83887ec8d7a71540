import { Link } from "react-router";
import { DoctorResults } from "~/components/doctor/DoctorResults";
import { DoctorSearchForm } from "~/components/doctor/DoctorSearchForm";
import { isInternational } from "~/models/address";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { SITE } from "~/models/site";
import { getPrimaryAddress } from "~/services/accounts/addresses.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { doctorSearchFromQuery } from "~/services/doctors/doctors.server";
import doctorStyles from "~/styles/doctors.css?url";
import type { Route } from "./+types/eye-doctor-search";

// Results depend on the query and (for an empty location) on who asks, so the page stays private.
export const handle: PageHandle = { pageName: "EyeDoctorSearch", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: doctorStyles }];

// Every search is the same page to a search engine: the canonical link names the page without its query.
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: `Find an eye doctor near you | ${SITE.name}`,
          description:
            "Search eye doctors and optometry clinics by name, phone number, ZIP code, city or state, and see their address, phone and the doctors who practise there.",
          canonical: "/eye-doctor-search",
        },
        loaderData.siteUrl,
      )
    : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { customer } = context.get(visitorContext);
  const primary = customer ? await getPrimaryAddress(db, customer.id) : null;
  const primaryPostalCode = primary && !isInternational(primary.country) ? primary.postalCode.slice(0, 5) : null;
  const search = await doctorSearchFromQuery(db, new URL(request.url).searchParams, primaryPostalCode);
  return { search, primaryPostalCode, siteUrl: config.siteUrl };
}

export default function EyeDoctorSearchPage({ loaderData }: Route.ComponentProps) {
  const { search, primaryPostalCode } = loaderData;
  return (
    <section className="doctor-directory">
      <h1>Find an eye doctor</h1>
      <p className="doctor-directory-lead">
        Search by your doctor&apos;s name or phone number, near a ZIP code, a city and state, or in a state.
      </p>
      <DoctorSearchForm
        action="/eye-doctor-search"
        state={search.form}
        primaryPostalCode={primaryPostalCode}
        submitLabel="Find doctors"
      />
      {search.heading ? (
        <DoctorResults
          heading={search.heading}
          results={search.results}
          clinicLink={(clinic) => <Link to={`/eye-doctors/${clinic.id}`}>{clinic.name}</Link>}
          action={(result) => (
            <Link to={`/eye-doctors/${result.clinic.id}`} className="button">
              View clinic<span className="visually-hidden">: {result.clinic.name}</span>
            </Link>
          )}
        />
      ) : null}
    </section>
  );
}
