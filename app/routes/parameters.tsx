import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/parameters";

export const handle: PageHandle = { pageName: "Parameters", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Your lens parameters | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ParametersPage() {
  return <ComingSoon title="Your lens parameters" />;
}
