import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/search";

export const handle: PageHandle = { pageName: "Search", headerType: "standard" };

export const meta: Route.MetaFunction = () => [{ title: "Search | Lenslane" }, { name: "robots", content: "noindex" }];

export default function SearchPage() {
  return <ComingSoon title="Search" />;
}
