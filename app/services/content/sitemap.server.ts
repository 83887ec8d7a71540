import { LENS_TYPE_FACETS } from "~/models/catalog";
import { listPublicProducts, PRODUCT_TYPE, productPath } from "../catalog/catalog.server";
import type { AppServices } from "../platform/context.server";

export interface SitemapEntry {
  path: string;
  title?: string;
  group: "Shop" | "Products" | "Help and information";
}

/** Every public page: home, catalog lists and facets, product pages and content pages that opt in. */
export async function sitemapEntries(services: AppServices): Promise<SitemapEntry[]> {
  const [pages, products] = await Promise.all([services.content.listPages(), listPublicProducts(services.db)]);
  const brandFacets = [
    ...new Set(products.filter((p) => p.productType === PRODUCT_TYPE.lens).map((p) => p.brandSlug)),
  ].sort();
  return [
    { path: "/", title: "Home", group: "Shop" },
    { path: "/lenses", title: "Contact lenses", group: "Shop" },
    ...LENS_TYPE_FACETS.map((facet) => ({ path: `/lenses/${facet}`, group: "Shop" as const })),
    ...brandFacets.map((slug) => ({ path: `/lenses/${slug}`, group: "Shop" as const })),
    { path: "/contact-lens-solution", title: "Contact lens solution", group: "Shop" },
    { path: "/exam/landing", title: "Online vision exam", group: "Shop" },
    { path: "/eye-doctor-search", title: "Find an eye doctor", group: "Shop" },
    ...products.map((product) => ({ path: productPath(product), group: "Products" as const })),
    ...pages
      .filter((page) => page.inSitemap)
      .map((page) => ({ path: page.path, title: page.heading, group: "Help and information" as const })),
  ];
}
