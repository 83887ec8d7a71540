import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { escapeXml } from "~/models/xml";
import { findProductImage } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/images.products.$file";

/** A generated box image for each product: its brand colours, brand and name. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const match = /^([a-z0-9-]{1,120})\.svg$/.exec(params.file);
  const product = match?.[1] ? await findProductImage(db, match[1]) : null;
  if (!product) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const { background, accent } = product.imageColors;
  const name = product.displayName.length > 32 ? `${product.displayName.slice(0, 31)}…` : product.displayName;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${escapeXml(product.displayName)}">
<rect width="480" height="360" fill="#f4f6f8"/>
<rect x="70" y="60" width="340" height="240" rx="14" fill="${escapeXml(background)}"/>
<rect x="70" y="230" width="340" height="70" rx="0" fill="${escapeXml(accent)}"/>
<circle cx="362" cy="265" r="22" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.9"/>
<text x="96" y="112" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="#ffffff">${escapeXml(product.brandName)}</text>
<text x="96" y="150" font-family="Helvetica, Arial, sans-serif" font-size="17" fill="#ffffff">${escapeXml(name)}</text>
<text x="96" y="274" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#ffffff">${escapeXml(product.descriptorPackSize)}</text>
</svg>`;
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": PUBLIC_RESOURCE_CACHE_CONTROL },
  });
}
