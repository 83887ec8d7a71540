import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { PrescriptionForm } from "~/components/checkout/PrescriptionForm";
import { prescriptionEyes, prescriptionSchema, STEP_MESSAGES } from "~/models/funnel-steps";
import type { PageHandle } from "~/models/page";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { redirectToNextStep } from "~/services/checkout/funnel.server";
import {
  pendingStepGroup,
  redirectAfterGroupStep,
  setGroupPrescription,
  stepGroup,
  submitAndSkip,
} from "~/services/checkout/group-steps.server";
import styles from "~/styles/funnel-steps.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/rx-details";

export const handle: PageHandle = { pageName: "RxDetails", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Your prescription | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The current group's prescription, or on to the next step when every lens group has its UPCs (or an image). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const group = await pendingStepGroup(db, visitor, "RxDetails");
  if (!group) throw await redirectToNextStep(db, visitor, "RxDetails");
  return { groupId: group.id, eyes: prescriptionEyes(group.lines, "RxDetails") };
}

/** intent=save-prescription (the typed prescription) or intent=submit-and-skip ("I'll send it later"). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const formData = await readForm(request);
  const cartId = visitor.session.get("cartId");
  const groupId = formData.get("groupId");
  const group = cartId && typeof groupId === "string" && groupId ? await stepGroup(db, cartId, groupId) : null;
  const submission = parseWithZod(formData, {
    schema: prescriptionSchema(group ? prescriptionEyes(group.lines, "RxDetails") : []),
  });
  const gone = () => data(submission.reply({ formErrors: [STEP_MESSAGES.groupGone] }), { status: 400 });
  if (!cartId || !group || group.type !== "Lens") return gone();

  switch (formData.get("intent")) {
    case "submit-and-skip": {
      const result = await submitAndSkip(db, cartId, group.id);
      if (result.status !== "saved") return gone();
      return redirectAfterGroupStep(db, visitor, "RxDetails");
    }
    // SEAM(rx-upload, rx-wallet): the prescription image upload (intent=upload-rx, on to UploadSuccess) and the
    // saved-prescription wallet (intent=use-saved-prescription, signed in) arrive in a later issue as further cases.
    case "save-prescription": {
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const result = await setGroupPrescription(db, cartId, group.id, submission.value.eyes);
      if (result.status === "invalid") return data(submission.reply({ fieldErrors: result.errors }), { status: 400 });
      if (result.status === "not-found") return gone();
      return redirectAfterGroupStep(db, visitor, "RxDetails");
    }
    default:
      return data(submission.reply({ formErrors: ["Enter your prescription, or choose to send it later."] }), {
        status: 400,
      });
  }
}

export default function RxDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groupId, eyes } = loaderData;
  return (
    <section className="funnel-step" aria-labelledby="rx-details-title">
      <h1 id="rx-details-title">Your prescription</h1>
      <p className="funnel-step-lead">
        Enter the values from your contact lens prescription for each eye. They are also printed on your current lens
        boxes.
      </p>
      <PrescriptionForm key={groupId} groupId={groupId} eyes={eyes} lastResult={actionData} submitLabel="Continue" />
      {/* SEAM(rx-upload, rx-wallet): "Upload a photo of your prescription" and "Use a saved prescription" go here. */}
      <section className="funnel-step-alternative" aria-labelledby="rx-later-title">
        <h2 id="rx-later-title">Don&apos;t have your prescription handy?</h2>
        <p>Finish your order now and send us your prescription afterwards.</p>
        <Form method="post">
          <input type="hidden" name="groupId" value={groupId} />
          <button type="submit" name="intent" value="submit-and-skip" className="button">
            I&apos;ll send it later
          </button>
        </Form>
      </section>
    </section>
  );
}
