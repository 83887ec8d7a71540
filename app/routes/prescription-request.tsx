import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/prescription-request";

export const handle: PageHandle = { pageName: "PrescriptionRequest", headerType: "portal", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Prescription request | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function PrescriptionRequestPage() {
  return <ComingSoon title="Prescription request" />;
}
