import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { couponFormSchema } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";

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
          {coupon.message ? <p className="field-error">{coupon.message}</p> : null}
          {coupon.expiryLabel ? <p className="promo-expiry">{coupon.expiryLabel}</p> : null}
          <Form method="post">
            <button type="submit" name="intent" value="remove-coupon" className="link-button">
              Remove coupon {coupon.code}
            </button>
          </Form>
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
        {fields.couponCode.errors || form.errors ? (
          <span className="field-error" role="alert" id={fields.couponCode.errorId}>
            {[...(fields.couponCode.errors ?? []), ...(form.errors ?? [])].join(" ")}
          </span>
        ) : null}
      </Form>
    </section>
  );
}
