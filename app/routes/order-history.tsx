import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/order-history";

export const handle: PageHandle = { pageName: "OrderHistory", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Order status & history | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function OrderHistoryPage() {
  return <ComingSoon title="Order status & history" />;
}
