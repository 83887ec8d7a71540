import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { couponFormSchema } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";
import { FieldError } from "~/components/forms/FieldError";
import { IntentForm } from "~/components/forms/IntentForm";

export interface AppliedCoupon {
  code: string;
  description: string;
  status: "applied" | "notQualified" | "outdone";
  amountCents: number;
  message: string | null;
  expiryLabel: string | null;
}

/**
 * The cart's coupon: a plain form posting intent=apply-coupon (or remove-coupon), validated by the same schema in
 * the browser and the action. Messages from the server show under the field, with or without JavaScript.
 */
export function CouponForm({
  coupon,
  lastResult,
}: {
  coupon: AppliedCoupon | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "coupon",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <section className="cart-coupon" aria-labelledby="coupon-heading">
      <h2 id="coupon-heading">Coupon</h2>
      {coupon ? (
        <div className="coupon-applied" data-testid="applied-coupon">
          <p>
            <strong>{coupon.code}</strong> — {coupon.description}
            {coupon.status === "applied" ? <> (−{formatCents(coupon.amountCents)})</> : null}
          </p>
          <FieldError as="p" errors={coupon.message} />
          {coupon.expiryLabel ? <p className="promo-expiry">{coupon.expiryLabel}</p> : null}
          <IntentForm intent="remove-coupon" className="link-button">
            Remove coupon {coupon.code}
          </IntentForm>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="coupon-form">
        <input type="hidden" name="intent" value="apply-coupon" />
        <label htmlFor={fields.couponCode.id}>{coupon ? "Use a different code" : "Coupon code"}</label>
        <span className="coupon-form-row">
          <input
            {...getInputProps(fields.couponCode, { type: "text" })}
            key={fields.couponCode.key}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
          <button type="submit" className="button">
            Apply
          </button>
        </span>
        <FieldError
          errors={[...(fields.couponCode.errors ?? []), ...(form.errors ?? [])]}
          id={fields.couponCode.errorId}
        />
      </Form>
    </section>
  );
}
