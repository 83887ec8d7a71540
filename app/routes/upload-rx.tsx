import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/upload-rx";

export const handle: PageHandle = { pageName: "UploadRx", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Upload your prescription | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function UploadRxPage() {
  return <ComingSoon title="Upload your prescription" />;
}
