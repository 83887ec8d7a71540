import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldError } from "~/components/forms/FieldError";
import { IntentForm } from "~/components/forms/IntentForm";
import { useFieldForm } from "~/components/forms/use-field-form";
import { BenefitSearchForm } from "~/components/insurance/BenefitSearchForm";
import { formatCents } from "~/models/catalog";
import {
  applyOfferFormSchema,
  INSURANCE_CART_MESSAGES,
  type AppliedInsuranceBenefit,
  type InsuranceOffer,
} from "~/models/insurance";
import { returnQuery, type InsuranceEntry, type InsuranceReturnPath } from "~/models/insurance-campaigns";

export interface CartInsuranceState {
  applied: AppliedInsuranceBenefit | null;
  offer: InsuranceOffer | null;
  displacedRebateCents: number;
}

/**
 * The cart's vision insurance (decision 54): the applied benefit with 'Remove', or the passive search's offer (the
 * member's date of birth verifies it), or 'Check my benefits'. It says which applies, insurance or rebates: they do
 * not combine (spec 3 rebate rules). How much of it a page offers is its insurance switch's (decision 65): `offered`
 * all of it; `link` the applied benefit, else one 'Use your insurance' line; `none` the applied benefit only (the
 * shopper can always take it off the money), else nothing. Checkout offers it without the passive offer (`offer`
 * null), and comes back to itself after a search (`returnTo`).
 */
export function CartInsurance({
  entry = "offered",
  insurance,
  insuranceTotalCents,
  hasRebates,
  providers,
  offerResult,
  returnTo = null,
}: {
  entry?: InsuranceEntry;
  insurance: CartInsuranceState;
  insuranceTotalCents: number;
  hasRebates: boolean;
  providers: readonly string[];
  offerResult?: SubmissionResult<string[]> | null;
  returnTo?: InsuranceReturnPath | null;
}) {
  const { applied, offer } = insurance;
  if (!applied && entry === "none") return null;
  if (!applied && entry === "link") return <InsuranceLink returnTo={returnTo} />;
  return (
    <section className="cart-insurance" aria-labelledby="cart-insurance-heading" data-testid="cart-insurance">
      <h2 id="cart-insurance-heading">Vision insurance</h2>
      {applied ? (
        <>
          <p data-testid="applied-insurance">
            <strong>{applied.planName}</strong> ({applied.provider}): −{formatCents(insuranceTotalCents)} of{" "}
            {formatCents(applied.insuranceBenefitAmount)} allowance.
          </p>
          <p className="notice" data-testid="insurance-stacking">
            {INSURANCE_CART_MESSAGES.insuranceReplacesRebates}
            {insurance.displacedRebateCents > 0
              ? ` (Rebates of ${formatCents(insurance.displacedRebateCents)} are not included.)`
              : null}
          </p>
          <IntentForm intent="remove-insurance" className="link-button">
            Remove insurance benefit
          </IntentForm>
        </>
      ) : (
        <>
          {hasRebates ? (
            <p className="notice" data-testid="insurance-stacking">
              {INSURANCE_CART_MESSAGES.rebatesUntilInsurance}
            </p>
          ) : null}
          {offer ? <OfferForm offer={offer} lastResult={offerResult} /> : null}
          <BenefitSearchForm providers={providers} headingLevel={3} returnTo={returnTo} />
        </>
      )}
    </section>
  );
}

/** The compact entry point (a switch's path B): one line to the vision insurance page, which comes back here. */
export function InsuranceLink({ returnTo }: { returnTo: InsuranceReturnPath | null }) {
  return (
    <p className="insurance-link" data-testid="insurance-link">
      Have vision insurance? <Link to={`/vision-insurance${returnQuery(returnTo)}`}>Use your insurance</Link>
    </p>
  );
}

function OfferForm({ offer, lastResult }: { offer: InsuranceOffer; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useFieldForm(applyOfferFormSchema, { id: "insurance-offer", lastResult });
  return (
    <div className="insurance-offer" data-testid="insurance-offer">
      <p>
        We found a vision benefit for {offer.patientName}: <strong>{offer.planName}</strong> ({offer.provider}), with{" "}
        {formatCents(offer.remainingAllowance)} of contact lens allowance left. Enter the member's date of birth to
        apply it.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="apply-insurance-offer" />
        <input type="hidden" name="benefitId" value={offer.benefitId} />
        <p>
          <label htmlFor={fields.dateOfBirth.id}>Member's date of birth (YYYY-MM-DD)</label>
          <input
            {...getInputProps(fields.dateOfBirth, { type: "text" })}
            key={fields.dateOfBirth.key}
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            autoComplete="off"
          />
          <FieldError field={fields.dateOfBirth} />
        </p>
        <FieldError as="p" field={form} />
        <button type="submit" className="button">
          Apply this benefit
        </button>
      </Form>
    </div>
  );
}
