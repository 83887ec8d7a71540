import type { Page } from "@playwright/test";
import { addDays, businessToday } from "../../app/models/subscription";
import { seedClinics } from "../../app/services/db/seed/doctor-data.server";
import { expect } from "./fixtures";
import { PASSWORD, SOLUTION, stockedLenses, TORIC, uniqueEmail } from "./purchase";

// Starting states written straight to the database (issue 23): a signed-in customer, with a placed order, a held
// order or an auto-reorder subscription, through the dev-only POST /dev/e2e-fixtures
// (app/services/scenarios/e2e-scenarios.server.ts). The browser is signed in as the new customer, as after the
// sign-in dialog. Tests about buying still buy through the pages (checkout, subscriptions, exam, upload specs).

export interface SeededCustomer {
  customerId: number;
  email: string;
  password: string;
  orderNumber: string | null;
  subscriptionId: number | null;
  /** "Dr. First Last", for a lens order. */
  doctorName: string | null;
}

export interface SeedOrder {
  productId: number;
  lenses?: { right: Record<string, string>; left: Record<string, string> };
  boxesPerEye?: number;
  prescriptionExpiresOn?: string;
  autoReorderFrequencyDays?: number;
  doctor?: { firstName: string; lastName: string };
  address?: { address1: string; city: string; state: string; postalCode: string };
  held?: boolean;
}

/** The seeded Boise clinic's first doctor: the one the e2e doctor search chooses (purchase.ts chooseSeedDoctor). */
export const SEED_DOCTOR = seedClinics.find((clinic) => clinic.postalCode === "83702")!.doctors[0]!;

/** The toric lens for both eyes (the `slot`-th stocked pair, as stockedLenses), a typed prescription, the seed doctor. */
export function toricOrder(slot: number, extra: Partial<SeedOrder> = {}): SeedOrder {
  return {
    productId: TORIC.productId,
    lenses: stockedLenses(slot),
    prescriptionExpiresOn: addDays(businessToday(), 200),
    doctor: { firstName: SEED_DOCTOR.firstName, lastName: SEED_DOCTOR.lastName },
    ...extra,
  };
}

/** One box of the seeded solution. */
export function solutionOrder(extra: Partial<SeedOrder> = {}): SeedOrder {
  return { productId: SOLUTION.productId, ...extra };
}

/**
 * A new customer (Ann Lee unless named, PASSWORD) signed in on this page's browser, with the order asked for (its
 * patient is the customer).
 */
export async function seedCustomer(
  page: Page,
  options: { label?: string; email?: string; firstName?: string; lastName?: string; order?: SeedOrder } = {},
): Promise<SeededCustomer> {
  const { label, order, ...names } = options;
  const email = options.email ?? uniqueEmail(label ?? "seeded");
  const response = await page.request.post("/dev/e2e-fixtures", {
    data: { ...names, email, password: PASSWORD, ...(order ? { order } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...(await response.json()), password: PASSWORD };
}
