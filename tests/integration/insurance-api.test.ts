import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSURANCE_MESSAGES, INSURANCE_VERIFY_LIMITS, type SearchResult } from "~/models/insurance";
import * as coverageApi from "~/routes/api.insurance.coverage.$id";
import * as dobApi from "~/routes/api.insurance.dateOfBirthVerification";
import * as nameApi from "~/routes/api.insurance.insuranceBenefitName.$id";
import * as devInsurance from "~/routes/dev.insurance";
import * as searchApi from "~/routes/api.insurance.memberBenefitSearch";
import * as resultApi from "~/routes/api.insurance.memberBenefitSearchResult.$token";
import { SEED_MEMBERS, type SeedMember } from "~/services/adapters/insurance/simulated-members";
import type { DatabaseHandle } from "~/services/db/client.server";
import { simulatedInsuranceSearches } from "~/services/db/schema";
import { awaitBenefitSearch } from "~/services/insurance/benefit-search.server";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, expectError, json } from "../setup/api-client";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, TEST_CLIENT_IP_HEADER } from "../setup/test-context";

// The insurance calls (issue 27) through the request path the server takes, against the simulated eligibility
// service's seeded members; every answer is checked against the OpenAPI document.

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});

const member = (key: string): SeedMember => SEED_MEMBERS.find((candidate) => candidate.key === key)!;

const criteriaOf = (m: SeedMember, overrides: Record<string, unknown> = {}) => ({
  firstName: m.firstName.toUpperCase(),
  lastName: m.lastName,
  postalCodes: ["99999", `${m.postalCode}-0001`],
  dateOfBirth: m.dateOfBirth,
  searchReason: "customerInitiated",
  ...overrides,
});

async function startSearch(criteria: Record<string, unknown>): Promise<string> {
  const body = await json<{ searchToken: string; searchStatus: string }>(
    await call(searchApi.action, "/api/insurance/memberBenefitSearch", { body: criteria }),
    200,
  );
  expect(body.searchStatus).toBe("Pending");
  return body.searchToken;
}

async function poll(token: string): Promise<SearchResult> {
  const path = `/api/insurance/memberBenefitSearchResult/${token}`;
  return json<SearchResult>(await call(resultApi.loader, path, { params: { token } }), 200);
}

/** Polls the way a client does, up to `limit` reads; each answer in turn. */
async function pollAll(token: string, limit: number): Promise<SearchResult[]> {
  const answers: SearchResult[] = [];
  for (let i = 0; i < limit; i++) answers.push(await poll(token));
  return answers;
}

