import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * One Postgres schema for both drivers (PGlite and node-postgres). Catalog tables are keyed by the catalog's own
 * stable ids (productId, UPC) so carts, orders and subscriptions in later migrations can reference them directly.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Small key/value facts about the database itself (e.g. which demo-seed version it holds). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  manufacturerName: text("manufacturer_name").notNull(),
  ...timestamps,
});

export const products = pgTable(
  "products",
  {
    /** The catalog's productId (1–6 digits); numeric product URLs resolve through it. */
    id: integer("id").primaryKey(),
    vanityUrl: text("vanity_url").notNull().unique(),
    /** lens = 1, solution = 2 (the spec's productType). */
    productType: smallint("product_type").notNull(),
    displayName: text("display_name").notNull(),
    displayNameSubHeading: text("display_name_sub_heading").notNull().default(""),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchTerms: text("search_terms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    descriptorPackSize: text("descriptor_pack_size").notNull(),
    wearTimeDays: integer("wear_time_days").notNull(),
    quantityPerPackage: integer("quantity_per_package").notNull(),
    maximumQuantity: integer("maximum_quantity").notNull(),
    description: text("description").notNull(),
    specifications: jsonb("specifications").$type<Array<{ label: string; value: string }>>().notNull().default([]),
    imageUrl: text("image_url").notNull(),
    imageColors: jsonb("image_colors").$type<{ background: string; accent: string }>().notNull(),
    allowsAutoReorder: boolean("allows_auto_reorder").notNull().default(true),
    isPrivateLabel: boolean("is_private_label").notNull().default(false),
    isHidden: boolean("is_hidden").notNull().default(false),
    discontinuedInCatalog: boolean("discontinued_in_catalog").notNull().default(false),
    /** Sort position in lists and search ties. */
    ordinal: integer("ordinal").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("products_product_type_check", sql`${table.productType} in (1, 2)`),
    check("products_id_digits_check", sql`${table.id} between 1 and 999999`),
    index("products_brand_idx").on(table.brandId),
  ],
);

/** One price per product and price book (the spec's priceBook: none = control, high, low). */
export const productPrices = pgTable(
  "product_prices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceBook: text("price_book").notNull(),
    /** Price of one box in integer cents. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.priceBook] }),
    check("product_prices_book_check", sql`${table.priceBook} in ('none', 'high', 'low')`),
    check("product_prices_positive_check", sql`${table.unitPriceCents} > 0`),
  ],
);

/** The lens parameters a product has (power, baseCurve, ...), in display order. */
export const productParameters = pgTable(
  "product_parameters",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.name] })],
);

export const productParameterOptions = pgTable(
  "product_parameter_options",
  {
    productId: integer("product_id").notNull(),
    parameterName: text("parameter_name").notNull(),
    value: text("value").notNull(),
    label: text("label").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.parameterName, table.value] }),
    foreignKey({
      columns: [table.productId, table.parameterName],
      foreignColumns: [productParameters.productId, productParameters.name],
    }).onDelete("cascade"),
    index("product_parameter_options_parameter_idx").on(table.productId, table.parameterName),
  ],
);

/**
 * A stock-keeping unit: one product with one value for each of its parameters, identified by its UPC.
 * `parameterKey` is the canonical "name=value;..." string (names sorted) so the catalog "match" lookup is a
 * single indexed read.
 */
export const skus = pgTable(
  "skus",
  {
    upc: text("upc").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    parameterKey: text("parameter_key").notNull(),
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("skus_product_parameter_key_idx").on(table.productId, table.parameterKey),
    check("skus_upc_format_check", sql`${table.upc} ~ '^[0-9]{11,14}$'`),
    check("skus_stock_check", sql`${table.stockQuantity} >= 0`),
  ],
);

