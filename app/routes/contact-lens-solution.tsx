import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/contact-lens-solution";

export const handle: PageHandle = { pageName: "ProductListPage", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Contact lens solution | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ContactLensSolutionPage() {
  return <ComingSoon title="Contact lens solution" />;
}