describe("search → poll → each status", () => {
  it("Success at once, with only the contact-lens benefit (frame and exam dropped)", async () => {
    const token = await startSearch(criteriaOf(member("avery-stone")));
    const result = await poll(token);
    expect(result.searchStatus).toBe("Success");
    expect(result.insuranceBenefits).toHaveLength(1);
    expect(result.insuranceBenefits[0]).toMatchObject({
      insuranceType: "CONTACT_LENS",
      remainingAllowance: 15000,
      planName: "Brightview Vision Plus",
      isUseable: true,
      searchStatus: "Success",
    });
  });

  it("answers only after a few polls: Pending, then a benefit succeeded, then Success", async () => {
    const token = await startSearch(criteriaOf(member("jordan-reyes")));
    const answers = await pollAll(token, 4);
    expect(answers.map((answer) => answer.searchStatus)).toEqual(["Pending", "Pending", "Pending", "Success"]);
    expect(answers.map((answer) => answer.insuranceBenefits.length)).toEqual([0, 0, 1, 2]);
  });

  it("stops polling when a benefit has succeeded though the status is still Pending", async () => {
    const token = await startSearch(criteriaOf(member("jordan-reyes")));
    const result = await awaitBenefitSearch(services, token, { wait: async () => {} });
    expect(result.searchStatus).toBe("Pending");
    expect(result.insuranceBenefits.map((benefit) => benefit.searchStatus)).toEqual(["Success"]);
  });

  it("turns a coinsurance Success into ContactUs on the default path", async () => {
    const result = await poll(await startSearch(criteriaOf(member("morgan-hale"))));
    expect(result.searchStatus).toBe("ContactUs");
    expect(result.insuranceBenefits[0]).toMatchObject({ coinsurance: 20, maximumBenefit: 20000 });
  });

  it("shows one-time-use and expired benefits as the provider answers them", async () => {
    const oneTime = await pollAll(await startSearch(criteriaOf(member("riley-chen"))), 2);
    expect(oneTime.map((answer) => answer.searchStatus)).toEqual(["Pending", "Success"]);
    expect(oneTime[1]!.insuranceBenefits[0]).toMatchObject({ isOneTimeUse: true, isUseable: true });
    const expired = await poll(await startSearch(criteriaOf(member("casey-ford"))));
    expect(expired.searchStatus).toBe("Success");
    expect(expired.insuranceBenefits[0]).toMatchObject({ isUseable: false, remainingAllowance: 0 });
  });

  it("answers the provider's ContactUs, ProviderError and NotFound", async () => {
    expect((await poll(await startSearch(criteriaOf(member("sam-ortiz"))))).searchStatus).toBe("ContactUs");
    const providerError = await pollAll(await startSearch(criteriaOf(member("drew-ellis"))), 2);
    expect(providerError.map((answer) => answer.searchStatus)).toEqual(["Pending", "ProviderError"]);
    expect((await poll(await startSearch(criteriaOf(member("quinn-park"))))).searchStatus).toBe("NotFound");
  });

  it("is NotFound for criteria that match no member (a wrong date of birth, ZIP or provider)", async () => {
    const avery = member("avery-stone");
    for (const overrides of [{ dateOfBirth: "1988-04-13" }, { postalCodes: ["10001"] }, { providers: ["Evergreen"] }]) {
      expect((await poll(await startSearch(criteriaOf(avery, overrides)))).searchStatus).toBe("NotFound");
    }
    expect((await poll(await startSearch(criteriaOf(avery, { providers: ["brightview"] })))).searchStatus).toBe(
      "Success",
    );
  });

  it("maps an unknown provider status to Error, a provider 404 to NotFound and any other failure to Error", async () => {
    expect((await poll(await startSearch(criteriaOf(member("jamie-nolan"))))).searchStatus).toBe("Error");
    expect((await poll(await startSearch(criteriaOf(member("robin-hart"))))).searchStatus).toBe("NotFound");
    expect((await poll(await startSearch(criteriaOf(member("lee-morgan"))))).searchStatus).toBe("Error");
  });

  it("is NotFound when still Pending after the last poll", async () => {
    const token = await startSearch(criteriaOf(member("taylor-brooks")));
    let waits = 0;
    const result = await awaitBenefitSearch(services, token, { wait: async () => void waits++ });
    expect(result.searchStatus).toBe("NotFound");
    expect(waits).toBe(5);
  });

  it("drops every benefit of a plan with no contact-lens benefit", async () => {
    const result = await poll(await startSearch(criteriaOf(member("pat-kim"))));
    expect(result).toMatchObject({ searchStatus: "Success", insuranceBenefits: [] });
  });

  it("is NotFound for an unknown or expired token; keeps no date of birth", async () => {
    expect((await poll("x".repeat(43))).searchStatus).toBe("NotFound");
    const token = await startSearch(criteriaOf(member("avery-stone")));
    const rows = await database.db.select().from(simulatedInsuranceSearches);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("1988-04-12");
    // Only which seeded member matched (the provider's own record), never what the shopper typed.
    expect(Object.keys(rows[0]!).sort()).toEqual(["createdAt", "expiresAt", "memberKey", "polls", "tokenHash"]);
    expect(stored).not.toContain(token);
    await database.db.update(simulatedInsuranceSearches).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await poll(token)).searchStatus).toBe("NotFound");
  });
});

describe("bad input → 400 in the one error shape", () => {
  const avery = member("avery-stone");

  it("refuses an invalid search reason with 'Invalid search reason'", async () => {
    const response = await call(searchApi.action, "/api/insurance/memberBenefitSearch", {
      body: criteriaOf(avery, { searchReason: "curious" }),
    });
    await expectError(response, 400, "searchReason: Invalid search reason");
  });

  it("refuses a ZIP that is not a US ZIP, a date that is not one, a missing name, a body that is not JSON", async () => {
    const send = (body: unknown) => call(searchApi.action, "/api/insurance/memberBenefitSearch", { body });
    await expectError(await send(criteriaOf(avery, { postalCodes: ["K1A 0B1"] })), 400, /US ZIP/);
    await expectError(await send(criteriaOf(avery, { dateOfBirth: "someday" })), 400, /dateOfBirth/);
    await expectError(await send(criteriaOf(avery, { firstName: "" })), 400, /firstName/);
    await expectError(await send("{not json"), 400);
  });

  it("refuses a malformed token or benefit id", async () => {
    await expectError(
      await call(resultApi.loader, "/api/insurance/memberBenefitSearchResult/short", { params: { token: "short" } }),
      400,
    );
    await expectError(
      await call(nameApi.loader, "/api/insurance/insuranceBenefitName/a%20b", { params: { id: "a b" } }),
      400,
    );
  });

  it("answers other methods with 405", async () => {
    const response = await call(searchApi.loader, "/api/insurance/memberBenefitSearch");
    expect(response.status).toBe(405);
  });
});

