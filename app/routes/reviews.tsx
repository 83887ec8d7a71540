import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/reviews";

export const handle: PageHandle = { pageName: "Reviews", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Customer reviews | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ReviewsPage() {
  return <ComingSoon title="Customer reviews" />;
}
