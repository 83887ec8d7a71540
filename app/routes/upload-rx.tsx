import { data, Link, redirect, useNavigate } from "react-router";
import { UploadForm } from "~/components/prescriptions/UploadForm";
import { UPLOAD_MESSAGES, uploadRxPathFor } from "~/models/file-type";
import type { PageHandle } from "~/models/page";
import { signInHref, withoutSignIn } from "~/models/sign-in";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { RECAPTURE_MESSAGES } from "~/models/recapture-words";
import { flashToast } from "~/services/platform/session.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import {
  orderForUpload,
  orderPageFor,
  orderViewerOf,
  uploadForOrder,
} from "~/services/prescriptions/order-upload.server";
import { proveOrderByLink, UPLOAD_LINK_PARAM } from "~/services/prescriptions/upload-links.server";
import { uploadRxImage, viewerOf } from "~/services/prescriptions/rx-images.server";
import { readImageUpload } from "~/services/prescriptions/upload-input.server";
import styles from "~/styles/upload.css?url";
import type { Route } from "./+types/upload-rx";

export const handle: PageHandle = { pageName: "UploadRx", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Upload your prescription | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * The order of upload-rx?oid=, for its customer, the browser that placed it, or one that opened the order e-mail's
 * signed link. Signed out, anyone else is asked to sign in (an old link opened on another device); signed in,
 * another customer's order is a 404.
 */
async function orderOf(request: Request, context: Route.LoaderArgs["context"], oid: string) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const order = await orderForUpload(db, oid, orderViewerOf(visitor));
  if (order) return order;
  if (!visitor.customer) {
    const url = new URL(request.url);
    throw redirect(signInHref("/", "sign-in", { redirectTo: withoutSignIn(`${url.pathname}${url.search}`) }), 303);
  }
  throw data(null, { status: 404 });
}

/** upload-rx?oid= for an order waiting for its prescription; upload-rx alone for a signed-in customer's account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const oid = search.get("oid");
  const code = search.get(UPLOAD_LINK_PARAM);
  if (oid !== null && code !== null) {
    // The e-mailed link: a valid code proves the order to this browser; the page then drops the code from its address.
    const { sessions } = context.get(servicesContext);
    proveOrderByLink(context.get(visitorContext).session, sessions.secrets, oid, code);
    throw redirect(uploadRxPathFor(oid), 303);
  }
  if (oid !== null) {
    const order = await orderOf(request, context, oid);
    return {
      orderNumber: order.orderNumber,
      waiting: order.waitingGroups.length > 0,
      orderLink: orderPageFor(context.get(visitorContext), order),
    };
  }
  requireCustomer(context, request);
  return { orderNumber: null, waiting: true, orderLink: null };
}

/** The upload (multipart, one file); a file it can't take re-renders the form with the message (400). */
export async function action({ request, context }: Route.ActionArgs) {
  const oid = new URL(request.url).searchParams.get("oid");
  const visitor = context.get(visitorContext);
  const order = oid !== null ? await orderOf(request, context, oid) : null;
  const customer = order ? visitor.customer : requireCustomer(context, request);
  const input = await readImageUpload(request, { fileFields: ["image"] });
  const refuse = (message: string, status: 400 | 413 | 429 = 400) => data({ uploadError: message }, { status });
  if (!input.ok) return refuse(input.message, input.status);
  if (!input.file) return refuse(UPLOAD_MESSAGES.noFile);
  const services = context.get(servicesContext);
  const { requestId, clientIp } = context.get(requestInfoContext);
  const viewer = viewerOf(visitor, { create: true });
  const file = { fileName: input.file.fileName, bytes: input.file.bytes };
  if (order) {
    const outcome = await uploadForOrder(services, { order, file, viewer, correlationId: requestId, clientIp });
    if (!outcome.ok) return refuse(outcome.message, outcome.status);
    // A held order goes on with the new prescription (recapture, issue 16).
    if (order.held) flashToast(visitor.session, "success", RECAPTURE_MESSAGES.working);
    return redirect(
      `/upload-success?oid=${encodeURIComponent(order.orderNumber)}&image=${encodeURIComponent(outcome.image.id)}`,
      303,
    );
  }
  const outcome = await uploadRxImage(services, file, {
    owner: { customerId: customer!.id, sessionHash: viewer.sessionHash },
    correlationId: requestId,
    clientIp,
  });
  if (!outcome.ok) return refuse(outcome.message, outcome.status);
  return redirect(`/upload-success?image=${encodeURIComponent(outcome.image.id)}`, 303);
}

export default function UploadRxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderNumber, waiting, orderLink } = loaderData;
  const navigate = useNavigate();
  return (
    <section className="upload-page" aria-labelledby="upload-rx-title">
      <h1 id="upload-rx-title">Upload your prescription</h1>
      {orderNumber ? (
        <p className="funnel-step-lead">
          For order <strong data-testid="upload-order-number">{orderNumber}</strong>. We&apos;ll check it with your eye
          doctor and send your lenses.
        </p>
      ) : (
        <p className="funnel-step-lead">
          Keep a copy of your contact lens prescription with your account. A clear photo of the whole prescription works
          best.
        </p>
      )}
      {waiting ? (
        <UploadForm
          id="upload-rx"
          hiddenFields={{ intent: "upload-rx" }}
          apiFields={orderNumber ? { orderNumber } : {}}
          error={actionData?.uploadError}
          submitLabel="Upload prescription"
          onUploaded={(rxImageId) =>
            void navigate(
              orderNumber
                ? `/upload-success?oid=${encodeURIComponent(orderNumber)}&image=${encodeURIComponent(rxImageId)}`
                : `/upload-success?image=${encodeURIComponent(rxImageId)}`,
            )
          }
        />
      ) : (
        <p role="status">
          We already have the prescription for this order.{" "}
          {orderLink ? <Link to={orderLink}>See your order</Link> : null}
        </p>
      )}
    </section>
  );
}
