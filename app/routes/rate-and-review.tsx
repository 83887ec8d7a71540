import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/rate-and-review";

export const handle: PageHandle = { pageName: "RateAndReview", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Rate and review | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function RateAndReviewPage() {
  return <ComingSoon title="Rate and review" />;
}
