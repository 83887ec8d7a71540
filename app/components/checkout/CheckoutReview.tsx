import { Link } from "react-router";
import { formatCents } from "~/models/catalog";
import { AddressLines } from "../ui/AddressLines";

export interface ReviewItem {
  id: string;
  /** OD / OS, and what it stands for. */
  eyeLabel: string | null;
  eyeName: string | null;
  productName: string;
  imageUrl: string | null;
  parameters: Array<{ label: string; value: string }>;
  supply: string | null;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
}

export interface ReviewGroup {
  id: string;
  heading: string;
  /** "Dr. Ann Lee, Boise Eye Care · (208) 555-0100"; null when none is chosen (or none is needed). */
  doctor: string | null;
  /** The shopper will send the prescription later (submit-and-skip). */
  prescriptionLater: boolean;
  autoReorder: string | null;
  items: ReviewItem[];
}

/** What is being ordered, for whom, from which doctor, and where it goes — each with a way back to change it. */
export function CheckoutReview({ groups, addressLines }: { groups: ReviewGroup[]; addressLines: string[] }) {
  return (
    <div className="checkout-review">
      <section className="checkout-section" aria-labelledby="review-items-heading">
        <div className="checkout-section-header">
          <h2 id="review-items-heading">Your items</h2>
          <Link to="/cart">Edit cart</Link>
        </div>
        {groups.map((group) => (
          <section key={group.id} className="checkout-group" data-testid="checkout-group" aria-label={group.heading}>
            <h3>{group.heading}</h3>
            {group.doctor ? (
              <p className="checkout-group-doctor">
                Doctor: {group.doctor} <Link to="/doctor">Change</Link>
              </p>
            ) : null}
            {group.prescriptionLater ? (
              <p className="checkout-group-rx">You&apos;ll send us your prescription after placing the order.</p>
            ) : null}
            {group.autoReorder ? <p className="checkout-group-rx">Auto-reorder: {group.autoReorder}</p> : null}
            <ul className="checkout-items">
              {group.items.map((item) => (
                <li key={item.id} className="checkout-item" data-testid="checkout-item">
                  {item.imageUrl ? <img src={item.imageUrl} alt="" width="64" height="48" loading="lazy" /> : null}
                  {/* Blocks, not spans: without CSS (the flex column) name, parameters and quantity read on lines
                      of their own; the eye's margin is CSS, so a visually hidden space keeps 'OD' off the name. */}
                  <div className="checkout-item-text">
                    <div className="checkout-item-name">
                      {item.eyeLabel ? (
                        <>
                          <abbr className="checkout-item-eye" title={item.eyeName ?? undefined}>
                            {item.eyeLabel}
                          </abbr>
                          <span className="visually-hidden"> </span>
                        </>
                      ) : null}
                      {item.productName}
                    </div>
                    {item.parameters.length > 0 ? (
                      <div className="checkout-item-parameters">
                        {item.parameters.map((parameter) => `${parameter.label} ${parameter.value}`).join(" · ")}
                      </div>
                    ) : null}
                    <div className="checkout-item-quantity">
                      Qty {item.quantity}
                      {item.supply ? ` · ${item.supply} supply` : ""}
                    </div>
                  </div>
                  <span className="checkout-item-price">
                    {item.discountCents > 0 ? (
                      <>
                        <s>{formatCents(item.lineTotalCents)}</s>{" "}
                        {formatCents(item.lineTotalCents - item.discountCents)}
                      </>
                    ) : (
                      formatCents(item.lineTotalCents)
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <section className="checkout-section" aria-labelledby="review-address-heading">
        <div className="checkout-section-header">
          <h2 id="review-address-heading">Shipping address</h2>
          <Link to="/address">Change</Link>
        </div>
        <address className="checkout-address" data-testid="checkout-address">
          <AddressLines lines={addressLines} />
        </address>
      </section>
    </div>
  );
}