/**
 * A shopper's cart, found through the id in the signed session cookie. `customerId` is filled once accounts
 * exist. Every change takes the row lock (`select … for update`) and bumps `version`, so concurrent changes to
 * one cart are applied one after the other.
 */
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    /** The coupon the shopper entered (it counts only while its promotion gives more than 0). */
    couponId: integer("coupon_id").references((): AnyPgColumn => coupons.id, { onDelete: "set null" }),
    /** Spec: 0 Standard, 1 Expedited, 2 NextDay, 3 NextDayByNoon, 4 SameDay. */
    shippingLevel: smallint("shipping_level").notNull().default(0),
    /** The address step's choice (a copy, with its verification status). */
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot | null>(),
    ...timestamps,
  },
  (table) => [check("carts_shipping_level_check", sql`${table.shippingLevel} between 0 and 4`)],
);

/**
 * Promotions (spec: id, rewards, expiration). Rewards and conditions are JSON checked by the model's schemas when
 * read; the engine in app/models/promotions.ts decides what a cart earns. `uniqueCouponName` names the coupon
 * from which single-use codes are issued (GET api/coupon/unique?couponName=).
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    /** A stable internal key (the seed upserts by it). */
    key: text("key").notNull().unique(),
    description: text("description").notNull(),
    rewards: jsonb("rewards").$type<unknown[]>().notNull(),
    conditions: jsonb("conditions").$type<Record<string, unknown>>().notNull().default({}),
    requiresCoupon: boolean("requires_coupon").notNull().default(false),
    exclusive: boolean("exclusive").notNull().default(false),
    isPrivateLabelTrial: boolean("is_private_label_trial").notNull().default(false),
    uniqueCouponName: text("unique_coupon_name").unique(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("promotions_dates_check", sql`${table.expiresAt} is null or ${table.expiresAt} > ${table.startsAt}`),
  ],
);

/**
 * Coupon codes (spec: couponCode, couponName, promotion, expiration), stored upper case. A single-use code binds to
 * the first cart it is applied to (`redeemedCartId`); another cart is refused.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    singleUse: boolean("single_use").notNull().default(false),
    redeemedCartId: text("redeemed_cart_id"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("coupons_promotion_idx").on(table.promotionId),
    check("coupons_code_format_check", sql`${table.code} ~ '^[A-Z0-9-]{1,40}$'`),
  ],
);

/** One group per patient: right and left eye lenses, or solutions (spec: LineItemGroup). */
export const lineItemGroups = pgTable(
  "line_item_groups",
  {
    id: text("id").primaryKey(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    autoReorderFrequencyDays: integer("auto_reorder_frequency_days"),
    rxEntryType: text("rx_entry_type"),
    submitAndSkipImageId: text("submit_and_skip_image_id"),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string; patientId?: number } | null>(),
    doctorId: integer("doctor_id").references((): AnyPgColumn => doctors.id, { onDelete: "set null" }),
    /** Box, Human, Other, Prescription (from the uploaded image's classification). */
    submitAndSkipImageClassification: text("submit_and_skip_image_classification"),
    examVoucherToken: text("exam_voucher_token"),
    ...timestamps,
  },
  (table) => [
    index("line_item_groups_cart_idx").on(table.cartId),
    check("line_item_groups_type_check", sql`${table.type} in ('Lens', 'Solution')`),
    check("line_item_groups_rx_entry_type_check", sql`${table.rxEntryType} in ('Manual', 'SubmitAndSkip')`),
    check("line_item_groups_frequency_check", sql`${table.autoReorderFrequencyDays} > 0`),
  ],
);

export const lineItems = pgTable(
  "line_items",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => lineItemGroups.id, { onDelete: "cascade" }),
    whichEye: text("which_eye").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** Null until the parameters resolve to a SKU (or the submit-and-skip placeholder, which is no SKU). */
    upc: text("upc"),
    quantity: integer("quantity").notNull(),
    selectedParameters: jsonb("selected_parameters").$type<Record<string, string>>().notNull().default({}),
    classification: text("classification").notNull(),
    ...timestamps,
  },
  (table) => [
    index("line_items_group_idx").on(table.groupId),
    check("line_items_which_eye_check", sql`${table.whichEye} in ('right', 'left', 'none')`),
    check("line_items_quantity_check", sql`${table.quantity} > 0`),
    check("line_items_classification_check", sql`${table.classification} in ('lens', 'solution')`),
  ],
);

