import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { StatusButton } from "~/components/forms/StatusButton";
import { FieldError } from "~/components/forms/FieldError";

/**
 * Order now, in two steps that work without JavaScript: 'Order now' opens the confirmation (?confirm=order-now),
 * whose button posts intent=order-now. The confirmation says what will be charged and where it ships.
 */
export function OrderNowForm({
  confirming,
  detailsHref,
  price,
  card,
  shipTo,
  lastResult,
}: {
  confirming: boolean;
  detailsHref: string;
  price: string | null;
  card: string | null;
  shipTo: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useForm({ id: "subscription-order-now", lastResult });
  if (!confirming && !lastResult) {
    return (
      <p>
        <Link to="?confirm=order-now#order-now" className="button" preventScrollReset>
          Order now
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form subscription-confirm">
      <input type="hidden" name="intent" value="order-now" />
      <p>
        Place this order today{price ? ` for ${price}` : ""}
        {card ? `, paid with your ${card}` : ""}
        {shipTo ? `, shipped to ${shipTo}` : ""}? Your next orders follow on from today.
      </p>
      <FieldError as="p" field={form} />
      <p className="form-actions">
        <StatusButton intent="order-now" pendingText="Placing your order…" className="button button-primary">
          Yes, place my order now
        </StatusButton>{" "}
        <Link to={detailsHref} preventScrollReset>
          Not now
        </Link>
      </p>
    </Form>
  );
}
