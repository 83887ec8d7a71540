import { redirect } from "react-router";
import { ComingSoon } from "~/components/ui/ComingSoon";
import { brandFinderRedirect } from "~/models/brand-finder";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/try-contact-lens-brands";

export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

export const meta: Route.MetaFunction = () => [{ title: "Find your perfect brand | Lenslane" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const step = url.pathname.split("/")[2] ?? "search";
  const target = brandFinderRedirect(step, url.searchParams);
  if (target) throw redirect(target);
  return { step };
}

export default function BrandFinderPage() {
  return <ComingSoon title="Find your perfect brand" />;
}
