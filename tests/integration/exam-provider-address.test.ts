import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as examInfoDetails from "~/routes/api.examInfo.$token.details";
import * as examInfoCreate from "~/routes/api.examInfo.create";
import * as providerAddress from "~/routes/api.examInfo.providerAddress.$id";
import { SIMULATED_PRACTICE } from "~/services/adapters/exam-provider/simulated-provider.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { examVouchers } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, customerWithToken, json } from "../setup/api-client";
import { addPatient, examCard } from "../setup/exam-fixtures";
import { toricSkuPair } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// Issue 25: GET api/examInfo/providerAddress/{id} is reachable: the exam's details name the provider's office
// (`providerId`), whose address the call then gives. Every answer is checked against the OpenAPI document.

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});

describe("the exam provider's office", () => {
  it("is named by the exam's details, and its address is one call away", async () => {
    const { customer, token } = await customerWithToken(database);
    const patientId = await addPatient(database.db, customer.id, "Ann", "Lee");
    await examCard(services, customer.id);
    const [rightUpc, leftUpc] = await toricSkuPair(database.db, 3, 50);
    const created = await json<{ examVoucherToken: string }>(
      await call(examInfoCreate.action, "/api/examInfo/create", {
        token,
        body: { patientId, rightUpc, leftUpc },
        headers: { "Idempotency-Key": randomUUID() },
      }),
      201,
    );
    const exam = created.examVoucherToken;

    const details = await json<{ providerId: string | null }>(
      await call(examInfoDetails.loader, `/api/examInfo/${exam}/details`, { token, params: { token: exam } }),
      200,
    );
    expect(details.providerId).toBe(SIMULATED_PRACTICE.id);

    const answer = await call(providerAddress.loader, `/api/examInfo/providerAddress/${details.providerId}`, {
      params: { id: details.providerId! },
    });
    expect(answer.status).toBe(200);
    // The same for everyone: the office's address may be cached.
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const address: unknown = await answer.json();
    expect(address).toEqual(SIMULATED_PRACTICE);
  });

  it("is filled in for an exam recorded before the store kept it, when the details read the provider again", async () => {
    const { customer, token } = await customerWithToken(database, "Bea");
    const patientId = await addPatient(database.db, customer.id, "Bea", "Lee");
    await examCard(services, customer.id);
    const [rightUpc] = await toricSkuPair(database.db, 4, 50);
    const { examVoucherToken: exam } = await json<{ examVoucherToken: string }>(
      await call(examInfoCreate.action, "/api/examInfo/create", {
        token,
        body: { patientId, rightUpc },
        headers: { "Idempotency-Key": randomUUID() },
      }),
      201,
    );
    await database.db
      .update(examVouchers)
      .set({ providerId: null, syncedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(examVouchers.token, exam));
    const details = await json<{ providerId: string | null }>(
      await call(examInfoDetails.loader, `/api/examInfo/${exam}/details`, { token, params: { token: exam } }),
      200,
    );
    expect(details.providerId).toBe(SIMULATED_PRACTICE.id);
  });
});
