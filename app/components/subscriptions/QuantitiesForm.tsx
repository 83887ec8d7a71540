import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { quantitiesSchema } from "~/models/subscription";
import { FieldError } from "~/components/forms/FieldError";

export interface QuantityField {
  /** The schema's field (a solution's single item uses rightQuantity; see the details route). */
  name: "rightQuantity" | "leftQuantity";
  label: string;
  productName: string;
  /** The product's quantities; 0 (pause this eye) first when the subscription has two eyes. */
  options: number[];
  current: number;
}

export type QuantityOptions = Parameters<typeof quantitiesSchema>[0];

interface QuantityItem {
  whichEye: "right" | "left" | "none";
  productName: string;
  quantity: number;
  quantityOptions: number[];
}

/**
 * The form's selects and the schema's options for a subscription's items: one select per eye, 0 (pause) offered
 * only when there are two eyes. A solution's single item (whichEye 'none') takes the schema's right-eye field,
 * since quantitiesSchema names only the two eyes; the action maps it back.
 */
export function quantityFields(items: readonly QuantityItem[]): { eyes: QuantityField[]; options: QuantityOptions } {
  const right = items.find((item) => item.whichEye === "right");
  const left = items.find((item) => item.whichEye === "left");
  const single = items.find((item) => item.whichEye === "none");
  if (!right && !left && single) {
    const { productName, quantityOptions: options, quantity: current } = single;
    return {
      eyes: [{ name: "rightQuantity", label: "Quantity", productName, options, current }],
      options: { right: options, left: null },
    };
  }
  const twoEyes = Boolean(right && left);
  const eyes: QuantityField[] = [];
  for (const [item, name, label] of [
    [right, "rightQuantity", "Right eye"],
    [left, "leftQuantity", "Left eye"],
  ] as const) {
    if (!item) continue;
    const options = twoEyes ? [0, ...item.quantityOptions.filter((n) => n > 0)] : item.quantityOptions;
    eyes.push({ name, label, productName: item.productName, options, current: item.quantity });
  }
  return { eyes, options: { right: right?.quantityOptions ?? null, left: left?.quantityOptions ?? null } };
}

/** Change quantities (intent=set-quantities): one select per eye, from the product's quantity options. */
export function QuantitiesForm({
  eyes,
  schemaOptions,
  lastResult,
}: {
  eyes: QuantityField[];
  schemaOptions: QuantityOptions;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = useMemo(() => quantitiesSchema(schemaOptions), [schemaOptions]);
  const [form, fields] = useForm<z.input<typeof schema>, z.output<typeof schema>>({
    id: "subscription-quantities",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: Object.fromEntries(eyes.map((eye) => [eye.name, String(eye.current)])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="set-quantities" />
      <div className="form-row">
        {eyes.map((eye) => {
          const field = fields[eye.name];
          return (
            <p key={eye.name} className="form-field">
              <label htmlFor={field.id}>
                {eye.label}
                <span className="form-hint"> {eye.productName}</span>
              </label>
              <select {...getSelectProps(field)} key={field.key}>
                {eye.options.map((quantity) => (
                  <option key={quantity} value={quantity}>
                    {quantity === 0 ? "None (pause this eye)" : quantity}
                  </option>
                ))}
              </select>
              <FieldError field={field} />
            </p>
          );
        })}
      </div>
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Change quantities
      </button>
    </Form>
  );
}
