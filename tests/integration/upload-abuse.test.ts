import { randomBytes, randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as imagesAction } from "~/routes/api.images";
import { loader as imageApiLoader } from "~/routes/api.images.$id";
import { loader as rxImageLoader } from "~/routes/rx-images.$imageId";
import { action as uploadRxAction } from "~/routes/upload-rx";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { PrescriptionReader } from "~/services/adapters/ocr/prescription-reader";
import { createCart } from "~/services/cart/cart.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { lineItemGroups, orders, rateLimitEvents, rxImages, storedImages } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { MAX_INPUT_PIXELS } from "~/models/file-type";
import { TOO_MANY_PIXELS_MESSAGE } from "~/services/prescriptions/image-processing.server";
import { expireUnlinkedRxImages } from "~/services/prescriptions/rx-image-expiry.server";
import { RX_IMAGE_RETENTION_DAYS, UPLOAD_LIMIT_MESSAGES, UPLOAD_LIMITS } from "~/models/upload-limits";
import { checkUploadAllowed, unlinkedStoredBytes } from "~/services/prescriptions/upload-limits.server";
import { isDataWithInit, orderRow } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware, settle, TEST_CLIENT_IP_HEADER } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Uploads under abuse (issue 24): per-client limits and the stored-bytes quota, the expiry of images nobody kept, the
// headers a stored PDF is served with, and the decode limit. Through the routes as the server runs them (the root
// middleware, a cookie per browser, the client's address); the reader is off (null), as a failed one would be.

let database: DatabaseHandle;
let services: AppServices;
const offReader: PrescriptionReader = {
  inspect: async () => null,
  read: async () => null,
  close: async () => {},
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = { ...createTestServices(database), rxReader: offReader };
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Each test counts from zero: the limits' windows are an hour and a day.
  await database.db.delete(rateLimitEvents);
});

let counter = 0;
const newAddress = () => `203.0.113.${(++counter % 250) + 1}`;
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toBuffer();

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("OD -2.00 OS -2.25");
  return Buffer.from(await doc.save());
}

function uploadForm(bytes: Buffer, name: string, field = "images", fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append(field, new File([new Uint8Array(bytes)], name));
  return data;
}

