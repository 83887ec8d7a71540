import { data } from "react-router";

// Placeholder until the orders pages land in this change.
export function loader() {
  throw data({ error: "Not found" }, { status: 404 });
}
