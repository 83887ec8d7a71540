import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";
import { formatCents } from "~/models/catalog";
import { examInsuranceSearchSchema, hasCoverageToken, type ExamInsuranceResult } from "~/models/insurance";
import { MemberFields } from "./MemberFields";

export interface ExamInsuranceView {
  result: ExamInsuranceResult;
  /** The next poll's URL and delay while searching; null once Complete (or past the last poll). */
  next: { href: string; seconds: number } | null;
  /** Still searching at the last poll: the page stops and says it could not confirm coverage. */
  gaveUp: boolean;
}

/**
 * The exam landing page's insurance check (decision 54): a small form (member, date of birth, ZIP) and its result.
 * Without JavaScript the page refreshes itself while the search runs (a meta refresh inside <noscript>) and offers
 * 'Check again'; with JavaScript it moves to the next poll on the same schedule.
 */
export function ExamInsuranceOffer({
  view,
  lastResult,
}: {
  view: ExamInsuranceView | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useFieldForm(examInsuranceSearchSchema, { id: "exam-insurance-form", lastResult });
  const navigate = useNavigate();
  const next = view?.next ?? null;
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(
      () => void navigate(next.href, { replace: true, preventScrollReset: true }),
      next.seconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return (
    <section id="exam-insurance" className="exam-insurance" aria-labelledby="exam-insurance-heading">
      {next ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${next.seconds};url=${next.href}`} />
        </noscript>
      ) : null}
      <h2 id="exam-insurance-heading">Does my vision insurance cover the exam?</h2>
      {view ? <ExamInsuranceAnswer view={view} /> : null}
      <Form method="post" {...getFormProps(form)}>
        <HoneypotInputs label="Please leave this field blank" />
        <input type="hidden" name="intent" value="exam-insurance" />
        <MemberFields
          firstName={fields.firstName}
          lastName={fields.lastName}
          dateOfBirth={fields.dateOfBirth}
          zip={fields.postalCode}
          nameLabel={(part) => `Member's ${part.toLowerCase()} name`}
        />
        <FieldError as="p" field={form} />
        <button type="submit" className="button">
          Check my exam coverage
        </button>
      </Form>
    </section>
  );
}

function ExamInsuranceAnswer({ view }: { view: ExamInsuranceView }) {
  const { result, next, gaveUp } = view;
  if (result.isSearching && !gaveUp) {
    return (
      <p role="status" data-testid="exam-insurance-status">
        We're checking your exam coverage with your plan.{" "}
        {next ? (
          <Link to={next.href} replace preventScrollReset>
            Check again
          </Link>
        ) : null}
      </p>
    );
  }
  if (hasCoverageToken(result.coverageToken)) {
    return (
      <p role="status" data-testid="exam-insurance-status">
        Good news: your {result.provider ?? "vision"} plan covers the online exam
        {result.copay !== null && result.copay > 0 ? `, with a ${formatCents(result.copay)} copay` : ""}.
      </p>
    );
  }
  return (
    <p role="status" data-testid="exam-insurance-status">
      We couldn't find exam coverage for this member. You can still take the exam at its usual price, and it is FSA/HSA
      eligible.
    </p>
  );
}
