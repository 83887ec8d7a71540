import type { ReactNode } from "react";
import { formatPhone } from "~/models/account";
import { doctorDisplayName, formatDistance, type ClinicFields } from "~/models/doctor-search";

export interface ClinicSummary extends ClinicFields {
  id: number;
}

export interface DoctorSummary {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
}

export interface DoctorResultSummary {
  doctor: DoctorSummary;
  clinic: ClinicSummary;
  distanceMiles: number | null;
}

/** A clinic's address and phone, as an address block. */
export function ClinicAddress({ clinic }: { clinic: ClinicSummary }) {
  return (
    <address className="clinic-address">
      {clinic.address1}
      {clinic.address2 ? (
        <>
          <br />
          {clinic.address2}
        </>
      ) : null}
      <br />
      {clinic.city}, {clinic.state} {clinic.postalCode}
      <br />
      <a href={`tel:+1${clinic.phone}`}>{formatPhone(clinic.phone)}</a>
    </address>
  );
}

/** Search results: each doctor with their clinic, the distance when known, and the page's action for it. */
export function DoctorResults({
  heading,
  results,
  action,
  clinicLink,
}: {
  heading: string;
  results: readonly DoctorResultSummary[];
  /** The buttons (or links) next to a result. */
  action: (result: DoctorResultSummary) => ReactNode;
  /** Where the clinic's name links to, if anywhere. */
  clinicLink?: (clinic: ClinicSummary) => ReactNode;
}) {
  return (
    <section className="doctor-results" aria-labelledby="doctor-results-heading">
      <h2 id="doctor-results-heading">{heading}</h2>
      <ol className="doctor-result-list">
        {results.map((result) => (
          <li key={result.doctor.id} className="doctor-result" data-testid="doctor-result">
            <div className="doctor-result-body">
              <h3 className="doctor-name">{doctorDisplayName(result.doctor)}</h3>
              <p className="doctor-clinic">{clinicLink ? clinicLink(result.clinic) : result.clinic.name}</p>
              <ClinicAddress clinic={result.clinic} />
              {result.doctor.phone !== result.clinic.phone ? (
                <p className="doctor-phone">
                  Doctor&apos;s line: <a href={`tel:+1${result.doctor.phone}`}>{formatPhone(result.doctor.phone)}</a>
                </p>
              ) : null}
              {result.distanceMiles !== null ? (
                <p className="doctor-distance">{formatDistance(result.distanceMiles)} away</p>
              ) : null}
            </div>
            <div className="doctor-result-action">{action(result)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
