import { useNonce } from "~/components/nonce";
import { reviewJsonLd, type PublishedReview, type RatingSummary } from "~/models/reviews";

/** schema.org Product data for search engines (a data block: not executed, but it carries the nonce anyway). */
export function ProductJsonLd({
  product,
  inStock,
  reviews,
  siteUrl,
  canonical,
}: {
  product: {
    displayName: string;
    brandName: string;
    imageUrl: string;
    description: string;
    unitPriceCents: number | null;
    discontinuedInCatalog: boolean;
  };
  inStock: boolean;
  reviews: { summary: RatingSummary | null; latest: PublishedReview[] };
  siteUrl: string;
  /** The product page's path. */
  canonical: string;
}) {
  const nonce = useNonce();
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.displayName,
    brand: { "@type": "Brand", name: product.brandName },
    image: `${siteUrl}${product.imageUrl}`,
    description: product.description,
    url: `${siteUrl}${canonical}`,
    ...(product.unitPriceCents !== null
      ? {
          offers: {
            "@type": "Offer",
            price: (product.unitPriceCents / 100).toFixed(2),
            priceCurrency: "USD",
            availability: product.discontinuedInCatalog
              ? "https://schema.org/Discontinued"
              : inStock
                ? "https://schema.org/InStock"
                : "https://schema.org/OutOfStock",
            url: `${siteUrl}${canonical}`,
          },
        }
      : {}),
    // AggregateRating and Review items, only when the product has published reviews.
    ...reviewJsonLd(reviews.summary, reviews.latest),
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, "\\u003c") }}
    />
  );
}
