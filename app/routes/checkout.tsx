import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/checkout";

export const handle: PageHandle = { pageName: "Checkout", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function CheckoutPage() {
  return <ComingSoon title="Checkout" />;
}
