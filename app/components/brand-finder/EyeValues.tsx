import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";

/** One line per eye: "Right eye (OD): Power/sphere -2.25, BC 8.5, DIA 14.3". */
export function EyeValues({
  eyes,
}: {
  eyes: Array<{ eye: Eye; values: Array<{ name: string; label: string; value: string }> }>;
}) {
  return (
    <ul className="brand-finder-eyes">
      {eyes.map(({ eye, values }) => (
        <li key={eye} data-eye={eye}>
          {`${EYE_NAMES[eye]} (${EYE_LABELS[eye]}): `}
          {values.map((value) => `${value.label} ${value.value}`).join(", ")}
        </li>
      ))}
    </ul>
  );
}
