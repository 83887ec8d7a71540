import { DEFAULT_OG_IMAGE_PATH, ogCard, type SizedImage } from "./og-image";
import { SITE } from "./site";

export interface PageMeta {
  title: string;
  description: string;
  /** Site-relative canonical path. */
  canonical: string;
  /** A card of known size (product and home pages), any site-relative image, or none: the default card. */
  image?: SizedImage | string | null;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

type MetaDescriptor = Record<string, string>;

/** Search engines show about this many characters of a description; longer ones are cut to fit. */
export const META_DESCRIPTION_MAX_LENGTH = 160;

/**
 * A description that fits in `maxLength` characters: whitespace collapsed and, when too long, cut at the last word
 * that fits with an ellipsis after it (never mid-word; trailing punctuation before the cut goes).
 */
export function metaDescription(text: string, maxLength: number = META_DESCRIPTION_MAX_LENGTH): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (collapsed.length <= maxLength) return collapsed;
  // The last space that leaves room for the ellipsis ends the last whole word; one overlong word is cut inside.
  const lastSpace = collapsed.lastIndexOf(" ", maxLength - 1);
  const kept = collapsed.slice(0, lastSpace > 0 ? lastSpace : maxLength - 1);
  return `${kept.replace(/[\s,;:.!?\-–—]+$/, "")}…`;
}

/**
 * Title, description (cut to fit, see metaDescription), canonical and Open Graph tags for a page (absolute URLs
 * from the site origin).
 */
export function pageMeta(meta: PageMeta, siteUrl: string): MetaDescriptor[] {
  const canonicalUrl = `${siteUrl}${meta.canonical}`;
  const description = metaDescription(meta.description);
  const image = typeof meta.image === "string" ? { url: meta.image } : (meta.image ?? ogCard(DEFAULT_OG_IMAGE_PATH));
  return [
    { title: meta.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:site_name", content: SITE.name },
    { property: "og:type", content: meta.type ?? "website" },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { property: "og:image", content: `${siteUrl}${image.url}` },
    ...("type" in image
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:type", content: image.type },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    ...(meta.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
