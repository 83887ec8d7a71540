import { Form } from "react-router";
import { formatCents } from "~/models/catalog";
import type { DeliveryDateNotice as Notice } from "~/models/delivery-date-campaign";

/**
 * The estimated delivery date campaign's line (decision 66), rendered on the server: the date the order arrives by,
 * or the upgrade's earlier date as an upsell. On the cart the upsell is a plain form (intent=set-shipping), so it
 * works without JavaScript.
 */
export function DeliveryDateNotice({ notice }: { notice: Notice }) {
  if (notice.kind === "date") {
    return (
      <p className="notice delivery-date-notice" data-testid="delivery-date-notice">
        Estimated delivery: <strong>{notice.date}</strong> with {notice.methodLabel}
      </p>
    );
  }
  const extra = notice.extraCents > 0 ? `for ${formatCents(notice.extraCents)} more` : "at no extra cost";
  return (
    <div className="notice delivery-date-notice" data-testid="delivery-date-notice">
      <p>
        Want it sooner? Get it by <strong>{notice.date}</strong> with {notice.methodLabel} {extra} (standard shipping:{" "}
        {notice.standardDate}).
      </p>
      {notice.switchable ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="set-shipping" />
          <input type="hidden" name="shippingLevel" value={notice.shippingLevel} />
          <button type="submit" className="button">
            Upgrade to {notice.methodLabel}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
