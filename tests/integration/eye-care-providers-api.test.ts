import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "~/models/address";
import { ADD_DOCTOR_MESSAGES, DOCTOR_SEARCH_MESSAGES } from "~/models/doctor-search";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import * as addApi from "~/routes/api.eyeCareProviders";
import * as clinicApi from "~/routes/api.eyeCareProviders.clinic.$clinicId";
import * as patientApi from "~/routes/api.eyeCareProviders.patient";
import * as recentApi from "~/routes/api.eyeCareProviders.recent";
import * as searchApi from "~/routes/api.eyeCareProviders.search";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, clinics, doctors, orderGroups, orders } from "~/services/db/schema";
import { seedClinics, type SeedClinic, type SeedDoctor } from "~/services/db/seed/doctor-data.server";
import type { DoctorJson } from "~/services/doctors/doctors.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { expectConforms } from "../setup/openapi-conformance";

// The eyeCareProviders JSON API (spec 2 §7) through the request path the server takes: the root middleware
// (sign-in by cookie or bearer token, the cache policy) around each route's loader or action.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const seeded = seedClinics.flatMap((clinic) => clinic.doctors.map((doctor) => ({ ...doctor, clinic })));
const boiseClinic = seedClinics.find((clinic) => clinic.postalCode === "83702")!;
const boiseDoctor = seeded.find((doctor) => doctor.clinic === boiseClinic)!;
const passive = seeded.filter((doctor) => doctor.canUseForPassiveVerification);
const notPassive = seeded.find((doctor) => !doctor.canUseForPassiveVerification)!;

async function doctorId(doctor: SeedDoctor): Promise<number> {
  const [row] = await database.db.select({ id: doctors.id }).from(doctors).where(eq(doctors.seedKey, doctor.seedKey));
  return row!.id;
}

async function clinicId(clinic: SeedClinic): Promise<number> {
  const [row] = await database.db.select({ id: clinics.id }).from(clinics).where(eq(clinics.seedKey, clinic.seedKey));
  return row!.id;
}

// --- Customers and orders, written straight to the tables ---------------------------------------------------------

let emailCounter = 0;