/** One request through the root middleware, from `ip`, with the browser's cookie; the route's answer as a Response. */
async function send(
  route: (args: never) => unknown,
  path: string,
  options: { ip: string; cookie?: string; body?: FormData; method?: string; params?: Record<string, string> },
) {
  const request = new Request(`http://store.test${path}`, {
    method: options.method ?? (options.body ? "POST" : "GET"),
    body: options.body,
    headers: { [TEST_CLIENT_IP_HEADER]: options.ip, ...(options.cookie ? { Cookie: options.cookie } : {}) },
  });
  let result: unknown;
  const response = await runThroughMiddleware(services, request, async (context) => {
    result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith(`${services.sessions.cookieName}=`));
  return { response, result, cookie: cookie ?? options.cookie };
}

async function signedInCookie(): Promise<{ cookie: string; customerId: number }> {
  const customer = await createCustomer(database.db, {
    email: `abuse.${randomBytes(6).toString("hex")}@example.com`,
    password: "correct horse battery",
    firstName: "Ann",
    lastName: "Lee",
  });
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", await createAuthSession(database.db, customer.id, "password", false));
  return { cookie: (await services.sessions.commitSession(session)).split(";")[0]!, customerId: customer.id };
}

const imageCount = async () => (await database.db.select({ n: count() }).from(rxImages))[0]!.n;

/** A stored image's row (and its bytes), made directly: the quota and the expiry look at rows, not at uploads. */
async function storedImage(fields: Partial<typeof rxImages.$inferInsert> & { bytes?: Buffer }) {
  const id = randomBytes(18).toString("base64url");
  const storageKey = `rx-images/${randomBytes(24).toString("base64url")}`;
  const bytes = fields.bytes ?? (await png());
  await services.imageStore.put(storageKey, bytes, "image/jpeg");
  const { bytes: _bytes, ...row } = fields;
  await database.db.insert(rxImages).values({
    id,
    originalFileName: "rx.jpg",
    fileName: "rx_image-1.jpg",
    contentType: "image/jpeg",
    contentLength: bytes.length,
    storageKey,
    ...row,
  });
  return { id, storageKey };
}

describe("upload limits by client address", () => {
  it(`takes ${UPLOAD_LIMITS.perHour} uploads an hour from one address, then answers 429 with the message`, async () => {
    const ip = newAddress();
    // Each upload from a new guest (no cookie): a new session does not get around the address's limit.
    for (let i = 0; i < UPLOAD_LIMITS.perHour; i++) {
      const { response } = await send(imagesAction, "/api/images", { ip, body: uploadForm(await png(), "rx.png") });
      expect(response.status).toBe(201);
    }
    const before = await imageCount();
    const { response } = await send(imagesAction, "/api/images", { ip, body: uploadForm(await png(), "rx.png") });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("3600");
    expect(await response.json()).toEqual({ error: UPLOAD_LIMIT_MESSAGES.tooMany });
    expect(await imageCount()).toBe(before);
    // Another address is not held back.
    const other = await send(imagesAction, "/api/images", {
      ip: newAddress(),
      body: uploadForm(await png(), "rx.png"),
    });
    expect(other.response.status).toBe(201);
  });

  it("counts a day's uploads too, and refuses at the day's limit however they are spread", async () => {
    const ip = newAddress();
    const start = new Date("2026-03-02T08:00:00Z");
    // Spread over the day in hourly bursts within the hour's limit.
    for (let i = 0; i < UPLOAD_LIMITS.perDay; i++) {
      const at = new Date(start.getTime() + Math.floor(i / 10) * 2 * 60 * 60 * 1000 + i * 1000);
      expect(await checkUploadAllowed(services, { ip, customerId: null, sessionHash: null, bytes: 1 }, at)).toEqual({
        ok: true,
      });
    }
    const later = new Date(start.getTime() + 12 * 60 * 60 * 1000);
    expect(await checkUploadAllowed(services, { ip, customerId: null, sessionHash: null, bytes: 1 }, later)).toEqual({
      ok: false,
      status: 429,
      message: UPLOAD_LIMIT_MESSAGES.tooMany,
    });
  });
});

describe("upload limits by customer", () => {
  it("holds a signed-in customer to the limit from any address, and says so in the upload page", async () => {
    const { cookie, customerId } = await signedInCookie();
    for (let i = 0; i < UPLOAD_LIMITS.perHour; i++) {
      // A different address each time: the customer's own limit is what counts.
      expect(
        await checkUploadAllowed(services, { ip: newAddress(), customerId, sessionHash: null, bytes: 1000 }),
      ).toEqual({ ok: true });
    }
    const before = await imageCount();
    const { result } = await send(uploadRxAction, "/upload-rx", {
      ip: newAddress(),
      cookie,
      body: uploadForm(await png(), "rx.png", "image", { intent: "upload-rx" }),
    });
    expect(isDataWithInit(result)).toBe(true);
    const { data, init } = result as { data: { uploadError?: string }; init: ResponseInit };
    expect(init.status).toBe(429);
    expect(data.uploadError).toBe(UPLOAD_LIMIT_MESSAGES.tooMany);
    expect(await imageCount()).toBe(before);
  });
});

describe("the stored-bytes quota", () => {
  it("refuses a guest's upload past 25 MB of images not yet kept with an order (413), and counts kept ones out", async () => {
    const ip = newAddress();
    const first = await send(imagesAction, "/api/images", { ip, body: uploadForm(await png(), "rx.png") });
    expect(first.response.status).toBe(201);
    const firstId = ((await first.response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    const [guest] = await database.db.select().from(rxImages).where(eq(rxImages.id, firstId));
    const sessionHash = guest!.uploaderSessionHash!;
    // The session already keeps just under its quota (big PDFs, say).
    await storedImage({
      uploaderSessionHash: sessionHash,
      contentLength: UPLOAD_LIMITS.guestBytes - guest!.contentLength - 10,
    });
    expect(await unlinkedStoredBytes(database.db, { customerId: null, sessionHash })).toBe(
      UPLOAD_LIMITS.guestBytes - 10,
    );
    const before = await imageCount();
    const refused = await send(imagesAction, "/api/images", {
      ip,
      cookie: first.cookie,
      body: uploadForm(await png(), "rx.png"),
    });
    expect(refused.response.status).toBe(413);
    expect(await refused.response.json()).toEqual({ error: UPLOAD_LIMIT_MESSAGES.quota });
    expect(await imageCount()).toBe(before);
    // Another guest (another session) has its own quota.
    const other = await send(imagesAction, "/api/images", { ip, body: uploadForm(await png(), "rx.png") });
    expect(other.response.status).toBe(201);
  });

  it("gives a customer 50 MB, and images sent with an order do not count", async () => {
    const { customerId } = await signedInCookie();
    const client = { ip: newAddress(), customerId, sessionHash: null };
    const big = await storedImage({ customerId, contentLength: UPLOAD_LIMITS.customerBytes - 500_000 });
    expect(await checkUploadAllowed(services, { ...client, bytes: 400_000 })).toEqual({ ok: true });
    expect(await checkUploadAllowed(services, { ...client, bytes: 600_000 })).toEqual({
      ok: false,
      status: 413,
      message: UPLOAD_LIMIT_MESSAGES.quota,
    });
    // Once that image is the record of a placed order, it is the store's, not the quota's.
    const [order] = await database.db
      .insert(orders)
      .values(orderRow(customerId, `9${String(Date.now()).slice(-8)}`))
      .returning({ id: orders.id });
    await database.db.update(rxImages).set({ orderId: order!.id }).where(eq(rxImages.id, big.id));
    expect(await checkUploadAllowed(services, { ...client, bytes: 600_000 })).toEqual({ ok: true });
  });
});

describe("the expiry job", () => {
  it(`deletes images kept with nothing after ${RX_IMAGE_RETENTION_DAYS} days, bytes and row, and clears a cart group's pointer`, async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (RX_IMAGE_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    const recent = new Date(now.getTime() - (RX_IMAGE_RETENTION_DAYS - 1) * 24 * 60 * 60 * 1000);
    const { customerId } = await signedInCookie();
    const [order] = await database.db
      .insert(orders)
      .values(orderRow(customerId, `8${String(Date.now()).slice(-8)}`))
      .returning({ id: orders.id });

    const expired = await storedImage({ uploaderSessionHash: "a".repeat(64), createdAt: old });
    // A PDF's drawn page goes with its PDF.
    const pageImageKey = `rx-images/${randomBytes(24).toString("base64url")}`;
    await services.imageStore.put(pageImageKey, await png(), "image/png");
    const expiredOfCustomer = await storedImage({ customerId, createdAt: old, pageImageKey });
    const kept = await storedImage({ customerId, orderId: order!.id, createdAt: old });
    const young = await storedImage({ uploaderSessionHash: "b".repeat(64), createdAt: recent });
    // A cart group still names the expired image (an upload in the funnel whose order was never placed).
    const cartId = await createCart(database.db, customerId);
    const groupId = randomUUID();
    await database.db.insert(lineItemGroups).values({
      id: groupId,
      cartId,
      position: 0,
      type: "Lens",
      rxEntryType: "SubmitAndSkip",
      submitAndSkipImageId: expired.id,
      submitAndSkipImageClassification: "Prescription",
    });

    const summary = await expireUnlinkedRxImages(services, now);
    expect(summary).toMatchObject({ deleted: 2, groupsCleared: 1, bytesLeft: 0 });

    const ids = [expired, expiredOfCustomer, kept, young].map((image) => image.id);
    const rows = await database.db.select({ id: rxImages.id }).from(rxImages).where(inArray(rxImages.id, ids));
    expect(rows.map((row) => row.id).sort()).toEqual([kept.id, young.id].sort());
    const keys = [expired, expiredOfCustomer, kept, young].map((image) => image.storageKey);
    const blobs = await database.db
      .select({ key: storedImages.key })
      .from(storedImages)
      .where(inArray(storedImages.key, [...keys, pageImageKey]));
    expect(blobs.map((blob) => blob.key).sort()).toEqual([kept.storageKey, young.storageKey].sort());
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group).toMatchObject({ submitAndSkipImageId: null, submitAndSkipImageClassification: null });

    // Run again (another process, the next hour): nothing more to do.
    expect(await expireUnlinkedRxImages(services, now)).toMatchObject({ deleted: 0, groupsCleared: 0 });
  });
});

describe("a stored PDF as served back", () => {
  it("comes as an attachment, sandboxed and never sniffed, from both image routes; an image stays inline", async () => {
    const ip = newAddress();
    const uploaded = await send(imagesAction, "/api/images", { ip, body: uploadForm(await pdf(), "rx.pdf") });
    expect(uploaded.response.status).toBe(201);
    const pdfId = ((await uploaded.response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    for (const [route, path, params] of [
      [rxImageLoader, `/rx-images/${pdfId}`, { imageId: pdfId }],
      [imageApiLoader, `/api/images/${pdfId}`, { id: pdfId }],
    ] as const) {
      const { response } = await send(route, path, { ip, cookie: uploaded.cookie, params });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="rx_image-\d+\.pdf"$/);
      expect(response.headers.get("Content-Security-Policy")).toMatch(/^sandbox(;|$)/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const image = await send(imagesAction, "/api/images", { ip, body: uploadForm(await png(), "rx.png") });
    const imageId = ((await image.response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    const { response } = await send(rxImageLoader, `/rx-images/${imageId}`, {
      ip,
      cookie: image.cookie,
      params: { imageId },
    });
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/^sandbox(;|$)/);
  });
});

describe("the decode limit", () => {
  it("refuses an image over 50 Mpx by its header, with a clear message, storing nothing", async () => {
    // One colour: a small file that claims 50.4 Mpx (and a 100 Mpx one, as the attacker sent).
    for (const [width, height] of [
      [8000, 6300],
      [10_000, 10_000],
    ] as const) {
      expect(width * height).toBeGreaterThan(MAX_INPUT_PIXELS);
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const before = await imageCount();
      const { response } = await send(imagesAction, "/api/images", {
        ip: newAddress(),
        body: uploadForm(bytes, "huge.png"),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: TOO_MANY_PIXELS_MESSAGE });
      expect(await imageCount()).toBe(before);
    }
  });
});
