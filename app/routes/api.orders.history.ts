import { methodNotAllowed } from "~/services/api.server";

// Placeholder until the orders API lands in this change.
export function loader() {
  return methodNotAllowed();
}
