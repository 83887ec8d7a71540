import { z } from "zod";
import type { HeaderType } from "./page";

/** A content page as the content system delivers it (spec: page metadata meta_title, meta_description, ...). */
export interface ContentPage {
  /** The page's URL path, e.g. "/privacy/notice-of-privacy-practices". */
  path: string;
  title: string;
  description: string;
  heading: string;
  canonical: string;
  image: string | null;
  headerType: HeaderType;
  inSitemap: boolean;
  /** Rendered from trusted, repository-held Markdown; raw HTML in it is escaped. */
  html: string;
}

export const contentPageFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(70),
  description: z.string().trim().min(20).max(200),
  heading: z.string().trim().min(1).max(120),
  canonical: z
    .string()
    .regex(/^\/(?!\/)\S*$/)
    .optional(),
  image: z
    .string()
    .regex(/^\/(?!\/)\S*$/)
    .optional(),
  header: z.enum(["standard", "simple", "portal"]).default("standard"),
  sitemap: z.enum(["true", "false"]).default("true"),
});

const linkSchema = z.object({ label: z.string().trim().min(1), href: z.string().regex(/^\/(?!\/)\S*$/) });
const itemSchema = z.object({ title: z.string().trim().min(1), text: z.string().trim().min(1) });

export const homeContentSchema = z.object({
  meta: z.object({ title: z.string().trim().min(1).max(70), description: z.string().trim().min(20).max(200) }),
  hero: z.object({
    eyebrow: z.string(),
    heading: z.string().trim().min(1),
    text: z.string(),
    primaryCta: linkSchema,
    secondaryCta: linkSchema,
  }),
  lensTypes: z.object({
    heading: z.string(),
    tiles: z.array(z.object({ label: z.string().min(1), href: linkSchema.shape.href, text: z.string() })).min(1),
  }),
  brands: z.object({ heading: z.string(), text: z.string() }),
  promises: z.object({ heading: z.string(), items: z.array(itemSchema) }),
  exam: z.object({ heading: z.string(), text: z.string(), bullets: z.array(z.string()), cta: linkSchema }),
  steps: z.object({ heading: z.string(), items: z.array(itemSchema) }),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

export const notificationSourcePrioritySchema = z.object({
  sources: z.array(z.object({ source_name: z.string().trim().min(1) })),
});

/** Spec 4.3: priority follows the list order (first is highest); unlisted sources have priority 0. */
export function notificationSourcePriority(sources: readonly string[], sourceName: string): number {
  const index = sources.indexOf(sourceName);
  return index === -1 ? 0 : sources.length - index;
}
