import { ContentArticle } from "~/components/content/ContentArticle";
import type { ContentPage } from "~/models/content";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { servicesContext } from "~/services/platform/context.server";
import { loadContentPage, notFound } from "~/services/content/content-pages.server";
import type { Route } from "./+types/content-page";

export const handle: PageHandle = {
  pageName: "Content",
  headerType: (data) => (data as { page?: ContentPage } | undefined)?.page?.headerType,
  cache: "public",
  liveChat: true,
};

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta({ ...data.page, type: "article", noindex: !data.page.inSitemap }, data.siteUrl) : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const result = await loadContentPage(services, new URL(request.url).pathname);
  if (!result) notFound(services, request);
  return result;
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}
