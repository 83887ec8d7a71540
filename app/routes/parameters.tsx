import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PrescriptionForm } from "~/components/checkout/PrescriptionForm";
import { prescriptionEyes, prescriptionSchema, STEP_MESSAGES, type ExpirationAsk } from "~/models/funnel-steps";
import type { PageHandle } from "~/models/page";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import {
  pendingStepGroup,
  redirectAfterGroupStep,
  setGroupPrescription,
  postedStepGroup,
} from "~/services/funnel/group-steps.server";
import styles from "~/styles/funnel-steps.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/parameters";

export const handle: PageHandle = { pageName: "Parameters", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Your lens parameters | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The expiration date is asked (optionally) only while the group has none (decision 23). */
const expirationAsk = (group: { prescriptionExpiresOn: string | null } | null): ExpirationAsk =>
  group?.prescriptionExpiresOn ? "none" : "optional";

/** The parameters a group still lacks (eyes without a UPC), or on to the next step when none does. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const group = await pendingStepGroup(db, visitor, "Parameters");
  const eyes = group ? prescriptionEyes(group.lines, "Parameters") : [];
  // No eye to ask about (a line without an eye has no parameters to type): nothing this page can do.
  if (!group || eyes.length === 0) throw await redirectToNextStep(db, visitor, "Parameters");
  return { groupId: group.id, eyes, expiration: expirationAsk(group) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const formData = await readForm(request);
  const { cartId, group } = await postedStepGroup(db, visitor, formData);
  // The same eyes the page showed: those still without a UPC.
  const eyes = group ? prescriptionEyes(group.lines, "Parameters") : [];
  const submission = parseWithZod(formData, { schema: prescriptionSchema(eyes, { expiration: expirationAsk(group) }) });
  const gone = () => data(submission.reply({ formErrors: [STEP_MESSAGES.groupGone] }), { status: 400 });
  if (!cartId || !group || group.type !== "Lens") return gone();
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // Nothing left to fill in (another tab did it): go on, never back here.
  if (eyes.length === 0) return redirectToNextStep(db, visitor, "Parameters");
  const result = await setGroupPrescription(db, cartId, group.id, submission.value.eyes, {
    expiresOn: submission.value.expirationDate,
  });
  if (result.status === "invalid") return data(submission.reply({ fieldErrors: result.errors }), { status: 400 });
  if (result.status === "not-found") return gone();
  return redirectAfterGroupStep(db, visitor, "Parameters");
}

export default function ParametersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groupId, eyes, expiration } = loaderData;
  return (
    <section className="funnel-step" aria-labelledby="parameters-title">
      <h1 id="parameters-title">Your lens parameters</h1>
      <p className="funnel-step-lead">
        We still need these values to send the right lenses. You&apos;ll find them on your prescription or on your
        current lens boxes.
      </p>
      <PrescriptionForm
        key={groupId}
        groupId={groupId}
        eyes={eyes}
        expiration={expiration}
        lastResult={actionData}
        submitLabel="Continue"
      />
    </section>
  );
}
