import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/cart";

export const handle: PageHandle = { pageName: "Cart", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Your cart | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function CartPage() {
  return <ComingSoon title="Your cart" />;
}
