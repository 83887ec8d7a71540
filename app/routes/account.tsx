import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import type { Route } from "./+types/account";

export const handle: PageHandle = { pageName: "Account", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "My account | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return null;
}

export default function AccountPage() {
  return <ComingSoon title="My account" />;
}
