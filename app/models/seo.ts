import { SITE } from "./site";

export interface PageMeta {
  title: string;
  description: string;
  /** Site-relative canonical path. */
  canonical: string;
  image?: string | null;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

type MetaDescriptor = Record<string, string>;

/** Title, description, canonical and Open Graph tags for a page (absolute URLs from the site origin). */
export function pageMeta(meta: PageMeta, siteUrl: string): MetaDescriptor[] {
  const canonicalUrl = `${siteUrl}${meta.canonical}`;
  const image = `${siteUrl}${meta.image ?? "/images/og-default.png"}`;
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:site_name", content: SITE.name },
    { property: "og:type", content: meta.type ?? "website" },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: canonicalUrl },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(meta.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
