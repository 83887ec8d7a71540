import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { createCustomer, type Customer } from "../accounts/auth/accounts.server";
import { resolveLensOrder } from "../cart/add-to-cart.server";
import { addGroup, createCart, type NewLineItemGroup } from "../cart/cart.server";
import { findProductById, matchSku } from "../catalog/catalog.server";
import { saveShippingAddress } from "../funnel/checkout-address.server";
import { setGroupExpiration, setGroupPatient } from "../funnel/group-steps.server";
import { saveCard } from "../checkout/payment-methods.server";
import { placeOrder } from "../checkout/place-order.server";
import { clinics, doctors, orders, subscriptions } from "../db/schema";
import { setGroupDoctor } from "../doctors/group-doctors.server";
import type { AppServices } from "../platform/context.server";
import { answerAsDoctor, recentVerifications } from "../prescriptions/verification-operations.server";
import { runVerificationPass } from "../prescriptions/verification.server";

/**
 * The states end-to-end tests start from (issue 23): a customer, and optionally a placed order (held or not, with
 * auto-reorder or not), written straight to the database through the same services the pages' actions call, so a
 * test that is about the dashboard or a held order does not first buy through the browser. Only the journeys that
 * test buying buy through the UI.
 *
 * It sits above the domains it ties together and is reached only through /dev/e2e-fixtures, which answers only when
 * the server was started with E2E_FIXTURES=true, and never in production (config.server.ts).
 */

const parameters = z.record(z.string().max(20), z.string().max(20));

export const scenarioSchema = z.object({
  email: z.email().max(50),
  password: z.string().min(8).max(100).optional(),
  firstName: z.string().min(1).max(40).default("Ann"),
  lastName: z.string().min(1).max(40).default("Lee"),
  order: z
    .object({
      productId: z.number().int().positive(),
      /** Lenses: each eye's parameters (the product page's choices); one box each. Absent: one box of a solution. */
      lenses: z.object({ right: parameters, left: parameters }).optional(),
      /** Boxes of lenses per eye (default 1): two each earn a brand's mail-in rebate (4 boxes). */
      boxesPerEye: z.number().int().min(1).max(6).default(1),
      /** The prescription's expiration date typed with the lenses. */
      prescriptionExpiresOn: z.iso.date().optional(),
      autoReorderFrequencyDays: z.number().int().positive().optional(),
      /** The seeded doctor the lenses' prescription comes from. */
      doctor: z.object({ firstName: z.string().max(40), lastName: z.string().max(40) }).optional(),
      address: z
        .object({
          address1: z.string().min(1).max(60),
          city: z.string().min(1).max(40),
          state: z.string().length(2),
          postalCode: z.string().regex(/^\d{5}$/),
        })
        .default({ address1: "42 Capitol Blvd", city: "Boise", state: "ID", postalCode: "83702" }),
      /** The doctor's office answers that the prescription is not valid: the order goes on hold. */
      held: z.boolean().default(false),
    })
    .optional(),
});

export type ScenarioInput = z.infer<typeof scenarioSchema>;

export interface Scenario {
  customer: Customer;
  orderNumber: string | null;
  subscriptionId: number | null;
  doctorName: string | null;
}

export class ScenarioError extends Error {}

