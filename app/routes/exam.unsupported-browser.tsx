import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { ALLOW_UNSUPPORTED_BROWSER } from "~/services/exams/exam-browser.server";
import type { Route } from "./+types/exam.unsupported-browser";

/** Spec 1 §2.2: where the exam guard sends a browser the exam does not support; anyone may go on from here. */
export const handle: PageHandle = { pageName: "ExamUnsupportedBrowser" };

export const meta: Route.MetaFunction = () => [
  { title: "Your browser can't take the online exam | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Only a path on this site, back into the exam; anything else starts the exam over. */
function examPath(returnTo: string | null): string {
  return returnTo && /^\/(exam|welcome)\//.test(returnTo) && !returnTo.startsWith("//") ? returnTo : "/exam/start";
}

export function loader({ request }: Route.LoaderArgs) {
  const back = examPath(new URL(request.url).searchParams.get("returnTo"));
  const [path, search = ""] = back.split("?");
  const params = new URLSearchParams(search);
  params.set(ALLOW_UNSUPPORTED_BROWSER, "true");
  return { continueHref: `${path}?${params.toString()}` };
}

export default function ExamUnsupportedBrowserPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow-page">
      <h1>Your browser can&apos;t take the online exam</h1>
      <p>
        The vision exam shows letters at a set size on your screen, which needs a recent version of Chrome, Edge,
        Firefox, Safari or Samsung Internet, on a computer, tablet or phone.
      </p>
      <p>Open this page in one of those browsers to take your exam, or go on in this one if you know it can.</p>
      <p>
        <Link to={loaderData.continueHref} className="button">
          Continue in this browser
        </Link>
      </p>
      <p>
        <Link to="/exam/landing">About the online exam</Link>
      </p>
    </section>
  );
}
