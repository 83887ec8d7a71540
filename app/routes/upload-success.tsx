import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { PrescriptionForm } from "~/components/checkout/PrescriptionForm";
import { UploadedImage } from "~/components/prescriptions/UploadedImage";
import { prescriptionEyes, prescriptionSchema } from "~/models/funnel-steps";
import type { PageHandle } from "~/models/page";
import { fullName, hasFullName } from "~/models/patient";
import { isConfident } from "~/models/rx-analysis";
import { ReadingResult } from "~/components/prescriptions/ReadingResult";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import { postedStepGroup, stepGroup } from "~/services/funnel/group-steps.server";
import { readForm } from "~/services/platform/http.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { confidentPrefill, readingOfImage } from "~/services/prescriptions/ai-result.server";
import { groupOfImage } from "~/services/prescriptions/group-upload.server";
import {
  imageOfOrder,
  orderForUpload,
  orderPageFor,
  orderViewerOf,
} from "~/services/prescriptions/order-upload.server";
import { savePrescriptionStep } from "~/services/prescriptions/prescription-step.server";
import { imageView, isRxImageId, rxImageFor, viewerOf } from "~/services/prescriptions/rx-images.server";
import funnelStyles from "~/styles/funnel-steps.css?url";
import styles from "~/styles/upload.css?url";
import type { Route } from "./+types/upload-success";

/**
 * A purchase step (simple header, progress bar, simplified footer) only for a cart group's prescription; after an
 * order's or the account's upload it is an account page.
 */
