import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RxReading } from "~/models/rx-analysis";
import type { PrescriptionReader } from "~/services/adapters/ocr/prescription-reader";
import type { DatabaseHandle } from "~/services/db/client.server";
import { rxImages } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { startJobs } from "~/server/jobs.server";
import { uploadRxImage } from "~/services/prescriptions/rx-images.server";
import { READING_LEASE_MS, runRxReading, sweepRxReadings } from "~/services/prescriptions/rx-reading.server";
import * as readingFixture from "~/routes/dev.e2e-fixtures.rx-reading";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The queued reading (decision 46) on the real queue: pg-boss on the test's PGlite, as `npm start` runs it. An upload
// wakes the rx-reading queue and a worker reads it within seconds; two working processes read each image once; a
// job queued while no process works it is read after a restart; the sweep finds readings whose job was lost.

let database: DatabaseHandle;
let services: AppServices;

/** Every image the reader was asked to read (by its bytes' length and a tag), and how long a read takes. */
const reads: string[] = [];
let readDelayMs = 0;
const reading: RxReading = {
  classification: "Prescription",
  analysis: { prescription: { OD: { sphere: "-2.00" } }, patient: {}, correlationId: "" },
  text: "",
};
const fakeReader: PrescriptionReader = {
  inspect: async () => ({ classification: "Prescription", pageImage: null }),
  async read(input) {
    reads.push(input.bytes.toString("base64").slice(-40));
    if (readDelayMs) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
    return reading;
  },
  close: async () => {},
};

const timing = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

beforeAll(async () => {
  database = await createTestDatabase();
  services = { ...createTestServices(database), rxReader: fakeReader };
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

let shade = 0;
/** A JPEG of its own (a different colour each time), so each image's bytes tell which one the reader read. */
async function upload() {
  shade += 7;
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade % 256, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const outcome = await uploadRxImage(
    services,
    { fileName: "rx.png", bytes },
    { owner: { customerId: null, sessionHash: "a".repeat(64) } },
  );
  if (!outcome.ok) throw new Error(outcome.message);
  uploadedStates.push(outcome.image.readingState);
  return outcome.image.id;
}
/** Each upload's reading state as the upload stored it (a worker may claim it a moment later). */
const uploadedStates: string[] = [];

const statesOf = async (ids: string[]) =>
  (await database.db.select().from(rxImages).where(inArray(rxImages.id, ids))).map((row) => row.readingState);

describe("the rx-reading queue", () => {
  it("an upload wakes it: a worker reads the image within seconds, once, even with two processes working", async () => {
    readDelayMs = 300;
    const first = await startJobs(services, { work: true, timing });
    const second = await startJobs({ ...services }, { work: true, timing });
    try {
      uploadedStates.length = 0;
      const ids = [await upload(), await upload(), await upload()];
      // The upload only queues the reading (a loaded machine's worker may already have claimed the first).
      expect(uploadedStates).toEqual(["pending", "pending", "pending"]);
      await expect.poll(() => statesOf(ids), { timeout: 20_000, interval: 250 }).toEqual(["read", "read", "read"]);
      const rows = await database.db.select().from(rxImages).where(inArray(rxImages.id, ids));
      for (const row of rows) {
        expect(row.readingAttempts).toBe(1);
        expect(row.analysis).toMatchObject({ prescription: { OD: { sphere: "-2.00" } } });
      }
      expect(new Set(reads).size).toBe(reads.length);
      expect(reads).toHaveLength(3);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      readDelayMs = 0;
    }
  });

  it("a reading queued while nobody works the queue is read after a restart", async () => {
    const before = reads.length;
    const sender = await startJobs(services, { work: false, timing });
    const id = await upload();
    await sender.stop();
    expect(await statesOf([id])).toEqual(["pending"]);
    const worker = await startJobs(services, { work: true, timing });
    try {
      await expect.poll(() => statesOf([id]), { timeout: 20_000, interval: 250 }).toEqual(["read"]);
    } finally {
      await worker.stop();
    }
    expect(reads.length - before).toBe(1);
  });
});

describe("the sweep", () => {
  it("reads a pending row whose wake-up was lost and takes over a dead job's claim, never a live one", async () => {
    const lost = await upload();
    const dead = await upload();
    const live = await upload();
    const old = new Date(Date.now() - 60_000);
    await database.db
      .update(rxImages)
      .set({ createdAt: old })
      .where(inArray(rxImages.id, [lost, dead, live]));
    await database.db
      .update(rxImages)
      .set({ readingState: "reading", readingStartedAt: new Date(Date.now() - READING_LEASE_MS - 1000) })
      .where(eq(rxImages.id, dead));
    await database.db
      .update(rxImages)
      .set({ readingState: "reading", readingStartedAt: new Date() })
      .where(eq(rxImages.id, live));
    // A fresh upload is left to its own job.
    const fresh = await upload();

    const summary = await sweepRxReadings(services);
    expect(summary).toEqual({ found: 2, read: 2 });
    expect(await statesOf([lost])).toEqual(["read"]);
    expect(await statesOf([dead])).toEqual(["read"]);
    expect(await statesOf([live])).toEqual(["reading"]);
    expect(await statesOf([fresh])).toEqual(["pending"]);
    // A live claim is not taken by a direct run either.
    expect(await runRxReading(services, live)).toBe("not-claimed");
  });

  it("gives up as failed after repeated dead claims", async () => {
    const id = await upload();
    await database.db
      .update(rxImages)
      .set({
        readingState: "reading",
        readingAttempts: 3,
        readingStartedAt: new Date(Date.now() - READING_LEASE_MS - 1000),
      })
      .where(eq(rxImages.id, id));
    expect(await runRxReading(services, id)).toBe("failed");
    expect(await statesOf([id])).toEqual(["failed"]);
  });
});

describe("/dev/e2e-fixtures/rx-reading", () => {
  async function post(target: AppServices, body: unknown) {
    const request = new Request("http://store.test/dev/e2e-fixtures/rx-reading", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return runThroughMiddleware(
      target,
      request,
      async (context) => (await readingFixture.action({ request, params: {}, context } as never)) as Response,
    );
  }

  it("is a 404 unless the server runs with E2E_FIXTURES=true; then it holds or finishes a reading", async () => {
    const id = await upload();
    expect((await post(services, { imageId: id, state: "reading" })).status).toBe(404);
    expect(await statesOf([id])).toEqual(["pending"]);

    const fixtures = { ...createTestServices(database, { E2E_FIXTURES: "true" }), rxReader: fakeReader };
    expect((await post(fixtures, { imageId: id, state: "reading" })).status).toBe(200);
    expect(await statesOf([id])).toEqual(["reading"]);
    // Held under a fresh claim: no job takes it.
    expect(await runRxReading(services, id)).toBe("not-claimed");
    const analysis = { prescription: { OD: { sphere: "-1.00" } }, patient: {}, confidence: { "OD.sphere": 0.9 } };
    expect((await post(fixtures, { imageId: id, state: "read", analysis })).status).toBe(200);
    const [row] = await database.db.select().from(rxImages).where(eq(rxImages.id, id));
    expect(row).toMatchObject({ readingState: "read", analysis: { prescription: { OD: { sphere: "-1.00" } } } });
    expect((await post(fixtures, { imageId: id, state: "done" })).status).toBe(400);
    expect((await post(fixtures, { imageId: "x".repeat(24), state: "reading" })).status).toBe(404);
  });
});
