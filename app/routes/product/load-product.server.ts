import type { RouterContextProvider } from "react-router";
import { PRODUCT_TYPE } from "~/models/catalog";
import { findProductDetail } from "~/services/catalog/catalog.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";

/** The product page's two mounts (routes.ts): /lens/:name and /contact-lens-solution/:name. */
function productTypeOf(request: Request) {
  return new URL(request.url).pathname.startsWith("/contact-lens-solution/")
    ? PRODUCT_TYPE.solution
    : PRODUCT_TYPE.lens;
}

/** A shown product: found, not hidden (else the not-found page); numeric ids were redirected before. */
export async function loadProduct(
  request: Request,
  params: { name: string },
  context: Readonly<RouterContextProvider>,
) {
  const services = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const product = await findProductDetail(
    services.db,
    { productType: productTypeOf(request), vanityUrl: params.name },
    priceBook,
  );
  if (!product || product.isHidden) notFound(services, request);
  return product;
}

/** What the product page shows of a product (and nothing else of its row). */
export function productPageFields(product: Awaited<ReturnType<typeof loadProduct>>) {
  return {
    id: product.id,
    productType: product.productType,
    displayName: product.displayName,
    displayNameSubHeading: product.displayNameSubHeading,
    brandName: product.brandName,
    description: product.description,
    specifications: product.specifications,
    imageUrl: product.imageUrl,
    descriptorPackSize: product.descriptorPackSize,
    unitPriceCents: product.unitPriceCents,
    discontinuedInCatalog: product.discontinuedInCatalog,
    allowsAutoReorder: product.allowsAutoReorder,
    parameters: product.parameters,
  };
}
