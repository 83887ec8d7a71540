import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import { requireCustomer } from "~/services/auth/guard.server";
import type { Route } from "./+types/account.settings";

export const handle: PageHandle = { pageName: "Account" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return null;
}

export default function AccountPage() {
  return <ComingSoon title="My account" />;
}
