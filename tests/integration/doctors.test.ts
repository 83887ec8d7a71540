import { and, count, countDistinct, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "~/models/address";
import { ADD_DOCTOR_MESSAGES, distanceMiles, DOCTOR_SEARCH_MESSAGES } from "~/models/doctor-search";
import { action as doctorAction, loader as doctorLoader } from "~/routes/doctor";
import { loader as searchLoader } from "~/routes/eye-doctor-search";
import { loader as clinicLoader } from "~/routes/eye-doctors.$clinicId";
import { action as productAction } from "~/routes/product";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, clinics, doctors, lineItemGroups, orderGroups, orders } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { seedClinics } from "~/services/db/seed/doctor-data.server";
import { seedDemoCatalog } from "~/services/db/seed.server";
import { searchDoctors } from "~/services/doctors/doctors.server";
import { setGroupDoctor } from "~/services/doctors/group-doctors.server";
import { updateJourney } from "~/services/funnel/funnel.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The eye-doctor directory (spec 2 §3, §4 Doctor rules, §5 doctor search), its public pages and the funnel's
// doctor step, through the request path the server takes (the root middleware around loaders and actions).

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;

const seededDoctors = seedClinics.flatMap((clinic) => clinic.doctors.map((doctor) => ({ ...doctor, clinic })));
const boiseClinic = seedClinics.find((clinic) => clinic.postalCode === "83702")!;
const boiseDoctor = seededDoctors.find((doctor) => doctor.clinic === boiseClinic)!;

type Route = (args: never) => unknown;

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

/** One browser: a cookie jar kept across requests. */
class Shopper {
  constructor(public cookie = "") {}

