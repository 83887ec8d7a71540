import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/account";

export const handle: PageHandle = { pageName: "Account", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "My account | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function AccountPage() {
  return <ComingSoon title="My account" />;
}
