/**
 * One Postgres schema for both drivers (PGlite and node-postgres), one file per domain. Catalog tables are keyed by
 * the catalog's own stable ids (productId, UPC) so carts, orders and subscriptions can reference them directly.
 */
export * from "./platform";
export * from "./catalog";
export * from "./cart";
export * from "./accounts";
export * from "./doctors";
export * from "./checkout";
export * from "./orders";
export * from "./order-groups";
export * from "./subscriptions";
export * from "./prescriptions";
export * from "./exams";
export * from "./verification";
export * from "./chat";
export * from "./reviews";
export * from "./pages";
export * from "./insurance";
export * from "./notifications";
export * from "./analytics";
