import { redirect } from "react-router";
import { examCompleteRedirect } from "./exam.landing";
import type { Route } from "./+types/exam._index";

/** The exam path prefix (spec ExamLanding): the landing page, keeping the query (campaign parameters). */
export function loader({ request }: Route.LoaderArgs) {
  examCompleteRedirect(request);
  throw redirect(`/exam/landing${new URL(request.url).search}`, 301);
}
