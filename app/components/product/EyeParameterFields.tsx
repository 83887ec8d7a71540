import { getCollectionProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { EYE_LABELS, EYE_NAMES, type LensParameter } from "~/models/lens-parameters";
import type { ReactNode } from "react";
import type { Eye } from "~/models/line-item-group";
import { EYE_CHOICES, fieldName, type EyeChoice } from "~/models/product-order";
import { FieldError } from "~/components/forms/FieldError";

/**
 * The per-eye lens parameter fields shared by the product page's order form, the brand finder's parameters step and
 * the prescription form: field names `right-power`, `left-baseCurve`, ... (see `fieldName`).
 */

const EYE_CHOICE_LABELS: Record<EyeChoice, string> = {
  both: "Both eyes",
  right: "Right eye (OD)",
  left: "Left eye (OS)",
};

/** The radios choosing the eyes (`eyes`: both, right or left), under the given legend. */
export function EyeChoiceFieldset({ field, legend }: { field: FieldMetadata<string>; legend: string }) {
  return (
    <fieldset className="eye-choice">
      <legend>{legend}</legend>
      {getCollectionProps(field, { type: "radio", options: [...EYE_CHOICES] }).map((props) => (
        <label key={props.key} htmlFor={props.id}>
          <input {...props} key={props.key} /> {EYE_CHOICE_LABELS[props.value as EyeChoice]}
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

/** An eye's fields under its name ("Right eye (OD)"); hidden when that eye isn't chosen (only with JavaScript). */
export function EyeFieldset({ eye, shown, children }: { eye: Eye; shown: boolean; children: ReactNode }) {
  return (
    <fieldset
      className="eye-fieldset"
      data-eye={eye}
      // Without JavaScript both eyes stay visible; the server reads only the chosen ones.
      hidden={!shown}
    >
      <legend>
        {EYE_NAMES[eye]} ({EYE_LABELS[eye]})
      </legend>
      {children}
    </fieldset>
  );
}

/** One select per parameter of an eye's lens ("Select" first), each with its label and errors. */
export function EyeParameterSelects({
  eye,
  parameters,
  fields,
  required,
}: {
  eye: Eye;
  parameters: readonly LensParameter[];
  fields: Record<string, FieldMetadata<string>>;
  /** Sets the selects' `required`, so the browser checks them without JavaScript. */
  required?: boolean;
}) {
  return parameters.map((parameter) => {
    const field = fields[fieldName(eye, parameter.name)]!;
    return (
      <p key={parameter.name} className="form-field">
        <label htmlFor={field.id}>{parameter.displayName}</label>
        <select {...getSelectProps(field)} {...(required ? { required: true } : {})} key={field.key}>
          <option value="">Select</option>
          {parameter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError field={field} />
      </p>
    );
  });
}
