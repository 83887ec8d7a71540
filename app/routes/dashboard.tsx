import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/dashboard";

export const handle: PageHandle = { pageName: "Dashboard", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "My dashboard | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function DashboardPage() {
  return <ComingSoon title="My dashboard" />;
}
