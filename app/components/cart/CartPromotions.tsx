import { formatCents } from "~/models/catalog";

export interface ListedPromotion {
  promotionId: number;
  description: string;
  amountCents: number;
  expiryLabel: string | null;
}

/** Promotions the cart earns (not shipping, rebates, the trial or the coupon's own) and its mail-in rebates. */
export function CartPromotions({
  promotions,
  rebates,
  rebateHints,
}: {
  promotions: ListedPromotion[];
  rebates: Array<{ description: string; offer: string; amountCents: number }>;
  rebateHints: string[];
}) {
  if (promotions.length === 0 && rebates.length === 0 && rebateHints.length === 0) return null;
  return (
    <section className="cart-promotions" aria-labelledby="promotions-heading">
      <h2 id="promotions-heading">Savings</h2>
      {promotions.length > 0 ? (
        <ul data-testid="cart-promotions">
          {promotions.map((promotion) => (
            <li key={promotion.promotionId}>
              {promotion.description}: −{formatCents(promotion.amountCents)}
              {promotion.expiryLabel ? <span className="promo-expiry"> {promotion.expiryLabel}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {rebates.length > 0 ? (
        <ul data-testid="cart-rebates">
          {rebates.map((rebate) => (
            <li key={rebate.description}>
              {rebate.description}: {formatCents(rebate.amountCents)} back after your order ({rebate.offer})
            </li>
          ))}
        </ul>
      ) : null}
      {rebateHints.length > 0 ? (
        <ul className="rebate-hints">
          {rebateHints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
