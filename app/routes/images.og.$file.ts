import { LONG_LIVED_IMAGE_CACHE_CONTROL } from "~/models/http-cache";
import { OG_IMAGE, PRODUCT_OG_IMAGE_FILE } from "~/models/og-image";
import { homeOgImage, productOgImage, type OgPng } from "~/services/catalog/og-image.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/images.og.$file";

/**
 * Open Graph cards, 1200 × 630 PNG: /images/og/products/{vanityUrl}.png for a product page, /images/og/home.png
 * for the home page. Anything else is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, content } = context.get(servicesContext);
  const isProduct = new URL(request.url).pathname.startsWith("/images/og/products/");
  const vanityUrl = isProduct ? PRODUCT_OG_IMAGE_FILE.exec(params.file)?.[1] : undefined;
  const card =
    vanityUrl && vanityUrl.length <= 120
      ? await productOgImage(db, vanityUrl)
      : !isProduct && params.file === "home.png"
        ? await homeOgImage(content)
        : null;
  if (!card) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return png(card, request);
}

function png(card: OgPng, request: Request): Response {
  const headers = { "Cache-Control": LONG_LIVED_IMAGE_CACHE_CONTROL, ETag: card.etag };
  if (request.headers.get("If-None-Match") === card.etag) return new Response(null, { status: 304, headers });
  return new Response(card.body, {
    headers: { ...headers, "Content-Type": OG_IMAGE.type, "Content-Length": String(card.body.byteLength) },
  });
}
