import { data } from "react-router";
import type { PageHandle } from "~/models/page";

export const handle: PageHandle = { pageName: "404" };

/** /404 itself: the root error boundary renders the page, with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
