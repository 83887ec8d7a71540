import { UPLOAD_MESSAGES } from "~/models/file-type";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import { funnelUploadPathOf } from "~/models/prescription-reader-choice";
import { lockedLensGroup } from "~/services/funnel/group-steps.server";
import { uploadForGroup } from "~/services/prescriptions/group-upload.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { uploadedImageJson } from "~/services/api/images.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { RECAPTURE_MESSAGES } from "~/models/recapture-words";
import { flashToast } from "~/services/platform/session.server";
import {
  orderForUpload,
  orderViewerOf,
  ORDER_UPLOAD_MESSAGES,
  uploadForOrder,
} from "~/services/prescriptions/order-upload.server";
import { uploadRxImage, viewerOf } from "~/services/prescriptions/rx-images.server";
import { readImageUpload } from "~/services/prescriptions/upload-input.server";
import { imageUploadFieldsSchema } from "~/services/api/openapi/prescriptions.server";
import { apiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.images";

/**
 * POST api/images (spec 2 §7): multipart `images` (one file: PDF, JPEG, PNG, HEIC or TIFF, up to 10 MB), optional
 * `width`, `height` and `orderNumber` → 201 `{ items: [{ rxImageId, classification, processedImage }] }`. The image
 * belongs to the signed-in customer (cookie or bearer token), or to this browser session for a guest. With an
 * orderNumber it is the prescription for that order (its customer's, or this session placed it): the order's waiting
 * groups go to PendingVerification. With a groupId (RxDetails with JavaScript) it is the prescription for that group
 * of the visitor's cart, attached as the form without JavaScript attaches it, and read or not by the AI prescription
 * reader test (decision 67); a plain upload is always read. 400 for a file it can't take (with the page's message),
 * 413 too large, 404 an order or a group not found.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  apiCustomer(request, context, { message: "Sign in again to upload." });
  const visitor = context.get(visitorContext);
  const input = await readImageUpload(request, { fileFields: ["images", "image"] });
  if (!input.ok) return jsonError(input.status, input.message);
  const fields = imageUploadFieldsSchema.safeParse({
    width: input.form.get("width") ?? undefined,
    height: input.form.get("height") ?? undefined,
    orderNumber: input.form.get("orderNumber") ?? undefined,
    groupId: input.form.get("groupId") ?? undefined,
  });
  if (!fields.success || (fields.data.orderNumber && fields.data.groupId)) {
    return jsonError(400, "width and height must be whole numbers; orderNumber an order number, or groupId a group.");
  }
  if (!input.file) return jsonError(400, UPLOAD_MESSAGES.noFile);

  const services = context.get(servicesContext);
  const { requestId, clientIp } = context.get(requestInfoContext);
  const viewer = viewerOf(visitor, { create: true });
  const file = { fileName: input.file.fileName, bytes: input.file.bytes };
  let outcome;
  if (fields.data.orderNumber) {
    const order = await orderForUpload(services.db, fields.data.orderNumber, orderViewerOf(visitor));
    if (!order) return jsonError(404, `There is no order ${fields.data.orderNumber}.`);
    if (order.waitingGroups.length === 0) return jsonError(422, ORDER_UPLOAD_MESSAGES.notWaiting);
    outcome = await uploadForOrder(services, { order, file, viewer, correlationId: requestId, clientIp });
    // A held order goes on (recapture): the browser's next page says so.
    if (outcome.ok && order.held) flashToast(visitor.session, "success", RECAPTURE_MESSAGES.working);
  } else if (fields.data.groupId) {
    const cartId = visitor.session.get("cartId");
    const groupId = fields.data.groupId;
    if (!cartId || !(await lockedLensGroup(services.db, cartId, groupId)))
      return jsonError(404, STEP_MESSAGES.groupGone);
    outcome = await uploadForGroup(services, {
      cartId,
      groupId,
      file,
      viewer,
      path: funnelUploadPathOf(visitor.campaignVariations),
      correlationId: requestId,
      clientIp,
    });
  } else {
    outcome = await uploadRxImage(services, file, { owner: viewer, correlationId: requestId, clientIp });
  }
  if (!outcome.ok) {
    // Past an upload limit, as the other limits answer: 429 with Retry-After (the hour's window).
    return jsonError(
      outcome.status ?? 400,
      outcome.message,
      outcome.status === 429 ? { headers: { "Retry-After": "3600" } } : {},
    );
  }
  return privateJson({ items: [uploadedImageJson(outcome.image)] }, 201);
}

export function loader() {
  return methodNotAllowed("POST");
}
