import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/reorder";

export const handle: PageHandle = { pageName: "Reorder", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Reorder your lenses | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ReorderPage() {
  return <ComingSoon title="Reorder your lenses" />;
}
