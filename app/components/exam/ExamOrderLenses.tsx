import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Fragment } from "react";
import { Form, Link } from "react-router";
import { FieldError } from "~/components/forms/FieldError";
import { examAddToCartSchema } from "~/models/exam-forms";
import type { ExamCompleteExperience } from "~/models/exam-complete-experience";

/** One of the exam's lenses as the completion page offers it. */
export interface ExamOrderLens {
  eye: string;
  productName: string;
  brandName: string;
  productPath: string;
  parametersText: string;
  eyeTitle: string;
  quantityOptions: number[];
  defaultQuantity: number;
}

/**
 * The exam's lenses to order, boxes per eye (ExamPreOrder). The standard experience adds them to the cart; the
 * brand-choice experience (decision 64) names each lens's brand with its product page, and its button goes straight
 * on to the next step of the order.
 */
export function ExamOrderLenses({
  experience,
  token,
  lenses,
  lastResult,
}: {
  experience: ExamCompleteExperience;
  token: string;
  lenses: ExamOrderLens[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useForm({
    id: "exam-add-to-cart",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examAddToCartSchema }),
  });
  const brandChoice = experience === "brand-choice";
  return (
    <Form method="post" {...getFormProps(form)} className="order-form" data-testid="exam-order-lenses">
      <h2>{brandChoice ? "Your lenses" : "Order your lenses"}</h2>
      <FieldError as="p" field={form} />
      <input type="hidden" name="examVoucherToken" value={token} />
      {lenses.map((lens) => (
        <Fragment key={lens.eye}>
          {brandChoice ? (
            <p className="exam-lens-brand">
              <Link to={lens.productPath}>{lens.productName}</Link> by {lens.brandName}
            </p>
          ) : null}
          <p className="form-field">
            <label htmlFor={`exam-quantity-${lens.eye}`}>
              {lens.eyeTitle}: {lens.productName} ({lens.parametersText}), boxes
            </label>
            <select id={`exam-quantity-${lens.eye}`} name={`${lens.eye}Quantity`} defaultValue={lens.defaultQuantity}>
              {lens.quantityOptions.map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </p>
        </Fragment>
      ))}
      <button
        type="submit"
        name="intent"
        value={brandChoice ? "order-now" : "add-to-cart"}
        className="button button-primary"
      >
        {brandChoice ? "Order these lenses" : "Add to cart"}
      </button>
    </Form>
  );
}
