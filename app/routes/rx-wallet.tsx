import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/rx-wallet";

export const handle: PageHandle = { pageName: "RxWallet", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "My prescriptions | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function RxWalletPage() {
  return <ComingSoon title="My prescriptions" />;
}
