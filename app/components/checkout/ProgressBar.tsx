import { progressStep, PROGRESS_STEPS, type ProgressStep } from "~/models/funnel-progress";

/** The short names of the funnel's three steps (spec 2 §2: product; prescription and patient; cart to checkout). */
export const PROGRESS_LABELS: Record<ProgressStep, string> = {
  1: "Choose lenses",
  2: "Prescription & patient",
  3: "Review & checkout",
};

export interface ProgressBarStep {
  step: ProgressStep;
  label: string;
  state: "done" | "current" | "upcoming";
}

/** The bar's steps for a page, or null where the bar is hidden (pages outside the funnel). */
export function progressBarSteps(pageName: string): ProgressBarStep[] | null {
  const current = progressStep(pageName);
  if (current === null) return null;
  return Array.from({ length: PROGRESS_STEPS }, (_, index) => {
    const step = (index + 1) as ProgressStep;
    return {
      step,
      label: PROGRESS_LABELS[step],
      state: step < current ? "done" : step === current ? "current" : "upcoming",
    };
  });
}

/** The purchase funnel's progress bar, under the header; the current step carries aria-current="step". */
export function ProgressBar({ pageName }: { pageName: string }) {
  const steps = progressBarSteps(pageName);
  if (!steps) return null;
  return (
    // A list, not a nav: the steps are where the shopper is, not links to go to.
    <div className="progress-bar" data-testid="progress-bar">
      <ol aria-label="Checkout progress">
        {steps.map(({ step, label, state }) => (
          <li
            key={step}
            className={`progress-step progress-step-${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            {/* The list numbers the steps (a text browser prints '1. Choose lenses'); the circled number is the
                list's own counter, drawn by CSS (progress-bar.css), so the number is never printed twice. */}
            <span className="progress-step-label">
              {label}
              {state === "done" ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
