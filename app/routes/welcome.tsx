import { redirect } from "react-router";
import { WELCOME_REDIRECTS } from "~/models/redirects";
import { examBrowserGuard } from "~/services/exams/exam-browser.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { loadContentPage, notFound } from "~/services/content/content-pages.server";
import type { Route } from "./+types/welcome";

export { default, handle, headers, meta } from "./content-page";

const WELCOME_PAGES = new Set(["welcome-back", "brand-choice", "post-exam"]);

/**
 * The welcome family (spec 2.1): bare /welcome goes home; sub-paths that stand for top-level pages redirect
 * there; welcome-back, brand-choice and post-exam (each with an optional campaign slug) and welcome/{slug} are
 * content pages. brand-choice/{slug} needs productId and prescriptionId, else the shopper's prescriptions; it and
 * post-exam/{slug} send a browser the exam does not support to the exam's unsupported-browser page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const { page, slug } = params;
  if (!page) throw redirect(`/${url.search}`);
  const top = Object.hasOwn(WELCOME_REDIRECTS, page) ? WELCOME_REDIRECTS[page] : undefined;
  if (top && !slug) throw redirect(`${top}${url.search}`);
  if (WELCOME_PAGES.has(page)) {
    // Spec: brand-choice/{slug} and post-exam/{slug} have the exam guard (a browser the exam supports, or allowed).
    if ((page === "brand-choice" || page === "post-exam") && slug) {
      examBrowserGuard(request, context.get(visitorContext).session);
    }
    if (page === "brand-choice" && slug) {
      const productId = url.searchParams.get("productId")?.trim();
      const prescriptionId = url.searchParams.get("prescriptionId")?.trim();
      if (!productId || !prescriptionId) throw redirect("/account/prescriptions");
    }
    const result = await loadContentPage(services, `/welcome/${page}`);
    if (result) return result;
  } else if (!slug) {
    const result = await loadContentPage(services, `/welcome/${page}`);
    if (result) return result;
  }
  return notFound(services, request);
}
