import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/exam";

export const handle: PageHandle = { pageName: "ExamLanding", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Online vision exam | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ExamPage() {
  return <ComingSoon title="Online vision exam" />;
}
