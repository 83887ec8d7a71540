import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { imageBytesResponse } from "~/services/api/images.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readRxImage, viewerOf } from "~/services/prescriptions/rx-images.server";
import type { Route } from "./+types/rx-images.$imageId";

/**
 * rx-images/:imageId: an uploaded prescription image's bytes for the pages (the upload-success thumbnail), to its
 * owner only — anyone else gets the same 404 as for an image that does not exist. Never cached (it is health data).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const found = await readRxImage(services, params.imageId, viewerOf(context.get(visitorContext)));
  if (!found) return notFound();
  return imageBytesResponse(found.image, found.bytes);
}

export function action() {
  return new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}
