import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import type { Route } from "./+types/rate-and-review";

export const handle: PageHandle = { pageName: "RateAndReview", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Rate and review | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return null;
}

export default function RateAndReviewPage() {
  return <ComingSoon title="Rate and review" />;
}