/** A signed-in customer: a cookie for the browser, the same session token as a bearer for an API client. */
async function customer(name: string) {
  const created = await createCustomer(database.db, {
    email: `${name}.${++emailCounter}@example.com`,
    password: "correct horse battery",
    firstName: name,
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, created.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { id: created.id, cookie, token };
}

type SeededDoctor = (typeof seeded)[number];

/** An order with one lens group per entry: its patient and its doctor (as the order copied it). */
async function insertOrder(
  customerId: number,
  createdAt: string,
  groups: Array<{ patient: { firstName: string; lastName: string } | null; doctor: SeededDoctor }>,
  statusCode = "",
) {
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber: `T-ECP-${randomUUID().slice(0, 8)}`,
      customerId,
      cartId: randomUUID(),
      idempotencyKey: randomUUID(),
      shippingLevel: 0,
      shippingAddress: {
        firstName: "Ann",
        lastName: "Lee",
        address1: "100 Main St",
        address2: "",
        city: "Boise",
        state: "ID",
        postalCode: "83702",
        country: "US",
        phone: null,
        verificationStatus: "Verified",
      },
      paymentToken: `tok_${randomUUID()}`,
      paymentBrand: "Visa",
      paymentLastFour: "4242",
      chargeId: `ch_${randomUUID()}`,
      subtotalCents: 100,
      discountCents: 0,
      shippingCents: 0,
      shippingDiscountCents: 0,
      taxCents: 0,
      rebateCents: 0,
      totalCents: 100,
      statusCode,
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  for (const [position, group] of groups.entries()) {
    await database.db.insert(orderGroups).values({
      orderId: order!.id,
      position,
      type: "Lens",
      patient: group.patient,
      doctor: {
        id: await doctorId(group.doctor),
        firstName: group.doctor.firstName,
        lastName: group.doctor.lastName,
        phone: group.doctor.phone,
        clinicName: group.doctor.clinic.name,
      },
    });
  }
}

// --- Calling the routes -------------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;
interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  cookie?: string;
  token?: string;
  authorization?: string;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

/** Calls a loader or action through the root middleware, as the server does (a thrown Response is the answer). */
async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.authorization) headers.set("Authorization", options.authorization);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://store.test${path}`, { method: options.method ?? "GET", headers, body });
  const response = await runThroughMiddleware(services, request, async (context) => {
    try {
      return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  expect(response).toBeInstanceOf(Response);
  // Every answer matches the OpenAPI document (decision 40).
  await expectConforms(options.method ?? "GET", path, response);
  return response;
}

async function json<T = Record<string, unknown>>(
  response: Response,
  status: number,
  cacheControl = "private, no-store",
): Promise<T> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe(cacheControl);
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, message?: string | RegExp) {
  const body = await json<{ error: string }>(response, status);
  expect(Object.keys(body)).toEqual(["error"]);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body.error;
}

async function expect405(response: Response, allow: string) {
  await expectError(response, 405);
  expect(response.headers.get("Allow")).toBe(allow);
}

/** The spec's Doctor entity for a seeded doctor. */
async function doctorShape(doctor: SeededDoctor): Promise<DoctorJson> {
  const { clinic } = doctor;
  return {
    id: await doctorId(doctor),
    firstName: doctor.firstName,
    lastName: doctor.lastName,
    phoneNumber: doctor.phone,
    canUseForPassiveVerification: doctor.canUseForPassiveVerification,
    clinic: {
      id: await clinicId(clinic),
      name: clinic.name,
      phone: clinic.phone,
      address: {
        address1: clinic.address1,
        address2: clinic.address2,
        city: clinic.city,
        state: clinic.state,
        postalCode: clinic.postalCode,
      },
    },
  };
}

const recent = (options: CallOptions = {}) => call(recentApi.loader, "/api/eyeCareProviders/recent", options);
const patient = (pn: string | null, options: CallOptions = {}) =>
  call(
    patientApi.loader,
    `/eyeCareProviders/patient${pn === null ? "" : `?${new URLSearchParams({ pn }).toString()}`}`,
    options,
  );
const clinic = (id: string, options: CallOptions = {}) =>
  call(clinicApi.loader, `/api/eyeCareProviders/clinic/${id}`, { ...options, params: { clinicId: id } });
const search = (body: unknown, options: CallOptions = {}) =>
  call(searchApi.action, "/api/eyeCareProviders/search/", { method: "POST", body, ...options });
const add = (body: unknown, options: CallOptions = {}) =>
  call(addApi.action, "/api/eyeCareProviders", { method: "POST", body, ...options });

// --- GET /api/eyeCareProviders/recent -----------------------------------------------------------------------------

describe("GET /api/eyeCareProviders/recent", () => {
  it("lists the doctors of the customer's orders usable for passive verification, newest first, once each", async () => {
    const ann = await customer("Ann");
    const [first, second] = passive;
    await insertOrder(ann.id, "2024-01-10T12:00:00Z", [
      { patient: { firstName: "Jane", lastName: "Doe" }, doctor: first! },
      { patient: { firstName: "Ann", lastName: "Lee" }, doctor: notPassive },
    ]);
    await insertOrder(ann.id, "2024-03-10T12:00:00Z", [
      { patient: { firstName: " JANE ", lastName: "doe" }, doctor: first! },
      { patient: { firstName: "Sam", lastName: "Lee" }, doctor: second! },
    ]);
    await insertOrder(ann.id, "2024-02-10T12:00:00Z", [{ patient: null, doctor: second! }]);
    // A deleted order does not count.
    await insertOrder(ann.id, "2024-04-10T12:00:00Z", [{ patient: null, doctor: passive[2]! }], "-");

    const body = await json<Array<DoctorJson & { patients: unknown[] }>>(await recent({ cookie: ann.cookie }), 200);
    expect(body).toEqual([
      { ...(await doctorShape(first!)), patients: [{ firstName: "JANE", lastName: "doe" }] },
      { ...(await doctorShape(second!)), patients: [{ firstName: "Sam", lastName: "Lee" }] },
    ]);
    expect(body.every((doctor) => doctor.canUseForPassiveVerification)).toBe(true);

    // The bearer token is the same customer.
    expect(await json(await recent({ token: ann.token }), 200)).toEqual(body);
  });

  it("is an empty list signed out, for a customer without orders, and for a rejected bearer token", async () => {
    expect(await json(await recent(), 200)).toEqual([]);
    const bob = await customer("Bob");
    expect(await json(await recent({ cookie: bob.cookie }), 200)).toEqual([]);

    const ann = await customer("Ann");
    await insertOrder(ann.id, "2024-05-01T12:00:00Z", [{ patient: null, doctor: passive[3]! }]);
    // Another customer's orders never show; a malformed token does not fall back to the cookie's customer.
    expect(await json(await recent({ cookie: bob.cookie }), 200)).toEqual([]);
    expect(await json(await recent({ cookie: ann.cookie, authorization: "Bearer nope" }), 200)).toEqual([]);
    expect(await json(await recent({ token: "x".repeat(43) }), 200)).toEqual([]);
    expect(await json(await recent({ cookie: ann.cookie }), 200)).toHaveLength(1);
  });

  it("takes only GET", async () => {
    await expect405(await call(recentApi.action, "/api/eyeCareProviders/recent", { method: "POST" }), "GET, HEAD");
  });
});

// --- GET /eyeCareProviders/patient?pn= ----------------------------------------------------------------------------

describe("GET /eyeCareProviders/patient?pn=", () => {
  it("answers the doctor of the most recent order for that patient, matched case-insensitively and trimmed", async () => {
    const ann = await customer("Ann");
    await insertOrder(ann.id, "2024-01-10T12:00:00Z", [
      { patient: { firstName: "Jane", lastName: "Doe" }, doctor: passive[0]! },
    ]);
    await insertOrder(ann.id, "2024-06-10T12:00:00Z", [
      { patient: { firstName: "Sam", lastName: "Lee" }, doctor: passive[1]! },
      { patient: { firstName: "JANE", lastName: "Doe " }, doctor: notPassive },
    ]);
    await insertOrder(ann.id, "2024-03-10T12:00:00Z", [
      { patient: { firstName: "Jane", lastName: "Doe" }, doctor: passive[2]! },
    ]);

    const found = await json(await patient("  jane   DOE ", { cookie: ann.cookie }), 200);
    // The newest order's doctor, whether or not it can be used for passive verification (the flag says).
    expect(found).toEqual(await doctorShape(notPassive));
    expect(await json(await patient("Sam Lee", { token: ann.token }), 200)).toEqual(await doctorShape(passive[1]!));
    // The /api path is the same route.
    const viaApi = await call(patientApi.loader, "/api/eyeCareProviders/patient?pn=Sam%20Lee", { cookie: ann.cookie });
    expect(await json(viaApi, 200)).toEqual(await doctorShape(passive[1]!));
  });

  it("is a 404 for a patient on none of the customer's orders, including another customer's patient", async () => {
    const ann = await customer("Ann");
    await insertOrder(ann.id, "2024-01-10T12:00:00Z", [
      { patient: { firstName: "Rosa", lastName: "Parkes" }, doctor: passive[0]! },
    ]);
    const bob = await customer("Bob");
    await expectError(await patient("Rosa Parkes", { cookie: bob.cookie }), 404);
    await expectError(await patient("Rosa", { cookie: ann.cookie }), 404);
    await expectError(await patient("Rosa Parkes Jr", { cookie: ann.cookie }), 404);
    expect(await json(await patient("rosa parkes", { cookie: ann.cookie }), 200)).toMatchObject({
      id: await doctorId(passive[0]!),
    });
  });

  it("needs a signed-in customer", async () => {
    const ann = await customer("Ann");
    await expectError(await patient("Jane Doe"), 401);
    await expectError(await patient("Jane Doe", { cookie: ann.cookie, authorization: "Bearer nope" }), 401);
    await expectError(await patient("Jane Doe", { token: "y".repeat(43) }), 401);
  });

  it("refuses a missing, blank or too long pn with a 400", async () => {
    const ann = await customer("Ann");
    await expectError(await patient(null, { cookie: ann.cookie }), 400, "Send the patient's full name as pn.");
    await expectError(await patient("   ", { cookie: ann.cookie }), 400, "Send the patient's full name as pn.");
    await expectError(await patient("a".repeat(36), { cookie: ann.cookie }), 400, /at most 35 characters/);
  });

  it("takes only GET", async () => {
    await expect405(await call(patientApi.action, "/eyeCareProviders/patient?pn=x", { method: "POST" }), "GET, HEAD");
  });
});

// --- GET /api/eyeCareProviders/clinic/{clinicId} ------------------------------------------------------------------

describe("GET /api/eyeCareProviders/clinic/{clinicId}", () => {
  it("lists the clinic's doctors by name; anonymous answers may be shared by a cache", async () => {
    const id = String(await clinicId(boiseClinic));
    const body = await json<DoctorJson[]>(await clinic(id), 200, PUBLIC_PAGE_CACHE_CONTROL);
    const expected = await Promise.all(
      seeded.filter((doctor) => doctor.clinic === boiseClinic).map((doctor) => doctorShape(doctor)),
    );
    expected.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    expect(body).toEqual(expected);

    // A signed-in request is never stored by a shared cache.
    const ann = await customer("Ann");
    expect(await json(await clinic(id, { cookie: ann.cookie }), 200)).toEqual(body);
  });

  it("refuses a clinic id that is not a number (400), and an unknown clinic is a 404", async () => {
    for (const id of ["abc", "12a", "-1", "1.5", "", "12345678901"]) {
      await expectError(await clinic(id), 400, "The clinic id must be a number.");
    }
    for (const id of ["0", "999999", "9999999999"]) await expectError(await clinic(id), 404);
  });

  it("takes only GET", async () => {
    await expect405(
      await call(clinicApi.action, "/api/eyeCareProviders/clinic/1", { method: "POST", params: { clinicId: "1" } }),
      "GET, HEAD",
    );
  });
});

// --- POST /api/eyeCareProviders/search/ ---------------------------------------------------------------------------

type SearchResult = DoctorJson & { distanceMiles: number | null };

describe("POST /api/eyeCareProviders/search/", () => {
  it("finds a doctor by name near a ZIP code, nearest first", async () => {
    const expected = await doctorShape(boiseDoctor);
    const body = await json<SearchResult[]>(
      await search({ name: `Dr. ${boiseDoctor.lastName}`, postalCode: "83702" }),
      200,
    );
    expect(body.length).toBeGreaterThan(0);
    const found = body.find((result) => result.id === expected.id);
    expect(found).toEqual({ ...expected, distanceMiles: expect.any(Number) });
    expect(found!.distanceMiles).toBeLessThan(1);
    expect(body[0]!.clinic.address.postalCode).toBe("83702");
    const distances = body.map((result) => result.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const result of body) expect(result.lastName.toLowerCase()).toBe(boiseDoctor.lastName.toLowerCase());
  });

  it("finds a doctor by a formatted phone number wherever they are; an unknown number finds nobody", async () => {
    const phone = boiseDoctor.phone;
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const body = await json<SearchResult[]>(await search({ phoneNumber: formatted, state: "Texas" }), 200);
    expect(body.map((result) => result.id)).toEqual([await doctorId(boiseDoctor)]);
    expect(await json(await search({ phoneNumber: "208-555-0977", name: null }), 200)).toEqual([]);
  });

  it("searches near a city and state, and lists a state's doctors without distances", async () => {
    const near = await json<SearchResult[]>(await search({ city: "Boise", state: "ID" }), 200);
    expect(near).toHaveLength(25);
    expect(near[0]!.clinic.address.city).toBe("Boise");
    const inState = await json<SearchResult[]>(await search({ state: "Idaho" }), 200);
    expect(inState.length).toBeGreaterThan(0);
    expect(inState.every((result) => result.clinic.address.state === "ID" && result.distanceMiles === null)).toBe(true);
    const mix = await json<SearchResult[]>(await search({ city: "Boise", state: "Idaho", postalCode: "83702" }), 200);
    expect(mix[0]!.clinic.address.postalCode).toBe("83702");
  });

  it("an empty location searches near a signed-in customer's primary address", async () => {
    const ann = await customer("Ann");
    await database.db.insert(addresses).values({
      customerId: ann.id,
      firstName: "Ann",
      lastName: "Lee",
      address1: "1 Main St",
      city: "Boise",
      state: "ID",
      postalCode: "83702-1234",
      isPrimary: true,
    });
    const body = await json<SearchResult[]>(await search({}, { cookie: ann.cookie }), 200);
    expect(body).toHaveLength(25);
    expect(body[0]!.clinic.address.postalCode).toBe("83702");
    // Signed out, the same search has nothing to search by.
    await expectError(await search({}), 400, DOCTOR_SEARCH_MESSAGES.emptySearch);
  });

  it("refuses bad input with a 400 and the search's messages", async () => {
    await expectError(await search({ name: "Okafor", city: "Narnia" }), 400, DOCTOR_SEARCH_MESSAGES.invalidLocation);
    await expectError(await search({ name: "Okafor", city: "Boise" }), 400, DOCTOR_SEARCH_MESSAGES.invalidLocation);
    await expectError(
      await search({ name: "Okafor", postalCode: "00000" }),
      400,
      DOCTOR_SEARCH_MESSAGES.invalidLocation,
    );
    await expectError(await search({ phoneNumber: "555-0100" }), 400, DOCTOR_SEARCH_MESSAGES.invalidPhone);
    await expectError(await search({ phoneNumber: "Okafor" }), 400, DOCTOR_SEARCH_MESSAGES.invalidPhone);
    await expectError(await search({ name: "208 555 0100" }), 400, DOCTOR_SEARCH_MESSAGES.invalidName);
    await expectError(await search({ name: "Ok@for!" }), 400, DOCTOR_SEARCH_MESSAGES.invalidName);
    await expectError(await search({ name: "a".repeat(61) }), 400, DOCTOR_SEARCH_MESSAGES.termTooLong);
    await expectError(await search({ city: "B".repeat(60), state: "ID" }), 400, DOCTOR_SEARCH_MESSAGES.locationTooLong);
    await expectError(await search({ name: "Okafor", phoneNumber: "2085550100" }), 400, /not both/);
    await expectError(await search({ name: "Okafor", postalCode: 83702 }), 400, "postalCode: postalCode must be text.");
    await expectError(await search(undefined, { rawBody: "{not json" }), 400);
    await expectError(await search(undefined, { rawBody: "[]" }), 400);
  });

  it("takes only POST", async () => {
    await expect405(await call(searchApi.loader, "/api/eyeCareProviders/search/"), "POST");
    await expect405(await search({}, { method: "PUT" }), "POST");
  });
});

// --- POST /api/eyeCareProviders -----------------------------------------------------------------------------------

const newDoctor = {
  id: null,
  firstName: "Wren",
  lastName: "Halvorsen",
  phoneNumber: "(208) 555-0977",
  clinic: {
    id: null,
    name: "Table Rock Eye Care",
    phone: "208.555.0976",
    address: { address1: "850 W Bannock St", address2: null, city: "Boise", state: "ID", postalCode: "83702" },
  },
};

describe("POST /api/eyeCareProviders", () => {
  it("adds the doctor a phone search did not find (201), once even if sent twice", async () => {
    const ann = await customer("Ann");
    expect(await json(await search({ phoneNumber: newDoctor.phoneNumber }), 200)).toEqual([]);

    const added = await json<DoctorJson>(await add(newDoctor, { cookie: ann.cookie }), 201);
    expect(added).toEqual({
      id: expect.any(Number),
      firstName: "Wren",
      lastName: "Halvorsen",
      phoneNumber: "2085550977",
      canUseForPassiveVerification: false,
      clinic: {
        id: expect.any(Number),
        name: "Table Rock Eye Care",
        phone: "2085550976",
        address: { address1: "850 W Bannock St", address2: "", city: "Boise", state: "ID", postalCode: "83702" },
      },
    });
    const [row] = await database.db
      .select({ addedBy: doctors.addedByCustomerId, latitude: clinics.latitude })
      .from(doctors)
      .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
      .where(eq(doctors.id, added.id));
    expect(row!.addedBy).toBe(ann.id);
    expect(row!.latitude).toBeCloseTo(43.6322, 3);

    // Sent again (by the bearer client too): the same doctor, no second row.
    expect(await json(await add(newDoctor, { token: ann.token }), 201)).toEqual(added);
    const [rows] = await database.db.select({ n: count() }).from(doctors).where(eq(doctors.phone, "2085550977"));
    expect(rows!.n).toBe(1);

    // Now the phone search finds them, and their clinic lists them.
    const found = await json<SearchResult[]>(await search({ phoneNumber: "208 555 0977" }), 200);
    expect(found.map((result) => result.id)).toEqual([added.id]);
    expect(await json(await clinic(String(added.clinic.id)), 200, PUBLIC_PAGE_CACHE_CONTROL)).toEqual([added]);
  });

  it("the clinic's phone defaults to the doctor's", async () => {
    const ann = await customer("Ann");
    const { phone: _phone, ...clinicWithoutPhone } = newDoctor.clinic;
    const added = await json<DoctorJson>(
      await add(
        { ...newDoctor, firstName: "Ivy", phoneNumber: "2085550975", clinic: clinicWithoutPhone },
        { cookie: ann.cookie },
      ),
      201,
    );
    expect(added.clinic.phone).toBe("2085550975");
  });

  it("needs a signed-in customer, and adds nothing otherwise", async () => {
    const ann = await customer("Ann");
    const body = { ...newDoctor, phoneNumber: "2085550974" };
    await expectError(await add(body), 401);
    await expectError(await add(body, { cookie: ann.cookie, authorization: "Bearer nope" }), 401);
    const [rows] = await database.db.select({ n: count() }).from(doctors).where(eq(doctors.phone, "2085550974"));
    expect(rows!.n).toBe(0);
  });

  it("refuses bad input with a 400 naming the fields, and adds nothing", async () => {
    const ann = await customer("Ann");
    const send = (body: unknown) => add(body, { cookie: ann.cookie });
    const empty = await expectError(await send({}), 400);
    expect(empty).toContain(`firstName: ${ADD_DOCTOR_MESSAGES.firstNameRequired}`);
    expect(empty).toContain(`lastName: ${ADD_DOCTOR_MESSAGES.lastNameRequired}`);
    expect(empty).toContain(`phoneNumber: ${ADD_DOCTOR_MESSAGES.phoneRequired}`);
    expect(empty).toContain("clinic: Send the clinic: name, phone and address.");

    const noAddress = await expectError(await send({ ...newDoctor, clinic: { name: "" } }), 400);
    expect(noAddress).toContain(`clinic.name: ${ADD_DOCTOR_MESSAGES.clinicNameRequired}`);
    expect(noAddress).toContain("clinic.address: Send the clinic's address");

    const address = newDoctor.clinic.address;
    const withAddress = (changes: Partial<typeof address>) => ({
      ...newDoctor,
      phoneNumber: "2085550973",
      clinic: { ...newDoctor.clinic, phone: null, address: { ...address, ...changes } },
    });
    const blank = await expectError(await send(withAddress({ address1: "", city: "" })), 400);
    expect(blank).toContain(`clinic.address.address1: ${ADDRESS_MESSAGES.address1Required}`);
    expect(blank).toContain(`clinic.address.city: ${ADDRESS_MESSAGES.cityRequired}`);
    await expectError(
      await send(withAddress({ state: "UT" })),
      400,
      `clinic.address.state: ${ADD_DOCTOR_MESSAGES.zipWrongState("ID")}`,
    );
    await expectError(
      await send(withAddress({ postalCode: "00000" })),
      400,
      `clinic.address.postalCode: ${ADD_DOCTOR_MESSAGES.zipUnknown}`,
    );
    await expectError(await send(withAddress({ state: "ZZ" })), 400, /^clinic\.address\.state: /);
    await expectError(await send({ ...withAddress({}), phoneNumber: "555-0973" }), 400, /^phoneNumber: /);
    await expectError(await send({ ...withAddress({}), firstName: "W3ren" }), 400, /^firstName: /);
    await expectError(await add(undefined, { cookie: ann.cookie, rawBody: "nope" }), 400);
    const [rows] = await database.db.select({ n: count() }).from(doctors).where(eq(doctors.phone, "2085550973"));
    expect(rows!.n).toBe(0);
  });

  it("takes only POST", async () => {
    await expect405(await call(addApi.loader, "/api/eyeCareProviders"), "POST");
    await expect405(await add(newDoctor, { method: "PUT" }), "POST");
  });
});
