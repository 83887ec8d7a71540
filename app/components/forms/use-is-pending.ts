import { useFormAction, useNavigation, type FetcherWithComponents } from "react-router";

/**
 * Whether a form's submission is on its way (the Epic Stack's `useIsPending`): with JavaScript, React Router submits
 * the form by fetch and this is true until the answer has been rendered. On the server and without JavaScript it is
 * always false, so a button that uses it is a plain submit button there.
 *
 * - `formAction`: the action posted to; by default the action of the route this component renders in (what a
 *   `<Form method="post">` without an action posts to). Compared by path, so a page's query string does not matter.
 * - `intent`: only a submission with this `intent` field counts (a hidden input or the pressed button's name=intent).
 * - `fetcher`: a `fetcher.Form`'s submission instead of the page's navigation.
 */
export function useIsPending(options: PendingOptions & { fetcher?: Submission } = {}): boolean {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  return options.fetcher
    ? isPendingSubmission(options.fetcher, { ...options, formAction: options.fetcher.formAction })
    : isPendingSubmission(navigation, { ...options, formAction: options.formAction ?? routeAction });
}

export interface PendingOptions {
  formAction?: string;
  formMethod?: "POST" | "GET";
  intent?: string;
}

/** What useNavigation() and useFetcher() both tell about a submission. */
export type Submission = Pick<FetcherWithComponents<unknown>, "state" | "formAction" | "formMethod" | "formData">;

/** The rule of useIsPending, given the submission under way and the action the form posts to. */
export function isPendingSubmission(
  submission: Submission,
  { formAction, formMethod = "POST", intent }: PendingOptions,
): boolean {
  if (submission.state === "idle" || submission.formMethod?.toUpperCase() !== formMethod) return false;
  if (pathOf(submission.formAction) !== pathOf(formAction)) return false;
  return intent === undefined || submission.formData?.get("intent") === intent;
}

function pathOf(action: string | undefined): string | undefined {
  return action?.split(/[?#]/)[0];
}
