import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/eye-doctor-search";

export const handle: PageHandle = { pageName: "EyeDoctorSearch", headerType: "standard" };

export const meta: Route.MetaFunction = () => [
  { title: "Find an eye doctor | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function EyeDoctorSearchPage() {
  return <ComingSoon title="Find an eye doctor" />;
}
