import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { customers } from "./accounts";
import { timestamps } from "./shared";

/** Eye-care clinics and doctors. */

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