const isFunnelStep = (data: unknown) => (data as { kind?: string } | undefined)?.kind === "group";
export const handle: PageHandle = {
  pageName: "UploadSuccess",
  headerType: (data) => (isFunnelStep(data) ? "simple" : "standard"),
  footerSimplified: isFunnelStep,
  progressBar: isFunnelStep,
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: funnelStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = () => [
  { title: "Prescription received | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * After an upload: `?oid=` an order's prescription arrived (`&image=` the image sent, to show what was read);
 * `?image=` the image (its owner only), and — when it was sent for a cart group — the group's prescription form,
 * pre-filled with what the reader found, confidently, and could match to the lenses (spec 2 §4 AI result handling),
 * for the shopper to check and confirm, or to go on without. While the queued reading runs the page says so and asks
 * again (decision 46); the form waits for it. An upload nobody reads (the AI prescription reader test's control path,
 * submit-and-skip: decision 67) asks for no values: the shopper goes on, and staff take them from the image.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const search = new URL(request.url).searchParams;
  const oid = search.get("oid");
  const imageId = search.get("image");
  if (oid !== null) {
    const order = await orderForUpload(db, oid, orderViewerOf(visitor));
    if (!order) throw data(null, { status: 404 });
    const row = isRxImageId(imageId) ? await imageOfOrder(db, order.id, imageId) : null;
    return {
      kind: "order" as const,
      orderNumber: order.orderNumber,
      orderLink: orderPageFor(visitor, order),
      reading: row ? readingOfImage(row) : null,
    };
  }
  const row = isRxImageId(imageId) ? await rxImageFor(db, imageId, viewerOf(visitor)) : null;
  if (!row) throw data(null, { status: 404 });
  const image = imageView(row);
  const reading = readingOfImage(row);
  const cartId = visitor.session.get("cartId");
  const groupId = cartId ? await groupOfImage(db, cartId, row.id) : null;
  const group = cartId && groupId ? await stepGroup(db, cartId, groupId) : null;
  if (!group) return { kind: "image" as const, image, reading, signedIn: visitor.customer !== null };
  const { prefill, toCheck } = await confidentPrefill(db, {
    page: "UploadSuccess",
    analysis: reading.analysis,
    lines: group.lines,
  });
  const eyes = prescriptionEyes(group.lines, "RxDetails").map((eye) => ({
    ...eye,
    selected: prefill[eye.eye] ?? eye.selected,
  }));
  const expirationDate = reading.analysis?.expirationDate ?? null;
  return {
    kind: "group" as const,
    image,
    reading,
    groupId: group.id,
    eyes,
    toCheck,
    prefilled: Object.values(prefill).some((selected) => Object.keys(selected).length > 0),
    // The expiration date read from the image starts the form's date field when the reader is sure of it.
    expirationDate:
      expirationDate && reading.analysis && isConfident(reading.analysis, "expirationDate") ? expirationDate : null,
    patient: hasFullName(group.patient) ? fullName(group.patient!) : null,
  };
}

/** intent=save-prescription (the checked values: UPCs as a typed prescription sets them) or intent=continue. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const formData = await readForm(request);
  const { cartId, group } = await postedStepGroup(db, visitor, formData);
  const submission = parseWithZod(formData, {
    schema: prescriptionSchema(group ? prescriptionEyes(group.lines, "RxDetails") : []),
  });
  switch (formData.get("intent")) {
    case "continue":
      return redirectToNextStep(db, visitor, "UploadSuccess");
    case "save-prescription":
      return savePrescriptionStep(db, visitor, formData, { cartId, group, page: "UploadSuccess" });
    default:
      return data(submission.reply({ formErrors: ["Check the values and confirm them, or continue without."] }), {
        status: 400,
      });
  }
}

export default function UploadSuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "order") {
    return (
      <section className="upload-page" aria-labelledby="upload-success-title">
        <h1 id="upload-success-title">Prescription received</h1>
        <p role="status" data-testid="upload-success-message">
          We have your prescription for order <strong>{loaderData.orderNumber}</strong>. We&apos;ll verify it with your
          eye doctor and send your lenses.
        </p>
        {loaderData.reading ? <ReadingResult phase={loaderData.reading.phase} view={loaderData.reading.view} /> : null}
        {loaderData.orderLink ? (
          <p>
            <Link to={loaderData.orderLink} className="button button-primary">
              See your order
            </Link>
          </p>
        ) : null}
      </section>
    );
  }
  if (loaderData.kind === "image") {
    return (
      <section className="upload-page" aria-labelledby="upload-success-title">
        <h1 id="upload-success-title">Prescription received</h1>
        <p role="status" data-testid="upload-success-message">
          We have your prescription.
        </p>
        <UploadedImage image={loaderData.image} />
        <ReadingResult phase={loaderData.reading.phase} view={loaderData.reading.view} />
        <p>
          {loaderData.signedIn ? (
            <Link to="/account/prescriptions" className="button">
              Your prescriptions
            </Link>
          ) : null}{" "}
          <Link to="/lenses" className="button">
            Shop contact lenses
          </Link>
        </p>
      </section>
    );
  }
  const { image, reading, groupId, eyes, toCheck, prefilled, expirationDate, patient } = loaderData;
  // Submit-and-skip: the image goes to the store's team as it is, with no values to check or enter.
  const sentAsItIs = reading.phase === "not-requested";
  // A parameter with one option is chosen anyway: only those with a real choice are named.
  const checkNames = eyes.flatMap((eye) =>
    (toCheck[eye.eye] ?? []).flatMap((name) => {
      const parameter = eye.parameters.find((candidate) => candidate.name === name);
      return parameter && parameter.options.length > 1 ? [`${eye.title}: ${parameter.displayName}`] : [];
    }),
  );
  return (
    <section className="funnel-step upload-page" aria-labelledby="upload-success-title">
      <h1 id="upload-success-title">Prescription received</h1>
      <p role="status" data-testid="upload-success-message">
        Thank you, we have your prescription.
      </p>
      <UploadedImage image={image} />
      <ReadingResult phase={reading.phase} view={reading.view} />
      {patient ? (
        <p>
          Patient: <strong data-testid="upload-patient">{patient}</strong>
        </p>
      ) : null}
      {reading.phase === "reading" || sentAsItIs ? null : (
        <section aria-labelledby="upload-values-title">
          <h2 id="upload-values-title">Your lens parameters</h2>
          <p className="funnel-step-lead" data-testid="prefill-note">
            {prefilled
              ? "We read these values from your prescription. Please check each one against it, then confirm."
              : "Enter the values from your prescription if you have them, or continue and we'll take them from the image."}
          </p>
          {checkNames.length > 0 ? (
            <p className="reading-note" data-testid="prefill-check">
              Please check and choose: {checkNames.join("; ")}.
            </p>
          ) : null}
          {/* Keyed by the reading's phase: the form's starting values are read once, when it mounts. */}
          <PrescriptionForm
            key={`${groupId}-${reading.phase}`}
            groupId={groupId}
            eyes={eyes}
            expirationDate={expirationDate}
            lastResult={actionData}
            submitLabel="Confirm and continue"
          />
        </section>
      )}
      <Form method="post" className="funnel-step-alternative">
        <input type="hidden" name="groupId" value={groupId} />
        <button
          type="submit"
          name="intent"
          value="continue"
          className={sentAsItIs ? "button button-primary" : "button"}
        >
          {sentAsItIs ? "Continue" : "Continue without entering values"}
        </button>
      </Form>
    </section>
  );
}