/**
 * Customers (spec: customerId, emailAddress, firstName, lastName, phoneNumber, preferences, interests,
 * attributes). A quasi (guest) account has an e-mail and no password. `emailNormalized` (trimmed, lower case) is
 * unique, so e-mail addresses are unique whatever their case.
 */
export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  emailNormalized: text("email_normalized").notNull().unique(),
  /** scrypt: "scrypt$N$r$p$salt$hash" (base64); null for a quasi (guest) account. */
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** Digits only (spec: stored with non-digits removed). */
  phone: text("phone"),
  /** An opaque id other systems may hold (spec: customerToken); never a credential. */
  customerToken: text("customer_token").notNull().unique(),
  /** EmailPromotional, EmailReorderReminder, RxCapture → opted in. */
  preferences: jsonb("preferences").$type<Record<string, boolean>>().notNull().default({}),
  /** TextOrderUpdates, TextReorderReminders, TextPrescriptionUpdates, TextSpecialOffers → opted in. */
  interests: jsonb("interests").$type<Record<string, boolean>>().notNull().default({}),
  /** Consent attributes, e.g. { typeId: 1, value: "LegalNov2023" }. */
  attributes: jsonb("attributes").$type<Array<{ typeId: number; value: string }>>().notNull().default([]),
  /** Store credit (spec: customerCredits), taken off what an order charges. */
  creditCents: integer("credit_cents").notNull().default(0),
  ...timestamps,
});

/**
 * A signed-in session. The cookie holds a random token; only its SHA-256 is stored, so a database leak does not
 * leak sessions, and deleting the row signs that browser out (sign-out, "sign out everywhere").
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** How the shopper signed in: password, pin, auto-login, create-account, promote. */
    method: text("method").notNull(),
    rememberMe: boolean("remember_me").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_sessions_customer_idx").on(table.customerId)],
);

/** E-mailed one-time codes: sign-in PINs and password/guest reset links. Only hashes are stored. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("one_time_codes_customer_purpose_idx").on(table.customerId, table.purpose),
    check("one_time_codes_purpose_check", sql`${table.purpose} in ('pin', 'password-reset', 'guest-reset')`),
  ],
);

/** Auto-login links (spec 4.4): the link carries a signed token naming this row; revoking sets revokedAt. */
export const autoLoginTokens = pgTable("auto_login_tokens", {
  id: text("id").primaryKey(),
  customerId: integer("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  purpose: text("purpose").notNull().default("email-link"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Attempts counted for rate limits, in the database so every server sees them. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: serial("id").primaryKey(),
    bucket: text("bucket").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_events_bucket_idx").on(table.bucket, table.occurredAt)],
);

/** Every e-mail the store sends, kept in an outbox (the embedded e-mail adapter; a mailbox page shows it). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_outbox_to_idx").on(table.toAddress, table.createdAt)],
);

/** The customer's address book (spec: Address). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone"),
    isPrimary: boolean("is_primary").notNull().default(false),
    verificationStatus: text("verification_status").notNull().default("NeedsVerification"),
    ...timestamps,
  },
  (table) => [
    index("addresses_customer_idx").on(table.customerId),
    check(
      "addresses_verification_check",
      sql`${table.verificationStatus} in ('Verified', 'CustomerVerified', 'NeedsVerification')`,
    ),
  ],
);

/** A shipping address as a cart or an order holds it (a copy: later edits to the address book do not change it). */
export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
  verificationStatus: "Verified" | "CustomerVerified" | "NeedsVerification";
  /** The address-book row it came from, if any. */
  addressId?: number;
}

/** Eye-care clinics (spec: clinic id, name, phone, address); `id` is the public numeric clinicId. */
export const clinics = pgTable(
  "clinics",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Digits only. */
    phone: text("phone").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    /** From the ZIP-code dataset, for sorting a search by distance. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** A stable key for the demo seed's upserts (null for clinics shoppers add). */
    seedKey: text("seed_key").unique(),
    ...timestamps,
  },
  (table) => [index("clinics_state_idx").on(table.state), index("clinics_postal_code_idx").on(table.postalCode)],
);

