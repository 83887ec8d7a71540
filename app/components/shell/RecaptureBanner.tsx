import { Form, Link } from "react-router";
import { RECAPTURE_MESSAGES } from "~/models/recapture-words";

/**
 * The attention banner for a held order (spec 2 recapture): bottom, full width, after the page's content. Its
 * buttons lead to the exam for that order and to the order's upload; dismissing is a form, remembered per order.
 */
export function RecaptureBanner({ orderNumber, returnTo }: { orderNumber: string; returnTo: string }) {
  return (
    <aside className="recapture-banner" aria-labelledby="recapture-title" data-testid="recapture-banner">
      <h2 id="recapture-title">{RECAPTURE_MESSAGES.title}</h2>
      <p>{RECAPTURE_MESSAGES.message}</p>
      <p className="recapture-actions">
        <Link to={`/exam/start?order=${encodeURIComponent(orderNumber)}`} className="button button-primary">
          {RECAPTURE_MESSAGES.renew}
        </Link>{" "}
        <Link to={`/upload-rx?oid=${encodeURIComponent(orderNumber)}`} className="button">
          {RECAPTURE_MESSAGES.upload}
        </Link>
      </p>
      <Form method="post" action="/resources/recapture" className="recapture-dismiss">
        <input type="hidden" name="intent" value="dismiss" />
        <input type="hidden" name="orderNumber" value={orderNumber} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button-link">
          {RECAPTURE_MESSAGES.dismiss}
        </button>
      </Form>
    </aside>
  );
}
