import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/address";

export const handle: PageHandle = { pageName: "Address", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Shipping address | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function AddressPage() {
  return <ComingSoon title="Shipping address" />;
}