/** Eye doctors (spec: id, firstName, lastName, phoneNumber, canUseForPassiveVerification, clinic). */
export const doctors = pgTable(
  "doctors",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Digits only. */
    phone: text("phone").notNull(),
    canUseForPassiveVerification: boolean("can_use_for_passive_verification").notNull().default(true),
    /** Set when a shopper added the doctor (a phone search found none). */
    addedByCustomerId: integer("added_by_customer_id").references(() => customers.id, { onDelete: "set null" }),
    seedKey: text("seed_key").unique(),
    ...timestamps,
  },
  (table) => [
    index("doctors_clinic_idx").on(table.clinicId),
    index("doctors_phone_idx").on(table.phone),
    index("doctors_last_name_idx").on(sql`lower(${table.lastName})`),
  ],
);

/**
 * Saved cards (spec: paymentMethods with paymentToken, isPreferred, insertDate). Only the vault's token, the brand,
 * the last four digits and the expiry are kept — never the number or the CVV.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    paymentToken: text("payment_token").notNull().unique(),
    /** Visa, MasterCard, AmericanExpress, Discover, Amazon, GoogleCheckout, PayPal, Unknown. */
    brand: text("brand").notNull(),
    lastFour: text("last_four").notNull(),
    expirationMonth: smallint("expiration_month").notNull(),
    expirationYear: smallint("expiration_year").notNull(),
    nameOnCard: text("name_on_card").notNull(),
    billingPostalCode: text("billing_postal_code").notNull(),
    isPreferred: boolean("is_preferred").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("payment_methods_customer_idx").on(table.customerId),
    check("payment_methods_last_four_check", sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    check("payment_methods_month_check", sql`${table.expirationMonth} between 1 and 12`),
  ],
);

