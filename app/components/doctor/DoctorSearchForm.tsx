import { Form } from "react-router";
import { SEARCH_DISTANCE_CHOICES, SEARCH_LOCATION_MAX, SEARCH_TERM_MAX } from "~/models/doctor-search";
import { FieldError } from "~/components/forms/FieldError";

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
      <HintedField
        id="doctor-q"
        name="q"
        type="search"
        label="Doctor's name or phone number"
        defaultValue={q}
        maxLength={SEARCH_TERM_MAX}
        autoComplete="off"
        error={errors.q}
        hint="For example “Okafor”, “Dr. Maya Okafor” or “(208) 555-0101”."
      />
      <HintedField
        id="doctor-location"
        name="location"
        type="text"
        label="ZIP code, city and state, or state"
        defaultValue={location}
        maxLength={SEARCH_LOCATION_MAX}
        autoComplete="postal-code"
        error={errors.location}
        hint={
          primaryPostalCode
            ? `Leave it empty to search near ${primaryPostalCode}.`
            : "For example “83702”, “Boise, ID” or “Idaho”."
        }
      />
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
          <FieldError errors={errors.distanceInMiles} id="doctor-distance-error" />
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

/** A search field with its hint, which its error replaces as the input's description when there is one. */
function HintedField({
  id,
  name,
  type,
  label,
  defaultValue,
  maxLength,
  autoComplete,
  error,
  hint,
}: {
  id: string;
  name: string;
  type: "search" | "text";
  label: string;
  defaultValue: string;
  maxLength: number;
  autoComplete: string;
  error: string | undefined;
  hint: string;
}) {
  return (
    <p className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      <span className="form-hint" id={`${id}-hint`}>
        {hint}
      </span>
      <FieldError errors={error} id={`${id}-error`} />
    </p>
  );
}
