import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/doctor";

export const handle: PageHandle = { pageName: "Doctor", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Your eye doctor | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function DoctorPage() {
  return <ComingSoon title="Your eye doctor" />;
}
