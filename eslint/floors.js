/**
 * The floors of app/, bottom to top (docs/architecture.md, DESIGN.md §2). A file may import its own floor and the
 * floors below it; an import that runs back up to a higher floor fails the lint (import-x/no-restricted-paths).
 * Tests beside a file are not held to it: a test may assemble the program the way the server does.
 */
const S = "app/services";

/** The domains, each only above those before it. */
export const DOMAINS = [
  "catalog",
  "content",
  "growth",
  "reviews",
  "accounts",
  "insurance",
  "cart",
  "funnel",
  "doctors",
  "orders",
  "prescriptions",
  "subscriptions",
  "checkout",
  "auto-reorder",
  "exams",
  "chat",
  "sign-in",
  "notifications",
  "scenarios",
];

export const FLOORS = [
  { name: "models", paths: ["app/models/**"] },
  { name: "db", paths: [`${S}/db/**`] },
  // Every file of platform/ but the context keys, which name the services bag (the database and the adapters).
  { name: "platform", paths: [`${S}/platform/!(context.server).ts`] },
  { name: "adapters", paths: [`${S}/adapters/**`] },
  { name: "platform/context", paths: [`${S}/platform/@(context.server).ts`] },
  ...DOMAINS.map((domain) => ({ name: domain, paths: [`${S}/${domain}/**`] })),
  { name: "api", paths: [`${S}/api/**`] },
  { name: "the composition root (app/server)", paths: ["app/server/**"] },
  {
    name: "routes and components",
    paths: ["app/routes/**", "app/components/**", "app/client/**", "app/@(root|entry.server|entry.client).tsx"],
  },
];

/** One zone per pair of floors: the lower may not import the higher. */
export function floorZones(floors = FLOORS) {
  return floors.flatMap((lower, index) =>
    floors.slice(index + 1).map((higher) => ({
      target: lower.paths,
      from: higher.paths,
      message: `${lower.name} sits below ${higher.name}: imports run down the floors only (docs/architecture.md).`,
    })),
  );
}