  keep(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${services.sessions.cookieName}=`)) this.cookie = pair;
    }
  }

  async send(
    method: "GET" | "POST",
    path: string,
    route: Route,
    options: { body?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        "User-Agent": BROWSER_UA,
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    this.keep(response);
    return { response, result: isDataWithInit(result) ? result.data : result, status: response.status };
  }

  /** A toric lens for both eyes: one lens group that needs a doctor. */
  async addToric() {
    const fields: Record<string, string> = { intent: "add-to-cart", eyes: "both" };
    for (const eye of ["right", "left"]) {
      for (const parameter of TORIC.parameters) fields[`${eye}-${parameter.name}`] = parameter.options[0]!.value;
      fields[`${eye}-quantity`] = "1";
    }
    const { status } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      body: fields,
      params: { name: TORIC.vanityUrl },
    });
    expect(status).toBe(303);
  }

  async cartId() {
    const { session } = await services.sessions.getSession(this.cookie || null);
    return session.get("cartId")!;
  }

  async groups() {
    return database.db
      .select({ id: lineItemGroups.id, doctorId: lineItemGroups.doctorId })
      .from(lineItemGroups)
      .where(eq(lineItemGroups.cartId, await this.cartId()))
      .orderBy(lineItemGroups.position);
  }

  /** As the cart's "Continue" does: the shopper is past the cart, so the funnel works on all the cart's groups. */
  async proceedPastCart() {
    const { session } = await services.sessions.getSession(this.cookie);
    updateJourney(session, { proceededPastCart: true, currentGroupId: undefined });
    this.cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  }

  doctorPage(query = "") {
    return this.send("GET", `/doctor${query}`, doctorLoader);
  }

  postDoctor(body: Record<string, string>) {
    return this.send("POST", "/doctor", doctorAction, { body });
  }
}

type DoctorPageData = Awaited<ReturnType<typeof doctorLoader>>;

describe("the seeded directory", () => {
  it("has at least 300 doctors in clinics across at least 40 states and DC, with coordinates", async () => {
    const db = database.db;
    const [[doctorCount], [clinicCount], [stateCount], [dc], [unplaced]] = await Promise.all([
      db.select({ n: count() }).from(doctors).where(isNotNull(doctors.seedKey)),
      db.select({ n: count() }).from(clinics).where(isNotNull(clinics.seedKey)),
      db
        .select({ n: countDistinct(clinics.state) })
        .from(clinics)
        .where(isNotNull(clinics.seedKey)),
      db.select({ n: count() }).from(clinics).where(eq(clinics.state, "DC")),
      db
        .select({ n: count() })
        .from(clinics)
        .where(and(isNotNull(clinics.seedKey), eq(clinics.latitude, 0))),
    ]);
    expect(doctorCount!.n).toBeGreaterThanOrEqual(300);
    expect(doctorCount!.n).toBe(seededDoctors.length);
    expect(clinicCount!.n).toBe(seedClinics.length);
    expect(stateCount!.n).toBeGreaterThanOrEqual(41);
    expect(dc!.n).toBeGreaterThan(0);
    expect(unplaced!.n).toBe(0);
    // Fictional numbers only: 555-0100 to 555-0199.
    for (const doctor of seededDoctors) expect(doctor.phone).toMatch(/^\d{3}55501\d{2}$/);
  });

  it("reseeding upserts by seed key: same ids, same counts, counts reported", async () => {
    const before = await database.db.select({ id: doctors.id, seedKey: doctors.seedKey }).from(doctors);
    const result = await seedDemoCatalog(database.db);
    expect(result).toMatchObject({ clinics: seedClinics.length, doctors: seededDoctors.length });
    const after = await database.db.select({ id: doctors.id, seedKey: doctors.seedKey }).from(doctors);
    expect(new Map(after.map((row) => [row.seedKey, row.id]))).toEqual(
      new Map(before.map((row) => [row.seedKey, row.id])),
    );
  }, 90_000);
});

describe("searchDoctors", () => {
  it("finds a doctor by name (honorific and any case)", async () => {
    const outcome = await searchDoctors(database.db, {
      term: `dr. ${boiseDoctor.firstName.toUpperCase()} ${boiseDoctor.lastName}`,
      location: "",
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.term).toEqual({
      kind: "name",
      words: [boiseDoctor.firstName.toLowerCase(), boiseDoctor.lastName.toLowerCase()],
    });
    expect(outcome.results.map((result) => result.doctor.phone)).toContain(boiseDoctor.phone);
    for (const result of outcome.results) {
      expect(result.doctor.firstName.toLowerCase().startsWith(boiseDoctor.firstName.toLowerCase())).toBe(true);
    }
  });

  it("finds a doctor by a formatted phone number, and a clinic's doctors by the clinic's number", async () => {
    const phone = boiseDoctor.phone;
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const byDoctor = await searchDoctors(database.db, { term: formatted, location: "Texas" });
    expect(byDoctor.ok && byDoctor.results.map((result) => result.doctor.phone)).toEqual([phone]);
    const byClinic = await searchDoctors(database.db, { term: `1-${boiseClinic.phone}`, location: "" });
    expect(byClinic.ok && byClinic.results.length).toBe(boiseClinic.doctors.length);
  });

  it("sorts by distance from a ZIP: the nearest first, the farthest last, at most 25", async () => {
    const outcome = await searchDoctors(database.db, { term: "", location: "83702" });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.results).toHaveLength(25);
    const distances = outcome.results.map((result) => result.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(distances.at(-1)!);
    expect(outcome.results[0]!.clinic.postalCode).toBe("83702");
    expect(distances[0]).toBeLessThan(0.5);
    // The database's distance agrees with the model's haversine.
    const farthest = outcome.results.at(-1)!;
    const clinic = seedClinics.find((candidate) => candidate.postalCode === farthest.clinic.postalCode)!;
    expect(farthest.distanceMiles).toBeCloseTo(distanceMiles({ latitude: 43.6322, longitude: -116.2052 }, clinic), 3);
  });

  it("searches near 'Boise, ID' (the city's ZIP codes) and near a mix of city, state and ZIP", async () => {
    const outcome = await searchDoctors(database.db, { term: "", location: "Boise, ID" });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.location).toMatchObject({ kind: "cityState", city: "Boise", state: "ID" });
    const boiseCount = seedClinics
      .filter((clinic) => clinic.city === "Boise")
      .reduce((n, c) => n + c.doctors.length, 0);
    expect(outcome.results.slice(0, boiseCount).every((result) => result.clinic.city === "Boise")).toBe(true);
    const mix = await searchDoctors(database.db, { term: "", location: "Boise, Idaho 83702" });
    expect(mix.ok && mix.results[0]!.clinic.postalCode).toBe("83702");
  });

  it("lists a state's clinics by name for a state name", async () => {
    const outcome = await searchDoctors(database.db, { term: "", location: "Idaho" });
    if (!outcome.ok) throw new Error(outcome.error);
    const idaho = seedClinics.filter((clinic) => clinic.state === "ID");
    expect(outcome.results).toHaveLength(idaho.reduce((n, clinic) => n + clinic.doctors.length, 0));
    expect(outcome.results.every((result) => result.clinic.state === "ID" && result.distanceMiles === null)).toBe(true);
    const names = outcome.results.map((result) => result.clinic.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("an empty location uses the primary address's postal code", async () => {
    const outcome = await searchDoctors(database.db, { term: "", location: "", primaryPostalCode: "83702-4321" });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.usedPrimaryAddress).toBe(true);
    expect(outcome.results[0]!.clinic.postalCode).toBe("83702");
  });

  it("gives 'invalidLocation' for an unparseable location or one the ZIP data cannot place", async () => {
    for (const location of ["Narnia", "Boise", "Atlantis, ID", "00000"]) {
      expect(await searchDoctors(database.db, { term: "Okafor", location })).toEqual({
        ok: false,
        error: "invalidLocation",
      });
    }
    expect(await searchDoctors(database.db, { term: "", location: "" })).toEqual({ ok: false, error: "emptySearch" });
  });
});

describe("the public pages", () => {
  it("/eye-doctor-search searches from the URL and links results to their clinic", async () => {
    const shopper = new Shopper();
    const { status, result } = await shopper.send("GET", "/eye-doctor-search?q=&location=Boise%2C+ID", searchLoader);
    expect(status).toBe(200);
    const { search } = result as Awaited<ReturnType<typeof searchLoader>>;
    expect(search.heading).toBe(`25 doctors near Boise, ID`);
    expect(search.results[0]!.clinic.city).toBe("Boise");
  });

  it("/eye-doctor-search shows the invalidLocation message under the location", async () => {
    const { status, result } = await new Shopper().send(
      "GET",
      "/eye-doctor-search?q=Okafor&location=Narnia",
      searchLoader,
    );
    expect(status).toBe(200);
    const { search } = result as Awaited<ReturnType<typeof searchLoader>>;
    expect(search.form.errors).toEqual({ location: "Enter a ZIP code, a city and state, or a state." });
    expect(search.results).toEqual([]);
  });

  it("/eye-doctors/{clinicId} shows the clinic and its doctors; non-numeric redirects; unknown is a 404", async () => {
    const [row] = await database.db
      .select({ id: clinics.id })
      .from(clinics)
      .where(eq(clinics.seedKey, boiseClinic.seedKey));
    const shopper = new Shopper();
    const page = await shopper.send("GET", `/eye-doctors/${row!.id}`, clinicLoader, {
      params: { clinicId: String(row!.id) },
    });
    expect(page.status).toBe(200);
    expect(page.response.headers.get("Cache-Control")).toContain("public");
    const { clinic, doctors: listed } = page.result as { clinic: { name: string }; doctors: { phone: string }[] };
    expect(clinic.name).toBe(boiseClinic.name);
    expect(listed.map((doctor) => doctor.phone).sort()).toEqual(
      boiseClinic.doctors.map((doctor) => doctor.phone).sort(),
    );

    for (const clinicId of ["abc", "12a", "-1", "1.5"]) {
      const refused = await shopper.send("GET", `/eye-doctors/${clinicId}`, clinicLoader, { params: { clinicId } });
      expect(refused.status).toBe(302);
      expect(refused.response.headers.get("Location")).toBe("/eye-doctor-search");
    }
    for (const clinicId of ["999999", "9999999999"]) {
      const missing = await shopper.send("GET", `/eye-doctors/${clinicId}`, clinicLoader, { params: { clinicId } });
      expect(missing.status).toBe(404);
    }
  });
});

describe("the /doctor step", () => {
  it("without a cart, goes to the cart", async () => {
    const { status, response } = await new Shopper().doctorPage();
    expect(status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
  });

  it("searches, then choosing a doctor sets the group's doctor and moves on to checkout", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const first = await shopper.doctorPage();
    expect(first.status).toBe(200);
    const page = first.result as DoctorPageData;
    expect(page.groups).toHaveLength(1);
    expect(page.search.submitted).toBe(false);

    const searched = (await shopper.doctorPage(`?q=${encodeURIComponent(boiseDoctor.lastName)}&location=83702`))
      .result as DoctorPageData;
    const found = searched.search.results.find((result) => result.doctor.phone === boiseDoctor.phone)!;
    expect(found).toBeDefined();
    expect(found.distanceMiles).toBeLessThan(1);

    const chosen = await shopper.postDoctor({
      intent: "choose-doctor",
      doctorId: String(found.doctor.id),
      groupId: page.groups[0]!.id,
    });
    expect(chosen.status).toBe(303);
    expect(chosen.response.headers.get("Location")).toBe("/checkout");
    expect(await shopper.groups()).toEqual([{ id: page.groups[0]!.id, doctorId: found.doctor.id }]);

    // The step is now skipped: a GET goes on.
    const again = await shopper.doctorPage();
    expect(again.status).toBe(303);
    expect(again.response.headers.get("Location")).toBe("/checkout");
  });

  it("refuses a doctor that does not exist with the spec's message, and changes nothing", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const [group] = await shopper.groups();
    for (const doctorId of ["99999999", "abc", ""]) {
      const refused = await shopper.postDoctor({ intent: "choose-doctor", doctorId, groupId: group!.id });
      expect(refused.status).toBe(400);
      expect(refused.result).toMatchObject({
        form: "choose-doctor",
        result: { error: { "": ["Must provide a valid doctor for line item group"] } },
      });
    }
    expect((await shopper.groups())[0]!.doctorId).toBeNull();
  });

  it("an empty location searches near the cart's address; a bad one shows invalidLocation", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    await database.db
      .update(carts)
      .set({
        shippingAddress: {
          firstName: "Ann",
          lastName: "Lee",
          address1: "1 Main St",
          address2: "",
          city: "Boise",
          state: "ID",
          postalCode: "83702",
          country: "US",
          phone: "2085550000",
          verificationStatus: "Verified",
        },
      })
      .where(eq(carts.id, await shopper.cartId()));
    const near = (await shopper.doctorPage("?q=&location=")).result as DoctorPageData;
    expect(near.primaryPostalCode).toBe("83702");
    expect(near.search.heading).toBe("25 doctors near 83702");
    expect(near.search.results[0]!.clinic.postalCode).toBe("83702");

    const bad = (await shopper.doctorPage("?q=&location=Gotham")).result as DoctorPageData;
    expect(bad.search.form.errors).toEqual({ location: DOCTOR_SEARCH_MESSAGES.invalidLocation });
  });

  it("with two lens groups, choosing for one stays on the step; choosing for everyone fills the rest", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    await shopper.addToric();
    await shopper.proceedPastCart();
    const groups = await shopper.groups();
    expect(groups).toHaveLength(2);
    const [doctorRow] = await database.db
      .select({ id: doctors.id })
      .from(doctors)
      .where(eq(doctors.phone, boiseDoctor.phone));

    const one = await shopper.postDoctor({
      intent: "choose-doctor",
      doctorId: String(doctorRow!.id),
      groupId: groups[1]!.id,
      q: "Okafor",
      location: "83702",
    });
    expect(one.status).toBe(303);
    expect(one.response.headers.get("Location")).toBe("/doctor?q=Okafor&location=83702");
    expect((await shopper.groups()).map((group) => group.doctorId)).toEqual([null, doctorRow!.id]);

    const other = seededDoctors.find((doctor) => doctor.clinic.state === "TX")!;
    const [otherRow] = await database.db.select({ id: doctors.id }).from(doctors).where(eq(doctors.phone, other.phone));
    const all = await shopper.postDoctor({ intent: "choose-doctor", doctorId: String(otherRow!.id), groupId: "all" });
    expect(all.response.headers.get("Location")).toBe("/checkout");
    // Only the group lacking a doctor took the new one.
    expect((await shopper.groups()).map((group) => group.doctorId)).toEqual([otherRow!.id, doctorRow!.id]);

    // Every group has a doctor now: "all" updates every (non-private-label) group.
    await setGroupDoctor(database.db, await shopper.cartId(), "all", doctorRow!.id);
    expect((await shopper.groups()).map((group) => group.doctorId)).toEqual([doctorRow!.id, doctorRow!.id]);
  });

  it("offers to add a doctor when a phone search finds none; adding chooses them (once, even if sent twice)", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const searched = (await shopper.doctorPage(`?q=${encodeURIComponent("(208) 555-0999")}&location=`))
      .result as DoctorPageData;
    expect(searched.search.results).toEqual([]);
    expect(searched.search.phoneNotFound).toBe("2085550999");

    // A name search that finds nobody does not offer it.
    const byName = (await shopper.doctorPage("?q=Zzyzx&location=83702")).result as DoctorPageData;
    expect(byName.search.phoneNotFound).toBeNull();

    const [group] = await shopper.groups();
    const form = {
      intent: "add-doctor",
      groupId: group!.id,
      firstName: "Wren",
      lastName: "Halvorsen",
      clinicName: "Table Rock Eye Care",
      phone: "(208) 555-0999",
      address1: "850 W Bannock St",
      address2: "",
      city: "Boise",
      state: "ID",
      postalCode: "83702",
    };
    const added = await shopper.postDoctor(form);
    expect(added.status).toBe(303);
    expect(added.response.headers.get("Location")).toBe("/checkout");
    const rows = await database.db
      .select({
        id: doctors.id,
        addedBy: doctors.addedByCustomerId,
        passive: doctors.canUseForPassiveVerification,
        latitude: clinics.latitude,
        seedKey: clinics.seedKey,
      })
      .from(doctors)
      .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
      .where(eq(doctors.phone, "2085550999"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ addedBy: null, passive: false, seedKey: null });
    expect(rows[0]!.latitude).toBeCloseTo(43.6322, 3);
    expect((await shopper.groups())[0]!.doctorId).toBe(rows[0]!.id);

    // Sent again (a double click): the same doctor, no second row.
    await shopper.postDoctor(form);
    const [again] = await database.db.select({ n: count() }).from(doctors).where(eq(doctors.phone, "2085550999"));
    expect(again!.n).toBe(1);

    // Now the phone search finds them.
    const found = await searchDoctors(database.db, { term: "208-555-0999", location: "" });
    expect(found.ok && found.results.map((result) => result.doctor.lastName)).toEqual(["Halvorsen"]);
  });

  it("validates the add-doctor form with messages under each field", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const [group] = await shopper.groups();
    const empty = await shopper.postDoctor({ intent: "add-doctor", groupId: group!.id });
    expect(empty.status).toBe(400);
    expect(empty.result).toMatchObject({
      form: "add-doctor",
      result: {
        error: {
          firstName: [ADD_DOCTOR_MESSAGES.firstNameRequired],
          lastName: [ADD_DOCTOR_MESSAGES.lastNameRequired],
          clinicName: [ADD_DOCTOR_MESSAGES.clinicNameRequired],
          phone: [ADD_DOCTOR_MESSAGES.phoneRequired],
          address1: [ADDRESS_MESSAGES.address1Required],
          city: [ADDRESS_MESSAGES.cityRequired],
          state: [ADDRESS_MESSAGES.stateRequired],
          postalCode: [ADDRESS_MESSAGES.postalCodeRequired],
        },
      },
    });

    const valid = {
      intent: "add-doctor",
      groupId: group!.id,
      firstName: "Wren",
      lastName: "Halvorsen",
      clinicName: "Table Rock Eye Care",
      phone: "208 555 0998",
      address1: "850 W Bannock St",
      city: "Boise",
      state: "ID",
      postalCode: "83702",
    };
    const wrongState = await shopper.postDoctor({ ...valid, state: "UT" });
    expect(wrongState.status).toBe(400);
    expect(wrongState.result).toMatchObject({
      result: { error: { state: [ADD_DOCTOR_MESSAGES.zipWrongState("ID")] } },
    });
    const unknownZip = await shopper.postDoctor({ ...valid, postalCode: "00000" });
    expect(unknownZip.result).toMatchObject({ result: { error: { postalCode: [ADD_DOCTOR_MESSAGES.zipUnknown] } } });
    const badPhone = await shopper.postDoctor({ ...valid, phone: "555-0998" });
    expect(badPhone.result).toMatchObject({ result: { error: { phone: ["Enter a 10-digit phone number."] } } });
    // Nothing was added, and the group still has no doctor.
    const [none] = await database.db.select({ n: count() }).from(doctors).where(eq(doctors.phone, "2085550998"));
    expect(none!.n).toBe(0);
    expect((await shopper.groups())[0]!.doctorId).toBeNull();
  });

  it("a signed-in shopper's patient takes the doctor of their last order, and the step is skipped", async () => {
    const customer = await createCustomer(database.db, {
      email: "doctor.patient@example.com",
      password: "correct horse battery",
      firstName: "Ann",
      lastName: "Lee",
    });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const shopper = new Shopper((await services.sessions.commitSession(session)).split(";")[0]!);
    await shopper.addToric();
    const [group] = await shopper.groups();
    await database.db
      .update(lineItemGroups)
      .set({ patient: { firstName: "Jane", lastName: "Doe" } })
      .where(eq(lineItemGroups.id, group!.id));

    const usable = seededDoctors.find((doctor) => doctor.canUseForPassiveVerification)!;
    const [doctorRow] = await database.db
      .select({ id: doctors.id })
      .from(doctors)
      .where(eq(doctors.phone, usable.phone));
    const [order] = await database.db
      .insert(orders)
      .values({
        orderNumber: "T-DOCTOR-1",
        customerId: customer.id,
        cartId: "an-old-cart",
        idempotencyKey: "doctor-test-order",
        shippingLevel: 1,
        shippingAddress: {
          firstName: "Ann",
          lastName: "Lee",
          address1: "1 Main St",
          address2: "",
          city: "Boise",
          state: "ID",
          postalCode: "83702",
          country: "US",
          phone: null,
          verificationStatus: "Verified",
        },
        paymentToken: "tok",
        paymentBrand: "Visa",
        paymentLastFour: "4242",
        chargeId: "ch",
        subtotalCents: 100,
        discountCents: 0,
        shippingCents: 0,
        shippingDiscountCents: 0,
        taxCents: 0,
        rebateCents: 0,
        totalCents: 100,
      })
      .returning({ id: orders.id });
    await database.db.insert(orderGroups).values({
      orderId: order!.id,
      position: 0,
      type: "Lens",
      patient: { firstName: "JANE", lastName: "doe " },
      doctor: {
        id: doctorRow!.id,
        firstName: usable.firstName,
        lastName: usable.lastName,
        phone: usable.phone,
        clinicName: usable.clinic.name,
      },
    });

    const page = await shopper.doctorPage();
    expect(page.status).toBe(303);
    expect(page.response.headers.get("Location")).toBe("/checkout");
    expect((await shopper.groups())[0]!.doctorId).toBe(doctorRow!.id);
  });
});
