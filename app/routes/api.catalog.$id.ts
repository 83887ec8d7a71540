import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import {
  jsonResponse,
  methodNotAllowed,
  parsePriceBook,
  parseProductId,
  requireVisibleProduct,
} from "~/services/api/json.server";
import { findProductDetail, productPath } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.$id";

/** GET /api/catalog/{id}?priceBook=: one product with its price in that book and its parameters. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.id);
  const priceBook = parsePriceBook(new URL(request.url));
  const { db } = context.get(servicesContext);
  const product = requireVisibleProduct(await findProductDetail(db, { productId }, priceBook), productId);
  return jsonResponse(
    {
      productId: product.id,
      vanityUrl: product.vanityUrl,
      url: productPath(product),
      productType: product.productType,
      displayName: product.displayName,
      displayNameSubHeading: product.displayNameSubHeading,
      brand: product.brandName,
      manufacturerName: product.manufacturerName,
      categories: product.categories,
      descriptorPackSize: product.descriptorPackSize,
      supply: {
        wearTime: product.wearTimeDays,
        quantityPerPackage: product.quantityPerPackage,
        maximumQuantity: product.maximumQuantity,
      },
      isPrivateLabel: product.isPrivateLabel,
      discontinuedInCatalog: product.discontinuedInCatalog,
      isHidden: product.isHidden,
      allowsAutoReorder: product.allowsAutoReorder,
      priceBook,
      price: product.unitPriceCents,
      imageUrl: product.imageUrl,
      parameters: product.parameters,
    },
    PUBLIC_RESOURCE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