describe("benefit name, date of birth and SSN", () => {
  const avery = member("avery-stone");
  const benefitId = avery.benefits[0]!.benefitId;
  let ip = 0;
  /** Each test its own client address, so the guessing limits of one do not reach another. */
  const fromNewAddress = () => ({ [TEST_CLIENT_IP_HEADER]: `198.51.100.${++ip}` });

  it("names a benefit by its plan, 404 for an unknown one", async () => {
    const path = `/api/insurance/insuranceBenefitName/${benefitId}`;
    expect(await json(await call(nameApi.loader, path, { params: { id: benefitId } }), 200)).toEqual({
      benefitId,
      name: "Brightview Vision Plus",
    });
    const unknown = "00000000-0000-0000-0000-000000000000";
    await expectError(
      await call(nameApi.loader, `/api/insurance/insuranceBenefitName/${unknown}`, { params: { id: unknown } }),
      404,
    );
  });

  it("verifies the member's date of birth in any readable form; another date or an unparsable one fails", async () => {
    const headers = fromNewAddress();
    const verify = async (dateOfBirth: unknown, id = benefitId) =>
      call(dobApi.action, "/api/insurance/dateOfBirthVerification", { body: { benefitId: id, dateOfBirth }, headers });
    expect(await json(await verify("1988-04-12"), 200)).toEqual({ verified: true });
    expect(await json(await verify("4/12/1988"), 200)).toEqual({ verified: true });
    expect(await json(await verify("1988-04-13"), 200)).toEqual({ verified: false });
    expect(await json(await verify("not a date"), 200)).toEqual({ verified: false });
    await expectError(await verify("1988-04-12", "00000000-0000-0000-0000-000000000000"), 404);
    await expectError(await verify(19880412), 400, /dateOfBirth/);
  });

  it("accepts the subscriber's last four SSN digits; wrong or malformed digits get the spec's message", async () => {
    const headers = fromNewAddress();
    const path = `/api/insurance/coverage/${benefitId}`;
    const put = (subscriberLastFourSsn: unknown) =>
      call(coverageApi.action, path, {
        method: "PUT",
        body: { subscriberLastFourSsn },
        params: { id: benefitId },
        headers,
      });
    expect(await json(await put(avery.ssnLastFour), 200)).toEqual({ benefitId, updated: true });
    await expectError(await put("0000"), 422, INSURANCE_MESSAGES.ssnUpdateFailed);
    await expectError(await put("12345"), 400, `subscriberLastFourSsn: ${INSURANCE_MESSAGES.ssnUpdateFailed}`);
  });

  it("limits the guesses at one benefit's SSN digits", async () => {
    const headers = fromNewAddress();
    const id = member("riley-chen").benefits[0]!.benefitId;
    const put = (digits: string) =>
      call(coverageApi.action, `/api/insurance/coverage/${id}`, {
        method: "PUT",
        body: { subscriberLastFourSsn: digits },
        params: { id },
        headers,
      });
    for (let i = 0; i < INSURANCE_VERIFY_LIMITS.perBenefit; i++) await expectError(await put(`000${i}`), 422);
    await expectError(await put(member("riley-chen").ssnLastFour), 429);
  });
});

describe("/dev/insurance", () => {
  async function load(as: AppServices) {
    const request = new Request("http://store.test/dev/insurance");
    const context = await createRequestContext(as, request);
    return settle(async () => devInsurance.loader({ request, params: {}, context } as never));
  }

  it("lists every seeded member with what a search for them shows", async () => {
    const page = (await load(services)) as ReturnType<typeof devInsurance.loader>;
    expect(page.members.map((row) => row.key)).toEqual(SEED_MEMBERS.map((row) => row.key));
    expect(page.members.find((row) => row.key === "morgan-hale")?.benefits[0]).toMatch(/20% coinsurance/);
  });

  it("is not found in production", async () => {
    const production = createTestServices(database, { APP_ENV: "production" });
    production.logger.level = "silent";
    const result = await load(production);
    const status =
      result instanceof Response ? result.status : (result as { init?: { status?: number } | null }).init?.status;
    expect(status).toBe(404);
  });
});
