import { Link } from "react-router";
import { InsuranceLink } from "~/components/cart/CartInsurance";
import { BenefitSearchForm } from "~/components/insurance/BenefitSearchForm";
import { formatCents } from "~/models/catalog";
import type { InsuranceEntry } from "~/models/insurance-campaigns";

/**
 * The rapid reorder's vision insurance (the rapid reorder insurance switch, decision 65). Where the page offers
 * insurance, the reorder takes the benefit applied to the customer's cart and says so; without one it offers 'Check my
 * benefits' (path A) or a 'Use your insurance' line (path B), both coming back here once a benefit is applied. The
 * benefit is managed on the cart (this page changes no cart). Outside the reorder's form: it is a form of its own.
 */
export function RapidReorderInsurance({
  entry,
  applied,
  providers,
}: {
  entry: InsuranceEntry;
  applied: { planName: string; provider: string; amountCents: number } | null;
  providers: readonly string[];
}) {
  if (entry === "none") return null;
  if (!applied && entry === "link") return <InsuranceLink returnTo="/rapid-reorder" />;
  return (
    <section
      className="checkout-section rapid-reorder-insurance"
      aria-labelledby="rapid-reorder-insurance-heading"
      data-testid="rapid-reorder-insurance"
    >
      <h2 id="rapid-reorder-insurance-heading">Vision insurance</h2>
      {applied ? (
        <p data-testid="applied-insurance">
          Your <strong>{applied.planName}</strong> ({applied.provider}) benefit applies to this reorder: −
          {formatCents(applied.amountCents)}. <Link to="/cart">Change it in your cart</Link>
        </p>
      ) : (
        <BenefitSearchForm providers={providers} headingLevel={3} returnTo="/rapid-reorder" />
      )}
    </section>
  );
}
