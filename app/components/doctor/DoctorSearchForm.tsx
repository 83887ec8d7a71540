import { Form } from "react-router";
import { SEARCH_DISTANCE_CHOICES, SEARCH_LOCATION_MAX, SEARCH_TERM_MAX } from "~/models/doctor-search";

export interface DoctorSearchFormState {
  q: string;
  location: string;
  /** Null when the URL gave no distance: the form then searches any distance and shows no choice of it. */
  distanceInMiles: string | null;
  errors: { q?: string; location?: string; distanceInMiles?: string };
}

/**
 * The doctor search: a GET form, so the search lives in the URL (`?q=&location=`), works without JavaScript and
 * survives the back button. The server's messages show under their fields. A link that searched within a distance
 * (`distanceInMiles`) gets a 'Within' choice, so the shopper can widen the search.
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
  const { q, location, distanceInMiles, errors } = state;
  const distances: string[] = SEARCH_DISTANCE_CHOICES.map(String);
  if (distanceInMiles && /^\d+$/.test(distanceInMiles) && !distances.includes(distanceInMiles)) {
    distances.push(distanceInMiles);
    distances.sort((a, b) => Number(a) - Number(b));
  }
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
      {distanceInMiles !== null ? (
        <p className="form-field">
          <label htmlFor="doctor-distance">Within</label>
          <select
            id="doctor-distance"
            name="distanceInMiles"
            defaultValue={distances.includes(distanceInMiles) ? distanceInMiles : ""}
            aria-invalid={errors.distanceInMiles ? true : undefined}
            aria-describedby={errors.distanceInMiles ? "doctor-distance-error" : undefined}
          >
            <option value="">Any distance</option>
            {distances.map((miles) => (
              <option key={miles} value={miles}>
                {miles === "1" ? "1 mile" : `${miles} miles`}
              </option>
            ))}
          </select>
          {errors.distanceInMiles ? (
            <span className="field-error" id="doctor-distance-error" role="alert">
              {errors.distanceInMiles}
            </span>
          ) : null}
        </p>
      ) : null}
      <p className="form-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
