import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  ALL_GROUPS,
  DOCTOR_SEARCH_MESSAGES,
  doctorsByPatient,
  setDoctorForGroups,
  type RecentDoctor,
} from "~/models/doctor-search";
import { withCartLock } from "../cart/cart.server";
import type { Database } from "../db/client.server";
import { doctors, lineItemGroups, orderGroups, orders } from "../db/schema";
import { findDoctor } from "./doctors.server";
import { funnelGroups } from "../funnel/funnel.server";

/**
 * A cart group's doctor (spec 2 §4 doctor rules): setting the chosen doctor on the cart's groups, and filling
 * doctors from the customer's recent orders by patient name.
 */

export type SetDoctorOutcome = { ok: true; groupIds: string[] } | { ok: false; message: string };

/**
 * Sets a doctor on the cart's groups under the cart's lock. `groupId` names one lens group, or is "all": then
 * the spec's rule picks the groups (every group has a doctor → all non-private-label groups; otherwise only the
 * groups lacking one). A doctor that does not exist gives 'Must provide a valid doctor for line item group'.
 */
export async function setGroupDoctor(
  db: Database,
  cartId: string,
  groupId: string,
  doctorId: number,
): Promise<SetDoctorOutcome> {
  return withCartLock(db, cartId, async (tx) => {
    const doctor = await findDoctor(tx, doctorId);
    if (!doctor) return { ok: false, message: DOCTOR_SEARCH_MESSAGES.invalidDoctor };
    const groups = await funnelGroups(tx, cartId);
    const targets =
      groupId === ALL_GROUPS
        ? setDoctorForGroups(groups)
        : groups.filter((group) => group.id === groupId && group.type === "Lens").map((group) => group.id);
    if (targets.length === 0) return { ok: false, message: DOCTOR_SEARCH_MESSAGES.invalidDoctor };
    await tx
      .update(lineItemGroups)
      .set({ doctorId, updatedAt: new Date() })
      .where(and(eq(lineItemGroups.cartId, cartId), inArray(lineItemGroups.id, targets)));
    return { ok: true, groupIds: targets };
  });
}

/** Spec 2 §7 eyeCareProviders/recent: the doctors of the customer's orders, newest first, with their patients. */
export async function recentDoctors(db: Database, customerId: number, limit = 20): Promise<RecentDoctor[]> {
  const rows = await db
    .select({
      doctor: orderGroups.doctor,
      patient: orderGroups.patient,
      canUseForPassiveVerification: doctors.canUseForPassiveVerification,
    })
    .from(orderGroups)
    .innerJoin(orders, eq(orders.id, orderGroups.orderId))
    .innerJoin(doctors, eq(doctors.id, sql`(${orderGroups.doctor} ->> 'id')::int`))
    .where(and(eq(orders.customerId, customerId), ne(orders.statusCode, "-")))
    .orderBy(desc(orders.createdAt), asc(orderGroups.position))
    .limit(limit);
  return rows.map((row) => ({
    doctorId: row.doctor!.id,
    patient: row.patient ?? null,
    canUseForPassiveVerification: row.canUseForPassiveVerification,
  }));
}

/**
 * Spec 2 §4: before the doctor step decides whether it is skipped, groups without a doctor whose patient matches
 * one of the customer's recent orders (by full name) take that order's doctor, when usable for passive
 * verification. Signed-in only. Returns how many groups were filled.
 */
export async function fillDoctorsByPatient(db: Database, cartId: string, customerId: number): Promise<number> {
  const recent = await recentDoctors(db, customerId);
  if (recent.length === 0) return 0;
  // Look first without the lock: a GET that finds nothing to fill must not touch the cart (nor bump its version).
  if (doctorsByPatient(await funnelGroups(db, cartId), recent).size === 0) return 0;
  return withCartLock(db, cartId, async (tx) => {
    const groups = (await funnelGroups(tx, cartId)).filter((group) => group.type === "Lens");
    const found = doctorsByPatient(groups, recent);
    for (const [groupId, doctorId] of found) {
      await tx
        .update(lineItemGroups)
        .set({ doctorId, updatedAt: new Date() })
        .where(and(eq(lineItemGroups.id, groupId), isNull(lineItemGroups.doctorId)));
    }
    return found.size;
  });
}
