import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/upload-success";

export const handle: PageHandle = { pageName: "UploadSuccess", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Prescription received | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function UploadSuccessPage() {
  return <ComingSoon title="Prescription received" />;
}