export async function buildScenario(services: AppServices, input: ScenarioInput): Promise<Scenario> {
  const { db } = services;
  // What can be refused is checked before anything is written.
  const order = input.order;
  const group = order ? await orderGroup(services, order) : null;
  const doctor = order?.lenses ? await seededDoctor(services, order.doctor) : null;
  const customer = await createCustomer(db, {
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  if (!order || !group) return { customer, orderNumber: null, subscriptionId: null, doctorName: null };

  const cartId = await createCart(db, customer.id);
  const groupId = await addGroup(db, cartId, group);
  let doctorName: string | null = null;
  if (doctor) {
    if (order.prescriptionExpiresOn) await setGroupExpiration(db, cartId, groupId, order.prescriptionExpiresOn);
    await setGroupPatient(db, cartId, groupId, { firstName: input.firstName, lastName: input.lastName }, customer.id);
    const set = await setGroupDoctor(db, cartId, groupId, doctor.id);
    if (!set.ok) throw new ScenarioError(set.message);
    doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  }
  await saveShippingAddress(db, {
    cartId,
    customerId: customer.id,
    address: {
      firstName: input.firstName,
      lastName: input.lastName,
      address1: order.address.address1,
      address2: "",
      city: order.address.city,
      state: order.address.state,
      postalCode: order.address.postalCode,
      country: "US",
      phone: null,
    },
    verificationStatus: "Verified",
    addressId: null,
  });
  const card = await saveCard(services, customer.id, {
    number: "4242424242424242",
    nameOnCard: `${input.firstName} ${input.lastName}`,
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: "123",
    billingAddress: order.address,
  });
  if (!card.ok) throw new ScenarioError(`The test card was refused: ${card.reason}`);
  const placed = await placeOrder(services, {
    cartId,
    customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: card.card.id,
    shopper: { customerId: customer.id, priceBook: "none" },
  });
  if (!placed.ok) throw new ScenarioError(`The order was not placed: ${placed.message}`);

  if (order.held) await rejectPrescription(services, placed.orderNumber);
  const [subscription] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.sourceOrderId))
    .where(and(eq(orders.orderNumber, placed.orderNumber), eq(subscriptions.customerId, customer.id)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return { customer, orderNumber: placed.orderNumber, subscriptionId: subscription?.id ?? null, doctorName };
}

/** The order's line item group: the lenses resolved to their SKUs as the product page resolves them, or a solution. */
async function orderGroup(
  services: AppServices,
  order: NonNullable<ScenarioInput["order"]>,
): Promise<NewLineItemGroup> {
  const { db } = services;
  const product = await findProductById(db, order.productId);
  if (!product) throw new ScenarioError(`There is no product ${order.productId}.`);
  const autoReorderFrequencyDays = order.autoReorderFrequencyDays ?? null;
  if (order.lenses) {
    const resolved = await resolveLensOrder(db, product, {
      eyes: [
        { eye: "right", parameters: order.lenses.right, quantity: order.boxesPerEye },
        { eye: "left", parameters: order.lenses.left, quantity: order.boxesPerEye },
      ],
    });
    if ("errors" in resolved)
      throw new ScenarioError(`The lenses can't be ordered: ${JSON.stringify(resolved.errors)}`);
    return { type: "Lens", items: resolved.items, autoReorderFrequencyDays };
  }
  const sku = await matchSku(db, product.id, {});
  if (!sku) throw new ScenarioError(`Product ${product.id} is not a solution with one SKU.`);
  return {
    type: "Solution",
    items: [{ whichEye: "none", productId: product.id, upc: sku.upc, quantity: 1, parameters: {} }],
    autoReorderFrequencyDays,
  };
}

/** A seeded doctor: the one named, else the first doctor of a Boise clinic (ZIP 83702, as the e2e doctor search). */
async function seededDoctor(services: AppServices, name: { firstName: string; lastName: string } | undefined) {
  const [doctor] = await services.db
    .select({ id: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName })
    .from(doctors)
    .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
    .where(
      name
        ? and(eq(doctors.firstName, name.firstName), eq(doctors.lastName, name.lastName))
        : eq(clinics.postalCode, "83702"),
    )
    .orderBy(doctors.id)
    .limit(1);
  if (!doctor) throw new ScenarioError("No seeded doctor matches.");
  return doctor;
}

/** The verification job asks the (simulated) doctor's office, which answers 'not a valid prescription'. */
async function rejectPrescription(services: AppServices, orderNumber: string): Promise<void> {
  await runVerificationPass(services);
  const request = (await recentVerifications(services.db, 500)).find(
    (row) => row.orderNumber === orderNumber && row.reference,
  );
  if (!request?.reference) throw new ScenarioError(`No verification request was sent for ${orderNumber}.`);
  const answered = await answerAsDoctor(services, { kind: "invalid", reference: request.reference });
  if (!answered.ok) throw new ScenarioError(answered.message);
}
