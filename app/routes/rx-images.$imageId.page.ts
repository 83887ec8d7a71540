import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { pageImageResponse } from "~/services/api/images.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readRxPageImage, viewerOf } from "~/services/prescriptions/rx-images.server";
import type { Route } from "./+types/rx-images.$imageId.page";

/**
 * rx-images/:imageId/page: an uploaded PDF's first page, drawn as a PNG at upload — what the shopper (and staff) see
 * in place of the PDF. To the image's owner only; anyone else, or an image without a page, gets a 404. Never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const found = await readRxPageImage(services, params.imageId, viewerOf(context.get(visitorContext)));
  if (!found) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  return pageImageResponse(found.bytes);
}

export function action() {
  return new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}
