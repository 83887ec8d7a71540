/**
 * The funnel's progress bar (spec 2 §2): which of the three steps a page is. Apart from the sequencer (funnel.ts,
 * which reads addresses and their schemas), so the shell's bar ships no validation code to the browser.
 */
export const PROGRESS_STEPS = 3;
export type ProgressStep = 1 | 2 | 3;

const PROGRESS: Partial<Record<string, ProgressStep>> = {
  LensProductDetailPage: 1,
  RxDetails: 2,
  Parameters: 2,
  Patient: 2,
  UploadSuccess: 2,
  Address: 3,
  Cart: 3,
  Checkout: 3,
  Doctor: 3,
};

/** The progress bar's step for a page, or null where the bar is hidden. */
export function progressStep(page: string): ProgressStep | null {
  return Object.hasOwn(PROGRESS, page) ? PROGRESS[page]! : null;
}
