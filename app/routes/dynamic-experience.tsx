import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/dynamic-experience";

export const handle: PageHandle = { pageName: "DynamicExperience", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Lenslane | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function DynamicExperiencePage() {
  return <ComingSoon title="Lenslane" />;
}
