import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { ExpirationField } from "~/components/checkout/PrescriptionForm";
import { EyeChoiceFieldset, EyeFieldset, EyeParameterSelects } from "~/components/product/EyeParameterFields";
import type { LensParameter } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";
import {
  EYE_CHOICES,
  eyesFor,
  fieldName,
  lensOrderSchema,
  PRESCRIPTION_LATER,
  singleOptionDefaults,
  type EyeChoice,
  type LensOrder,
} from "~/models/product-order";
import { stockText } from "~/models/stock";
import { AUTO_REORDER_FREQUENCIES } from "~/models/supply";
import { FieldError } from "~/components/forms/FieldError";

export interface QuantityChoice {
  value: number;
  label: string;
}

/** The cart's lens group this form adds the needed eye to (spec 2 §4 eye rule), and what the page says about it. */
export interface AddEyeTarget {
  groupId: string;
  eye: Eye;
  message: string;
}

/**
 * The lens order form (spec: order for the right eye, the left eye, or both; per eye the product's parameters and
 * a quantity). A plain POST form; with JavaScript it validates as you go, shows only the chosen eyes, and looks
 * up the stock of each completed eye. With `addTo` it orders the one eye a cart group needs, into that group (which
 * keeps its own auto-reorder), so it shows that eye only, with or without JavaScript.
 */
export function LensOrderForm({
  productId,
  parameters,
  quantityChoices,
  allowsAutoReorder,
  defaultFrequencyDays,
  lastResult,
  addTo = null,
}: {
  productId: number;
  parameters: LensParameter[];
  quantityChoices: QuantityChoice[];
  allowsAutoReorder: boolean;
  defaultFrequencyDays: number;
  lastResult: SubmissionResult<string[]> | undefined;
  addTo?: AddEyeTarget | null;
}) {
  const schema = useMemo(
    () =>
      lensOrderSchema({
        parameters,
        quantityOptions: quantityChoices.map((choice) => choice.value),
        allowsAutoReorder,
      }),
    [parameters, quantityChoices, allowsAutoReorder],
  );
  const defaultQuantity = String(quantityChoices[0]?.value ?? "");
  // Field names depend on the product's parameters, so the form is typed as a plain record of strings.
  const [form, fields] = useForm<Record<string, string>, LensOrder>({
    id: `order-${productId}`,
    lastResult,
    defaultValue: {
      eyes: addTo?.eye ?? "both",
      "right-quantity": defaultQuantity,
      "left-quantity": defaultQuantity,
      autoReorder: "",
      // A parameter with a single option (often BC or DIA) is chosen already.
      ...singleOptionDefaults(parameters),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  const eyeChoice = (all.eyes?.value as EyeChoice | undefined) ?? "both";
  const shownEyes = EYE_CHOICES.includes(eyeChoice) ? eyesFor(eyeChoice) : (["right", "left"] as Eye[]);
  const formEyes: readonly Eye[] = addTo ? [addTo.eye] : ["right", "left"];

  return (
    <Form method="post" {...getFormProps(form)} className="order-form">
      <input type="hidden" name="intent" value="add-to-cart" />
      <FieldError as="p" field={form} />
      {addTo ? (
        <>
          <p className="notice" data-testid="adding-other-eye">
            {addTo.message}
          </p>
          <input type="hidden" name="groupId" value={addTo.groupId} />
          <input type="hidden" name="eyes" value={addTo.eye} />
        </>
      ) : (
        <EyeChoiceFieldset field={all.eyes!} legend="Order for" />
      )}

      <div className="eye-columns">
        {formEyes.map((eye) => (
          <EyeFieldset key={eye} eye={eye} shown={addTo !== null || shownEyes.includes(eye)}>
            <EyeParameterSelects eye={eye} parameters={parameters} fields={all} />
            {(() => {
              const field = all[fieldName(eye, "quantity")]!;
              return (
                <p className="form-field">
                  <label htmlFor={field.id}>Quantity</label>
                  <select {...getSelectProps(field)} key={field.key}>
                    {quantityChoices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                  <FieldError field={field} />
                </p>
              );
            })()}
            <EyeStock
              productId={productId}
              parameters={parameters}
              values={Object.fromEntries(
                parameters.map((parameter) => [parameter.name, all[fieldName(eye, parameter.name)]?.value as string]),
              )}
            />
            <FieldError field={all[eye]!} />
          </EyeFieldset>
        ))}
      </div>

      {/* Optional here: read by the action only when the prescription is chosen on this page. */}
      <ExpirationField field={all.expirationDate!} required={false} />

      {allowsAutoReorder && !addTo ? (
        <p className="form-field">
          <label htmlFor={all.autoReorder!.id}>Auto-reorder</label>
          <select {...getSelectProps(all.autoReorder!)} key={all.autoReorder!.key}>
            <option value="">No, this is a one-time order</option>
            {AUTO_REORDER_FREQUENCIES.map((frequency) => (
              <option key={frequency.days} value={frequency.days}>
                {frequency.label}
                {frequency.days === defaultFrequencyDays ? " (matches your supply)" : ""}
              </option>
            ))}
          </select>
          <FieldError field={all.autoReorder!} />
        </p>
      ) : null}

      <div className="order-form-actions">
        <button type="submit" className="button button-primary">
          Add to cart
        </button>
        <p className="order-form-later">
          Don&apos;t have your prescription handy? Add the lenses now and enter it on the next step.
          <button type="submit" name="prescription" value={PRESCRIPTION_LATER} className="button">
            Enter prescription later
          </button>
        </p>
      </div>
    </Form>
  );
}

/** With JavaScript: once an eye's parameters are complete, shows that lens's stock (spec: stock display). */
function EyeStock({
  productId,
  parameters,
  values,
}: {
  productId: number;
  parameters: LensParameter[];
  values: Record<string, string | undefined>;
}) {
  const [result, setResult] = useState<{ query: string; text: string } | null>(null);
  const complete = parameters.every((parameter) => values[parameter.name]);
  const query = complete ? new URLSearchParams(values as Record<string, string>).toString() : "";
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    // A plain fetch: a lookup that fails only means no stock line, never an error page.
    fetch(`/api/catalog/${productId}/match?${query}`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as { stockQuantity?: number };
        const text =
          response.ok && typeof body.stockQuantity === "number"
            ? stockText(body.stockQuantity)
            : "This combination isn't made for this lens.";
        setResult({ query, text });
      })
      .catch(() => {});
    return () => controller.abort();
  }, [productId, query]);
  if (!query || result?.query !== query) return null;
  return (
    <p className="stock-text" aria-live="polite">
      {result.text}
    </p>
  );
}
