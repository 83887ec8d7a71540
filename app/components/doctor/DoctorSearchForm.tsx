import { Form } from "react-router";
import { SEARCH_LOCATION_MAX, SEARCH_TERM_MAX } from "~/models/doctor-search";

export interface DoctorSearchFormState {
  q: string;
  location: string;
  errors: { q?: string; location?: string };
}

/**
 * The doctor search: a GET form, so the search lives in the URL (`?q=&location=`), works without JavaScript and
 * survives the back button. The server's messages show under their fields.
 */
export function DoctorSearchForm({
  action,
  state,
  primaryPostalCode,
  submitLabel = "Search",
}: {
  action: string;
  state: DoctorSearchFormState;
  /** Shown as the place an empty location searches near. */
  primaryPostalCode: string | null;
  submitLabel?: string;
}) {
  const { q, location, errors } = state;
  return (
    <Form method="get" action={action} className="doctor-search-form" role="search" aria-label="Find your eye doctor">
      <p className="form-field">
        <label htmlFor="doctor-q">Doctor&apos;s name or phone number</label>
        <input
          id="doctor-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_TERM_MAX}
          autoComplete="off"
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={errors.q ? "doctor-q-error" : "doctor-q-hint"}
        />
        <span className="form-hint" id="doctor-q-hint">
          For example “Okafor”, “Dr. Maya Okafor” or “(208) 555-0101”.
        </span>
        {errors.q ? (
          <span className="field-error" id="doctor-q-error" role="alert">
            {errors.q}
          </span>
        ) : null}
      </p>
      <p className="form-field">
        <label htmlFor="doctor-location">ZIP code, city and state, or state</label>
        <input
          id="doctor-location"
          name="location"
          type="text"
          defaultValue={location}
          maxLength={SEARCH_LOCATION_MAX}
          autoComplete="postal-code"
          aria-invalid={errors.location ? true : undefined}
          aria-describedby={errors.location ? "doctor-location-error" : "doctor-location-hint"}
        />
        <span className="form-hint" id="doctor-location-hint">
          {primaryPostalCode
            ? `Leave it empty to search near ${primaryPostalCode}.`
            : "For example “83702”, “Boise, ID” or “Idaho”."}
        </span>
        {errors.location ? (
          <span className="field-error" id="doctor-location-error" role="alert">
            {errors.location}
          </span>
        ) : null}
      </p>
      <p className="form-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
