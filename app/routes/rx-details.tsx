import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useSubmit } from "react-router";
import { PrescriptionForm } from "~/components/checkout/PrescriptionForm";
import {
  SavedPrescriptionChoice,
  savedPrescriptionResult,
  withoutSavedPrescriptionResult,
} from "~/components/prescriptions/SavedPrescriptionChoice";
import { UploadForm } from "~/components/prescriptions/UploadForm";
import { parseAnalysis } from "~/models/ai-result";
import { UPLOAD_MESSAGES } from "~/models/file-type";
import { prescriptionEyes, prescriptionSchema, STEP_MESSAGES } from "~/models/funnel-steps";
import type { PageHandle } from "~/models/page";
import { funnelUploadPathOf } from "~/models/prescription-reader-choice";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import {
  pendingStepGroup,
  redirectAfterGroupStep,
  postedStepGroup,
  submitAndSkip,
} from "~/services/funnel/group-steps.server";
import styles from "~/styles/funnel-steps.css?url";
import uploadStyles from "~/styles/upload.css?url";
import { readForm } from "~/services/platform/http.server";
import { requestInfoContext, type Visitor } from "~/services/platform/context.server";
import { applyAiPatient } from "~/services/prescriptions/ai-result.server";
import { attachImageToGroup, uploadForGroup } from "~/services/prescriptions/group-upload.server";
import { savePrescriptionStep } from "~/services/prescriptions/prescription-step.server";
import { viewerOf } from "~/services/prescriptions/rx-images.server";
import { savedPrescriptionsForGroup, savedPrescriptionStep } from "~/services/prescriptions/wallet-steps.server";
import { readImageUpload, textField } from "~/services/prescriptions/upload-input.server";
import type { RxAnalysis } from "~/models/rx-analysis";
import type { Route } from "./+types/rx-details";

export const handle: PageHandle = { pageName: "RxDetails", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: uploadStyles },
];

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
  return {
    groupId: group.id,
    eyes: prescriptionEyes(group.lines, "RxDetails"),
    // The AI prescription reader test (decision 67): whether an upload here is read, or sent as it is.
    uploadPath: funnelUploadPathOf(visitor.campaignVariations),
    // Signed in: saved prescriptions usable for these lenses, offered instead of typing one.
    savedPrescriptions: await savedPrescriptionsForGroup(db, visitor, group),
  };
}

/**
 * intent=save-prescription (the typed prescription), intent=submit-and-skip ("I'll send it later"), intent=upload-rx
 * (a photo or scan of the prescription, multipart: the form without JavaScript) or intent=attach-upload (the same
 * with JavaScript: the file went to POST api/images first, with progress; this names it), or
 * intent=use-saved-prescription (signed in: a usable prescription from the wallet).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  if (multipart) return uploadAction(request, context);
  const formData = await readForm(request);
  const { cartId, group } = await postedStepGroup(db, visitor, formData);
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
    case "attach-upload": {
      const imageId = formData.get("rxImageId");
      const attached =
        typeof imageId === "string"
          ? await attachImageToGroup(db, { cartId, groupId: group.id, imageId, viewer: viewerOf(visitor) })
          : { status: "not-found" as const };
      if (attached.status !== "saved") return data({ uploadError: UPLOAD_MESSAGES.failed }, { status: 400 });
      return afterUpload(context, visitor, cartId, group.id, attached.image.id, parseAnalysis(attached.image.analysis));
    }
    case "use-saved-prescription":
      return savedPrescriptionStep(db, visitor, formData, { cartId, groupId: group.id });
    case "save-prescription":
      return savePrescriptionStep(db, visitor, formData, { cartId, group, page: "RxDetails" });
    default:
      return data(submission.reply({ formErrors: ["Enter your prescription, or choose to send it later."] }), {
        status: 400,
      });
  }
}

/** The upload without JavaScript: the multipart form, read within the upload limits. */
async function uploadAction(request: Request, context: Route.ActionArgs["context"]) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const input = await readImageUpload(request, { fileFields: ["image"] });
  const refuse = (message: string, status: 400 | 413 | 429 = 400) => data({ uploadError: message }, { status });
  if (!input.ok) return refuse(input.message, input.status);
  const cartId = visitor.session.get("cartId");
  const groupId = textField(input.form, "groupId");
  if (textField(input.form, "intent") !== "upload-rx" || !cartId || !groupId) return refuse(STEP_MESSAGES.groupGone);
  if (!input.file) return refuse(UPLOAD_MESSAGES.noFile);
  const outcome = await uploadForGroup(services, {
    cartId,
    groupId,
    file: { fileName: input.file.fileName, bytes: input.file.bytes },
    viewer: viewerOf(visitor, { create: true }),
    path: funnelUploadPathOf(visitor.campaignVariations),
    correlationId: context.get(requestInfoContext).requestId,
    clientIp: context.get(requestInfoContext).clientIp,
  });
  if (!outcome.ok) return refuse(outcome.message, outcome.status);
  return afterUpload(context, visitor, cartId, groupId, outcome.image.id, parseAnalysis(outcome.image.analysis));
}

/**
 * The reading's patient name onto the group (when it has none), then the uploaded image's page. A fresh upload's
 * reading is still queued (no analysis yet): its job stores the name when it has read it. An image uploaded earlier
 * (with JavaScript, through api/images) may be read already.
 */
async function afterUpload(
  context: Route.ActionArgs["context"],
  visitor: Visitor,
  cartId: string,
  groupId: string,
  imageId: string,
  analysis: RxAnalysis | null,
) {
  const { db, logger } = context.get(servicesContext);
  const customerId = visitor.customer?.id ?? null;
  await applyAiPatient({ db, logger }, { page: "RxDetails", cartId, groupId, analysis, customerId });
  return redirect(`/upload-success?image=${encodeURIComponent(imageId)}`, 303);
}

export default function RxDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groupId, eyes, uploadPath, savedPrescriptions } = loaderData;
  const submit = useSubmit();
  const uploadError = actionData && "uploadError" in actionData ? actionData.uploadError : null;
  const lastResult =
    actionData && !("uploadError" in actionData) ? withoutSavedPrescriptionResult(actionData) : undefined;
  return (
    <section className="funnel-step" aria-labelledby="rx-details-title">
      <h1 id="rx-details-title">Your prescription</h1>
      <p className="funnel-step-lead">
        Enter the values from your contact lens prescription for each eye. They are also printed on your current lens
        boxes.
      </p>
      <PrescriptionForm key={groupId} groupId={groupId} eyes={eyes} lastResult={lastResult} submitLabel="Continue" />
      <section className="funnel-step-alternative" aria-labelledby="rx-upload-title">
        <h2 id="rx-upload-title">Or upload a photo of your prescription</h2>
        <p data-testid="rx-upload-lead">
          {uploadPath === "ai-reader"
            ? "We'll read the values from it for you to check, and verify it with your eye doctor."
            : "Send it as it is: we'll take the values from it and verify it with your eye doctor."}
        </p>
        <UploadForm
          key={groupId}
          id="rx-upload"
          hiddenFields={{ intent: "upload-rx", groupId }}
          // With JavaScript the file goes to api/images first: it names the group, so the upload is this step's.
          apiFields={{ groupId }}
          error={uploadError}
          submitLabel="Upload prescription"
          onUploaded={(rxImageId) => void submit({ intent: "attach-upload", groupId, rxImageId }, { method: "post" })}
        />
      </section>
      <SavedPrescriptionChoice
        choices={savedPrescriptions}
        lastResult={savedPrescriptionResult(actionData)}
        groupId={groupId}
      />
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
