import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import { solutionOrderSchema } from "~/models/product-order";
import { AUTO_REORDER_FREQUENCIES } from "~/models/supply";
import type { QuantityChoice } from "./LensOrderForm";
import { FieldError } from "~/components/forms/FieldError";

/** Solution: a quantity, optional auto-reorder, and add to cart. */
export function SolutionOrderForm({
  productId,
  quantityChoices,
  allowsAutoReorder,
  lastResult,
}: {
  productId: number;
  quantityChoices: QuantityChoice[];
  allowsAutoReorder: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = useMemo(
    () => solutionOrderSchema({ quantityOptions: quantityChoices.map((choice) => choice.value), allowsAutoReorder }),
    [quantityChoices, allowsAutoReorder],
  );
  const [form, fields] = useForm({
    id: `order-${productId}`,
    lastResult,
    defaultValue: { quantity: "1", autoReorder: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="order-form">
      <input type="hidden" name="intent" value="add-to-cart" />
      <FieldError as="p" errors={form.errors} />
      <p className="form-field">
        <label htmlFor={fields.quantity.id}>Quantity</label>
        <select {...getSelectProps(fields.quantity)} key={fields.quantity.key}>
          {quantityChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError field={fields.quantity} />
      </p>
      {allowsAutoReorder ? (
        <p className="form-field">
          <label htmlFor={fields.autoReorder.id}>Auto-reorder</label>
          <select {...getSelectProps(fields.autoReorder)} key={fields.autoReorder.key}>
            <option value="">No, this is a one-time order</option>
            {AUTO_REORDER_FREQUENCIES.map((frequency) => (
              <option key={frequency.days} value={frequency.days}>
                {frequency.label}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <button type="submit" className="button button-primary">
        Add to cart
      </button>
    </Form>
  );
}
