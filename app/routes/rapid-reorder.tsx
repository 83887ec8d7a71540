import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/rapid-reorder";

export const handle: PageHandle = { pageName: "RapidReorder", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Rapid reorder | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function RapidReorderPage() {
  return <ComingSoon title="Rapid reorder" />;
}