/**
 * Placed orders. `idempotencyKey` comes from the checkout form, so a resubmitted or retried "Place order" finds
 * the order it already made instead of making another. `statusCode` is the spec's one character (blank, D, S, H,
 * T, P, V processing; G shipped; '|' test; '-' deleted).
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: text("order_number").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    cartId: text("cart_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    statusCode: text("status_code").notNull().default(""),
    shippingLevel: smallint("shipping_level").notNull(),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    paymentToken: text("payment_token").notNull(),
    paymentBrand: text("payment_brand").notNull(),
    paymentLastFour: text("payment_last_four").notNull(),
    /** The vault's charge id for this order's payment. */
    chargeId: text("charge_id").notNull(),
    couponCode: text("coupon_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    shippingDiscountCents: integer("shipping_discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    rebateCents: integer("rebate_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Store credit the order used: the card was charged the total minus this. */
    creditCents: integer("credit_cents").notNull().default(0),
    /** Set on orders the reorder runner placed: which subscription, for which reorder date. */
    subscriptionId: integer("subscription_id"),
    estimatedDeliveryDate: text("estimated_delivery_date"),
    trackingNumber: text("tracking_number"),
    trackingDeliveryDate: text("tracking_delivery_date"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("orders_customer_idx").on(table.customerId, table.createdAt),
    check("orders_status_code_check", sql`length(${table.statusCode}) <= 1`),
    check(
      "orders_totals_check",
      sql`${table.totalCents} >= 0 and ${table.subtotalCents} >= 0 and ${table.creditCents} between 0 and ${table.totalCents}`,
    ),
  ],
);

/** One group per patient in an order, with its doctor and prescription status at the time of the order. */
export const orderGroups = pgTable(
  "order_groups",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string; patientId?: number } | null>(),
    doctor: jsonb("doctor").$type<{
      id: number;
      firstName: string;
      lastName: string;
      phone: string;
      clinicName: string;
    } | null>(),
    rxEntryType: text("rx_entry_type"),
    /** PendingExam, PendingVerification, PendingSubmission, Verified, FailedExam. */
    prescriptionStatus: text("prescription_status"),
    autoReorderFrequencyDays: integer("auto_reorder_frequency_days"),
  },
  (table) => [index("order_groups_order_idx").on(table.orderId)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    whichEye: text("which_eye").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    upc: text("upc").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    selectedParameters: jsonb("selected_parameters").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index("order_lines_group_idx").on(table.orderGroupId),
    check("order_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);

/** A signed-in customer's patients (spec: patientId, firstName, lastName), offered again at the patient step. */
export const patients = pgTable(
  "patients",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    ...timestamps,
  },
  (table) => [
    // Spec: patients match by case-insensitive, trimmed full name — one row per name and customer.
    uniqueIndex("patients_customer_name_idx").on(
      table.customerId,
      sql`lower(trim(${table.firstName}))`,
      sql`lower(trim(${table.lastName}))`,
    ),
  ],
);

/**
 * Auto-reorder subscriptions (spec 3 §3): one per auto-reorder group of a placed order. The runner places each
 * due subscription's order through checkout's order placement and moves `nextReorderDate` on by the frequency.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Lens or Solution, as the group it came from. */
    type: text("type").notNull(),
    /** Active or Cancelled. */
    status: text("status").notNull().default("Active"),
    frequencyDays: integer("frequency_days").notNull(),
    /** The next reorder date, an ISO date in the business time zone (Boise). */
    nextReorderDate: text("next_reorder_date").notNull(),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string; patientId?: number } | null>(),
    doctorId: integer("doctor_id").references(() => doctors.id, { onDelete: "set null" }),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot | null>(),
    shippingLevel: smallint("shipping_level").notNull().default(0),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    /** When the prescription the lenses are ordered on expires (ISO date); null for solution. */
    prescriptionExpiresOn: text("prescription_expires_on"),
    sourceOrderId: integer("source_order_id").references(() => orders.id, { onDelete: "set null" }),
    lastOrderId: integer("last_order_id").references(() => orders.id, { onDelete: "set null" }),
    /** A runner working on this subscription holds it until then (another runner skips it meanwhile). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Why the last attempt for `nextReorderDate` did not place an order (null after a success). */
    lastFailureReason: text("last_failure_reason"),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    /** The reorder date the customer was last told of a failure for (one e-mail per date and reason). */
    failureNotice: text("failure_notice"),
    /** The reorder date the last reminder e-mail was sent for. */
    reminderSentFor: text("reminder_sent_for"),
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_customer_idx").on(table.customerId),
    index("subscriptions_due_idx").on(table.status, table.nextReorderDate),
    check("subscriptions_status_check", sql`${table.status} in ('Active', 'Cancelled')`),
    check("subscriptions_type_check", sql`${table.type} in ('Lens', 'Solution')`),
    check("subscriptions_frequency_check", sql`${table.frequencyDays} between 1 and 730`),
    check("subscriptions_date_check", sql`${table.nextReorderDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** A subscription's items: right and left lenses, or one solution ('none'), with what each reorder ships. */
export const subscriptionItems = pgTable(
  "subscription_items",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    whichEye: text("which_eye").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    upc: text("upc").notNull(),
    quantity: integer("quantity").notNull(),
    selectedParameters: jsonb("selected_parameters").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex("subscription_items_eye_idx").on(table.subscriptionId, table.whichEye),
    check("subscription_items_quantity_check", sql`${table.quantity} between 0 and 99`),
    check("subscription_items_eye_check", sql`${table.whichEye} in ('right', 'left', 'none')`),
  ],
);
