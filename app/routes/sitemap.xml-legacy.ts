import { redirect } from "react-router";

/** The original's sitemap/xml route: the XML itself lives at the conventional /sitemap.xml. */
export function loader() {
  throw redirect("/sitemap.xml", 301);
}
