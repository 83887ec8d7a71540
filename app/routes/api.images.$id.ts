import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { imageBytesResponse } from "~/services/api/images.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { deleteRxImage, readRxImage, viewerOf } from "~/services/prescriptions/rx-images.server";
import { apiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.images.$id";

const NOT_FOUND = "There is no such image.";

/** GET api/images/:id (spec 2 §7): the image's bytes, to its owner only (anyone else: 404, as for none). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  apiCustomer(request, context, { message: "Sign in again to see this image." });
  const visitor = context.get(visitorContext);
  const found = await readRxImage(context.get(servicesContext), params.id, viewerOf(visitor));
  if (!found) return jsonError(404, NOT_FOUND);
  return imageBytesResponse(found.image, found.bytes);
}

/**
 * DELETE api/images/:id: the image and its bytes, by its owner. One sent with a placed order is kept with the order
 * (422).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET", "DELETE");
  apiCustomer(request, context, { message: "Sign in again to delete this image." });
  const visitor = context.get(visitorContext);
  const result = await deleteRxImage(context.get(servicesContext), params.id, viewerOf(visitor));
  if (result === "not-found") return jsonError(404, NOT_FOUND);
  if (result === "linked") return jsonError(422, "This image was sent with an order and is kept with it.");
  return privateJson({ rxImageId: params.id, deleted: true });
}
