import type { ContentAction } from "./definitions";

/** The first action of a type among a visitor's actions (the first campaign in the content wins). */
export function firstAction<T extends ContentAction["type"]>(
  actions: readonly ContentAction[],
  type: T,
): Extract<ContentAction, { type: T }> | null {
  return (actions.find((action) => action.type === type) as Extract<ContentAction, { type: T }> | undefined) ?? null;
}

/**
 * Where a redirect action sends the visitor from `current`: the action's path, keeping only the query parameters it
 * names (the home split test keeps `ac` and nothing else). Null on another page than the action's `from`, or when
 * the visitor is already there, so a redirect can never loop.
 */
export function redirectTarget(action: Extract<ContentAction, { type: "redirect" }>, current: URL): string | null {
  if (action.from !== undefined && action.from !== current.pathname) return null;
  const target = new URL(action.url, current.origin);
  const query = new URLSearchParams();
  for (const name of action.keep_query) {
    for (const value of current.searchParams.getAll(name)) query.append(name, value);
  }
  if (target.pathname === current.pathname) return null;
  const search = query.toString();
  return `${target.pathname}${search ? `?${search}` : ""}`;
}
