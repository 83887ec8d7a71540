import { Form, Link } from "react-router";
import { uploadRxPathFor } from "~/models/file-type";
import { heldOrderExamPath } from "~/models/held-order";
import { RECAPTURE_MESSAGES } from "~/models/recapture-words";

/**
 * The attention banner for a held order (spec 2 recapture). In the document it comes right after the header, so a
 * text browser or a screen reader meets it first; on screen it is the bottom full-width banner (app.css places it
 * after the page and keeps it at the bottom of the window). Its buttons lead to the exam for that order and to the
 * order's upload; dismissing is a form, remembered per order.
 */
export function RecaptureBanner({ orderNumber, returnTo }: { orderNumber: string; returnTo: string }) {
  return (
    <aside className="recapture-banner" aria-labelledby="recapture-title" data-testid="recapture-banner">
      <div className="recapture-banner-body">
        <div className="recapture-text">
          <h2 id="recapture-title">{RECAPTURE_MESSAGES.title}</h2>
          <p>{RECAPTURE_MESSAGES.message}</p>
        </div>
        <div className="recapture-controls">
          <p className="recapture-actions">
            <Link to={heldOrderExamPath(orderNumber)} className="button button-primary">
              {RECAPTURE_MESSAGES.renew}
            </Link>{" "}
            <Link to={uploadRxPathFor(orderNumber)} className="button">
              {RECAPTURE_MESSAGES.upload}
            </Link>
          </p>
          <Form method="post" action="/resources/recapture" className="recapture-dismiss">
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="orderNumber" value={orderNumber} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="link-button">
              {RECAPTURE_MESSAGES.dismiss}
            </button>
          </Form>
        </div>
      </div>
    </aside>
  );
}
