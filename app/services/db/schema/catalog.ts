import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./shared";

/** The catalog: brands, products, their prices per price book, lens parameters and SKUs (UPCs). */

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
