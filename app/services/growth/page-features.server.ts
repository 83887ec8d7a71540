import { NO_PAGE_FEATURES, type PageFeatures } from "~/models/page-features";
import type { AppServices } from "../platform/context.server";

/**
 * The content system's page features (spec 3 §9). The file source answers "all off" for a missing or invalid file
 * and logs it once; a source that fails outright is treated the same (spec 3 §8: a feature-toggle fetch failure is
 * treated as disabled).
 */
export async function pageFeatures(services: Pick<AppServices, "content" | "logger">): Promise<PageFeatures> {
  try {
    return await services.content.getFeatures();
  } catch (error) {
    services.logger.warn({ err: error }, "page features unavailable; every feature off");
    return NO_PAGE_FEATURES;
  }
}
