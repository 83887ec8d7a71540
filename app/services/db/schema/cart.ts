import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { AppliedInsuranceBenefit, InsuranceOffer } from "~/models/insurance";
import { type AddressSnapshot, customers } from "./accounts";
import { products } from "./catalog";
import { prescriptions } from "./prescriptions";
import { doctors } from "./doctors";
import { timestamps } from "./shared";

/** Carts with their line-item groups and lines, and the promotions and coupons that price them. */

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
    /** The insurance benefit applied to the cart (decision 54): it marks the cart Insurance_Customer. */
    insuranceBenefit: jsonb("insurance_benefit").$type<AppliedInsuranceBenefit | null>(),
    /** A benefit the passive search found for the cart's customer, offered until it expires (decision 54). */
    insuranceOffer: jsonb("insurance_offer").$type<InsuranceOffer | null>(),
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
    /** The expiration date typed with the prescription (ISO date), or the chosen wallet prescription's. */
    prescriptionExpiresOn: text("prescription_expires_on"),
    /** A saved prescription chosen from the wallet for this group. */
    walletPrescriptionId: integer("wallet_prescription_id").references((): AnyPgColumn => prescriptions.id, {
      onDelete: "set null",
    }),
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
