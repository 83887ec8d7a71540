import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/rx-details";

export const handle: PageHandle = { pageName: "RxDetails", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Your prescription | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function RxDetailsPage() {
  return <ComingSoon title="Your prescription" />;
}
