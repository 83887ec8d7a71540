import zipcodes from "zipcodes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceMiles, DOCTOR_SEARCH_MESSAGES } from "~/models/doctor-search";
import { loader as searchLoader } from "~/routes/eye-doctor-search";
import type { DatabaseHandle } from "~/services/db/client.server";
import { seedClinics } from "~/services/db/seed/doctor-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Issue 25: the doctor search reads the spec's query parameters (spec 1 §2.3): `nameOrPhone` (the form's `q`) and
// `distanceInMiles`, so a link can search for a doctor by phone, or near a place within a distance.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

type SearchPage = Awaited<ReturnType<typeof searchLoader>>;

async function search(query: string): Promise<SearchPage["search"]> {
  const request = new Request(`http://store.test/eye-doctor-search${query}`);
  let page: SearchPage | null = null;
  const response = await runThroughMiddleware(services, request, async (context) => {
    page = (await settle(() => searchLoader({ request, params: {}, context } as never))) as SearchPage;
    return new Response(null);
  });
  expect(response.status).toBe(200);
  return page!.search;
}

const seeded = seedClinics.flatMap((clinic) => clinic.doctors.map((doctor) => ({ ...doctor, clinic })));
const boise = seedClinics.find((clinic) => clinic.postalCode === "83702")!;
const boiseDoctor = seeded.find((doctor) => doctor.clinic === boise)!;
const newYorkDoctor = seeded.find((doctor) => doctor.clinic.postalCode === "10001")!;
const formatted = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

describe("nameOrPhone", () => {
  it("finds a doctor by phone number, formatted or not", async () => {
    for (const phone of [boiseDoctor.phone, formatted(boiseDoctor.phone)]) {
      const found = await search(`?nameOrPhone=${encodeURIComponent(phone)}&location=`);
      expect(found.results.map((result) => result.doctor.phone)).toEqual([boiseDoctor.phone]);
      expect(found.form.q).toBe(phone);
    }
  });

  it("finds a doctor by name, and is what the form's own field (q) is when both are sent", async () => {
    const byName = await search(`?nameOrPhone=${encodeURIComponent(boiseDoctor.lastName)}&location=83702`);
    expect(byName.results.map((result) => result.doctor.phone)).toContain(boiseDoctor.phone);
    const both = await search(`?q=${boiseDoctor.phone}&nameOrPhone=Zzyzx&location=`);
    expect(both.results.map((result) => result.doctor.phone)).toEqual([boiseDoctor.phone]);
  });
});

describe("distanceInMiles", () => {
  const from = zipcodes.lookup("83702")!;
  const milesFromBoise = (clinic: (typeof seedClinics)[number]) => distanceMiles(from, clinic);

  it("keeps a search near a ZIP code within that many miles, and says so", async () => {
    const within = await search("?nameOrPhone=&location=83702&distanceInMiles=10");
    const expected = seeded.filter((doctor) => milesFromBoise(doctor.clinic) <= 10).map((doctor) => doctor.phone);
    expect(expected.length).toBeGreaterThan(0);
    expect(within.results.map((result) => result.doctor.phone).sort()).toEqual(expected.sort());
    expect(within.heading).toBe(`${expected.length} doctors within 10 miles of 83702`);
    expect(within.form.distanceInMiles).toBe("10");

    // Farther away, more doctors; none beyond the distance.
    const wider = await search("?location=83702&distanceInMiles=25");
    expect(wider.results.length).toBeGreaterThan(within.results.length);
    for (const result of wider.results) expect(result.distanceMiles!).toBeLessThanOrEqual(25);
  });

  it("does not hide a doctor searched by phone, however far", async () => {
    const found = await search(`?nameOrPhone=${newYorkDoctor.phone}&location=83702&distanceInMiles=5`);
    expect(found.results.map((result) => result.doctor.phone)).toEqual([newYorkDoctor.phone]);
  });

  it("is any distance when empty, and refused with a message when it is no distance", async () => {
    const any = await search("?location=83702&distanceInMiles=");
    expect(any.heading).toMatch(/ doctors near 83702$/);
    expect(any.form.distanceInMiles).toBe("");
    const refused = await search("?location=83702&distanceInMiles=far");
    expect(refused.form.errors).toEqual({ distanceInMiles: DOCTOR_SEARCH_MESSAGES.invalidDistance });
    expect(refused.results).toEqual([]);
    const absent = await search("?location=83702");
    expect(absent.form.distanceInMiles).toBeNull();
  });
});
