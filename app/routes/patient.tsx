import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/patient";

export const handle: PageHandle = { pageName: "Patient", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Who are these lenses for? | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function PatientPage() {
  return <ComingSoon title="Who are these lenses for?" />;
}
