import fs from "node:fs";
import { asc, count, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/models/file-type";
import type { RxAnalysis, RxReading } from "~/models/rx-analysis";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { action as imagesAction } from "~/routes/api.images";
import { action as imageAction, loader as imageApiLoader } from "~/routes/api.images.$id";
import { loader as orderImagesLoader } from "~/routes/api.images.order.$orderNumber";
import { action as analyzeAction } from "~/routes/api.rxReader.analyzeRxImage";
import { action as productAction } from "~/routes/product";
import { action as rxDetailsAction } from "~/routes/rx-details";
import { loader as rxImageLoader } from "~/routes/rx-images.$imageId";
import { loader as rxPageLoader } from "~/routes/rx-images.$imageId.page";
import { action as uploadRxAction, loader as uploadRxLoader } from "~/routes/upload-rx";
import { action as uploadSuccessAction, loader as uploadSuccessLoader } from "~/routes/upload-success";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import type { PrescriptionReader } from "~/services/adapters/ocr/prescription-reader";
import { journeyOf, updateJourney } from "~/services/funnel/funnel.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  lineItemGroups,
  lineItems,
  orderGroups,
  orders,
  prescriptions,
  rxImages,
  skus,
  storedImages,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { claimSessionImages } from "~/services/prescriptions/rx-images.server";
import { runRxReading } from "~/services/prescriptions/rx-reading.server";
import { uploadLinkToken, uploadLinkUrl } from "~/services/prescriptions/upload-links.server";
import { isDataWithInit, orderRow, TORIC } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware, settle, TEST_CLIENT_IP_HEADER } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Prescription uploads through the request path the server takes (the root middleware around each loader and
// action, a cookie jar per browser): the upload pages, the API, the owner-only image route, and what an upload does
// to a cart group or a placed order. The prescription reader is a fake that answers what each test sets.

let database: DatabaseHandle;
let services: AppServices;

/**
 * The reader's next answer (null: off or failed), what it was asked, and whether its full read never answers. Its
 * quick look (`inspect`, on the upload request) answers the same classification, and for a PDF a drawn page.
 */
const reader = {
  next: null as RxReading | null,
  hang: false,
  calls: [] as Array<{ contentType: string; bytes: Buffer; timeoutMs?: number }>,
  inspected: [] as Array<{ contentType: string; timeoutMs?: number }>,
};
const fakeReader: PrescriptionReader = {
  async inspect(input, options) {
    reader.inspected.push({ contentType: input.contentType, timeoutMs: options?.timeoutMs });
    if (!reader.next) return null;
    const pageImage =
      input.contentType === "application/pdf" ? { bytes: await png(20, 28), width: 20, height: 28 } : null;
    return { classification: reader.next.classification, pageImage };
  },
  async read(input, options) {
    reader.calls.push({ contentType: input.contentType, bytes: input.bytes, timeoutMs: options?.timeoutMs });
    if (reader.hang) return new Promise<never>(() => {});
    return reader.next;
  },
  async close() {},
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = { ...createTestServices(database), rxReader: fakeReader };
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  reader.next = null;
  reader.hang = false;
  reader.calls.length = 0;
  reader.inspected.length = 0;
});

/** Runs the image's queued reading, as the rx-reading job does. */
const readQueued = (imageId: string, options: { timeoutMs?: number } = {}) => runRxReading(services, imageId, options);

// ---- files --------------------------------------------------------------------------------------------------------

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } });
const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();
const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
const tiff = (width = 64, height = 48) => solid(width, height).tiff().toBuffer();
async function pdf() {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText("Contact lens prescription", { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}
const heic = () => fs.readFileSync(new URL("../fixtures/upload/prescription-64x48.heic", import.meta.url));

/** A landscape JPEG whose EXIF says "rotate 90° clockwise to view" (orientation 6), red in its stored top-left. */
async function rotatedJpeg() {
  const raw = Buffer.alloc(200 * 100 * 3, 255);
  for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) raw.set([255, 0, 0], (y * 200 + x) * 3);
  return sharp(raw, { raw: { width: 200, height: 100, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

// ---- browsers -----------------------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;
let counter = 0;

class Browser {
  cookie = "";
  customerId: number | null = null;
  /** Each browser is its own shopper, at its own address (the upload limits count per address). */
  readonly clientIp = `198.51.100.${(++counter % 250) + 1}`;

  static async signedIn() {
    const customer = await createCustomer(database.db, {
      email: `upload.${++counter}@example.com`,
      password: "correct horse battery",
      firstName: "Ann",
      lastName: "Lee",
    });
    const browser = new Browser();
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", await createAuthSession(database.db, customer.id, "password", false));
    browser.cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    browser.customerId = customer.id;
    return browser;
  }

  async send(
    method: "GET" | "POST" | "DELETE",
    path: string,
    route: Handler,
    body?: Record<string, string> | FormData | { json: unknown },
    params: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = {
      [TEST_CLIENT_IP_HEADER]: this.clientIp,
      ...(this.cookie ? { Cookie: this.cookie } : {}),
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body && "json" in body) {
      payload = JSON.stringify(body.json);
      headers["Content-Type"] = "application/json";
    } else if (body) {
      payload = new URLSearchParams(body as Record<string, string>).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    const request = new Request(`http://store.test${path}`, { method, body: payload, headers });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(
        () => route({ request, params: { name: TORIC.vanityUrl, ...params }, context } as never) as never,
      );
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${services.sessions.cookieName}=`)) this.cookie = pair;
    }
    return { response, result };
  }

  async journey() {
    const { session } = await services.sessions.getSession(this.cookie || null);
    return journeyOf(session);
  }

  /** Lenses for both eyes through the product page's 'Enter prescription later': the group RxDetails asks about. */
  async addToricLater(): Promise<string> {
    const { response } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      intent: "add-to-cart",
      prescription: "later",
      eyes: "both",
      "right-quantity": "1",
      "left-quantity": "1",
    });
    expect(response.headers.get("Location")).toBe("/rx-details");
    return (await this.journey()).currentGroupId!;
  }
}

const form = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; field?: string }) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append(file.field ?? "image", new File([new Uint8Array(file.bytes)], file.name));
  return data;
};

const replyError = (result: unknown) => {
  expect(isDataWithInit(result)).toBe(true);
  const { data, init } = result as { data: { uploadError?: string }; init: ResponseInit };
  return { status: init.status, message: data.uploadError };
};

async function rowCounts() {
  const [[images], [blobs]] = await Promise.all([
    database.db.select({ n: count() }).from(rxImages),
    database.db.select({ n: count() }).from(storedImages),
  ]);
  return { images: images!.n, blobs: blobs!.n };
}

const imageRow = async (id: string) => (await database.db.select().from(rxImages).where(eq(rxImages.id, id)))[0]!;
const blobOf = async (key: string) =>
  (await database.db.select().from(storedImages).where(eq(storedImages.key, key)))[0];
const imageIdOf = (location: string | null) => new URL(location!, "http://store.test").searchParams.get("image")!;

/** Uploads to the signed-in browser's account (upload-rx) and returns the stored row. */
async function uploadToAccount(browser: Browser, bytes: Buffer, name: string) {
  const { response } = await browser.send(
    "POST",
    "/upload-rx",
    uploadRxAction,
    form({ intent: "upload-rx" }, { bytes, name }),
  );
  expect(response.status).toBe(303);
  return imageRow(imageIdOf(response.headers.get("Location")));
}

/** Two stocked SKUs of the toric lens and their parameters: what the fake reader "reads". */
async function stockedToricSkus() {
  const rows = await database.db
    .select({ upc: skus.upc, parameters: skus.parameters })
    .from(skus)
    .where(eq(skus.productId, TORIC.productId))
    .orderBy(asc(skus.upc))
    .limit(2)
    .offset(40);
  for (const row of rows)
    await database.db.update(skus).set({ stockQuantity: 50, isActive: true }).where(eq(skus.upc, row.upc));
  return rows as [
    { upc: string; parameters: Record<string, string> },
    { upc: string; parameters: Record<string, string> },
  ];
}

const eyeReading = (parameters: Record<string, string>) => ({
  sphere: parameters.power,
  cylinder: parameters.cylinder,
  axis: parameters.axis,
});

/** The analysis with the reader sure (0.95) of every field it holds. */
function confident(analysis: Partial<RxAnalysis>, except: string[] = []): Partial<RxAnalysis> {
  const confidence: Record<string, number> = {};
  for (const [eye, values] of Object.entries(analysis.prescription ?? {})) {
    for (const name of Object.keys(values ?? {})) confidence[`${eye}.${name}`] = 0.95;
  }
  for (const name of Object.keys(analysis.patient ?? {})) confidence[`patient.${name}`] = 0.95;
  for (const path of except) confidence[path] = 0.4;
  return { ...analysis, confidence };
}

function prescriptionReading(
  analysis: Partial<RxAnalysis>,
  classification: RxReading["classification"] = "Prescription",
) {
  return {
    classification,
    analysis: { prescription: {}, patient: {}, correlationId: "c-1", ...analysis },
    text: "OD -2.50",
  } satisfies RxReading;
}

// ---- tests --------------------------------------------------------------------------------------------------------

describe("upload-rx: what is taken, and how it is stored", () => {
  it.each([
    ["a JPEG", () => jpeg(), "rx.jpg", "image/jpeg", ".jpg"],
    ["a PNG", () => png(), "rx.png", "image/jpeg", ".jpg"],
    ["a HEIC (converted to JPEG)", heic, "IMG_0001.HEIC", "image/jpeg", ".jpg"],
    ["a TIFF", () => tiff(), "scan.tiff", "image/jpeg", ".jpg"],
    ["a PDF (as it came)", pdf, "rx.pdf", "application/pdf", ".pdf"],
    ["a PNG named .pdf (stored as the image it is)", () => png(), "rx.pdf", "image/jpeg", ".jpg"],
    ["a PDF named .jpg (stored as the PDF it is)", pdf, "photo.jpg", "application/pdf", ".pdf"],
  ] as const)("takes %s", async (_, make, name, contentType, extension) => {
    const browser = await Browser.signedIn();
    const bytes = await make();
    const row = await uploadToAccount(browser, Buffer.from(bytes), name);
    expect(row).toMatchObject({ customerId: browser.customerId, contentType, originalFileName: name, orderId: null });
    expect(row.fileName).toMatch(new RegExp(`^rx_image-\\d{13}\\${extension}$`));
    expect(row.storageKey).toMatch(/^rx-images\/[A-Za-z0-9_-]{32}$/);
    const blob = await blobOf(row.storageKey);
    expect(blob?.data.length).toBe(row.contentLength);
    if (contentType === "application/pdf") {
      expect(Buffer.compare(blob!.data, bytes)).toBe(0);
      expect([row.width, row.height]).toEqual([null, null]);
    } else {
      expect(blob!.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect([row.width, row.height]).toEqual([64, 48]);
    }
  });

  it("shrinks a 3000 × 2000 PNG to a JPEG inside 1280 × 1280, and never enlarges a small one", async () => {
    const browser = await Browser.signedIn();
    const large = await uploadToAccount(browser, await png(3000, 2000), "big.png");
    expect([large.width, large.height]).toEqual([1280, 853]);
    const meta = await sharp((await blobOf(large.storageKey))!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 853]);
    const small = await uploadToAccount(browser, await png(300, 200), "small.png");
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it("turns an EXIF-rotated photo upright (and drops its metadata)", async () => {
    const browser = await Browser.signedIn();
    const row = await uploadToAccount(browser, await rotatedJpeg(), "sideways.jpg");
    expect([row.width, row.height]).toEqual([100, 200]);
    const stored = sharp((await blobOf(row.storageKey))!.data);
    expect((await stored.metadata()).orientation).toBeUndefined();
    const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
    // Rotated 90° clockwise, the stored top-left corner is now the top-right one.
    const pixel = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
    expect(pixel(95, 5)[0]).toBeGreaterThan(200);
    expect(pixel(95, 5)[1]).toBeLessThan(60);
    expect(pixel(5, 5)).toEqual([255, 255, 255].map((v) => expect.closeTo(v, -1.5)));
  });

  it.each([
    [
      "too large",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_UPLOAD_BYTES)]),
      UPLOAD_MESSAGES.tooLarge,
    ],
    ["empty", () => Buffer.alloc(0), UPLOAD_MESSAGES.empty],
    ["junk", () => Buffer.from("this is not an image at all"), UPLOAD_MESSAGES.unsupported],
    ["a GIF", () => Buffer.from("GIF89a\x01\x00\x01\x00"), UPLOAD_MESSAGES.unsupported],
    [
      "a PNG that will not decode",
      () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      UPLOAD_MESSAGES.shrink,
    ],
    [
      "a HEIC that will not decode",
      () => Buffer.concat([heic().subarray(0, 40), Buffer.alloc(100)]),
      UPLOAD_MESSAGES.shrink,
    ],
  ])("refuses a file %s: 400 (413 too large), the message in the page, nothing stored", async (_, make, message) => {
    const browser = await Browser.signedIn();
    const before = await rowCounts();
    const { result } = await browser.send(
      "POST",
      "/upload-rx",
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: make(), name: "rx.png" }),
    );
    // A body over the limit is a 413, as the API answers it (issue 24); the page shows the same message.
    expect(replyError(result)).toEqual({ status: message === UPLOAD_MESSAGES.tooLarge ? 413 : 400, message });
    expect(await rowCounts()).toEqual(before);
    expect(reader.calls).toEqual([]);
  });

  it("refuses a form without a file, and a body that is not a multipart form", async () => {
    const browser = await Browser.signedIn();
    const before = await rowCounts();
    expect(
      replyError((await browser.send("POST", "/upload-rx", uploadRxAction, form({ intent: "upload-rx" }))).result),
    ).toEqual({
      status: 400,
      message: UPLOAD_MESSAGES.noFile,
    });
    const { result } = await browser.send("POST", "/upload-rx", uploadRxAction, { intent: "upload-rx" });
    expect(replyError(result).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("asks a signed-out visitor to sign in first", async () => {
    const { response } = await new Browser().send("GET", "/upload-rx", uploadRxLoader);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/signin=sign-in/);
  });

  it("answers with the quick look's classification and queues the reading; the job saves what it read", async () => {
    const browser = await Browser.signedIn();
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } });
    const uploaded = await uploadToAccount(browser, await jpeg(), "rx.jpg");
    // On the request: the classification only — no full read.
    expect(uploaded).toMatchObject({ classification: "Prescription", analysis: null, readingState: "pending" });
    expect(reader.calls).toHaveLength(0);
    expect(reader.inspected.at(-1)).toMatchObject({ contentType: "image/jpeg" });

    expect(await readQueued(uploaded.id)).toBe("read");
    const read = await imageRow(uploaded.id);
    expect(read).toMatchObject({ readingState: "read", classification: "Prescription", readingAttempts: 1 });
    expect(read.analysis).toMatchObject({ prescription: { OD: { sphere: "-2.50" } } });
    expect(reader.calls.at(-1)).toMatchObject({ contentType: "image/jpeg", timeoutMs: 30_000 });
    expect(reader.calls.at(-1)!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Done once: a second run (a repeated job) finds nothing to claim and reads nothing.
    expect(await readQueued(uploaded.id)).toBe("not-claimed");
    expect(reader.calls).toHaveLength(1);

    // A photo of a person: nothing to read.
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } }, "Human");
    const person = await uploadToAccount(browser, await jpeg(), "me.jpg");
    expect([person.classification, person.readingState]).toEqual(["Human", "skipped"]);
    expect(await readQueued(person.id)).toBe("not-claimed");
    expect((await imageRow(person.id)).analysis).toBeNull();

    // A PDF: no classification, its first page stored beside it, and read like the rest.
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } }, "Box");
    const document = await uploadToAccount(browser, await pdf(), "rx.pdf");
    expect(document).toMatchObject({ classification: null, pageImageWidth: 20, pageImageHeight: 28 });
    expect((await blobOf(document.pageImageKey!))?.contentType).toBe("image/png");
    expect(await readQueued(document.id)).toBe("read");
    expect((await imageRow(document.id)).analysis).toMatchObject({ prescription: { OD: { sphere: "-2.50" } } });
    expect(reader.calls.at(-1)?.contentType).toBe("application/pdf");

    // A reading may reclass: an appointment card the quick look took for a prescription is Other, and unread.
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } });
    const card = await uploadToAccount(browser, await jpeg(), "card.jpg");
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } }, "Other");
    expect(await readQueued(card.id)).toBe("read");
    expect(await imageRow(card.id)).toMatchObject({ classification: "Other", analysis: null, readingState: "read" });

    // A reader that is off or fails: no classification; the reading fails, the upload stays usable.
    reader.next = null;
    const unread = await uploadToAccount(browser, await png(), "rx.png");
    expect([unread.classification, unread.analysis]).toEqual([null, null]);
    expect(await readQueued(unread.id)).toBe("failed");
    expect(await imageRow(unread.id)).toMatchObject({ readingState: "failed", analysis: null });
  });
});

describe("upload-success after an account upload (upload-rx)", () => {
  it("says it is reading, then shows what was read: every field, the unsure ones to check", async () => {
    const browser = await Browser.signedIn();
    reader.next = prescriptionReading(
      confident(
        {
          prescription: { OD: { sphere: "-4.25", baseCurve: "8.6" }, OS: { sphere: "-4.50" } },
          patient: { firstName: "Ann", lastName: "Lee" },
          expirationDate: "2027-03-01",
          prescriber: { name: "Dr. Rita Hale", npi: "1234567893" },
        },
        ["OS.sphere"],
      ),
    );
    const image = await uploadToAccount(browser, await jpeg(), "rx.jpg");
    const path = `/upload-success?image=${image.id}`;
    expect((await browser.send("GET", path, uploadSuccessLoader)).result).toMatchObject({
      kind: "image",
      reading: { phase: "reading", view: null },
    });
    await readQueued(image.id);
    const { result } = await browser.send("GET", path, uploadSuccessLoader);
    expect(result).toMatchObject({
      kind: "image",
      image: { rxImageId: image.id, classification: "Prescription" },
      reading: {
        phase: "read",
        view: {
          eyes: [
            {
              key: "OD",
              fields: [
                { path: "OD.sphere", value: "-4.25", confident: true },
                { path: "OD.baseCurve", value: "8.6", confident: true },
              ],
            },
            { key: "OS", fields: [{ path: "OS.sphere", value: "-4.50", confident: false }] },
          ],
          other: [
            { label: "Patient", value: "Ann Lee", confident: true },
            { label: "Expires", value: "2027-03-01" },
            { label: "Prescriber", value: "Dr. Rita Hale" },
            { label: "NPI", value: "1234567893" },
          ],
        },
      },
    });
    // Another customer reads nothing of it.
    const stranger = await Browser.signedIn();
    expect((await stranger.send("GET", path, uploadSuccessLoader)).response.status).toBe(404);
  });
});

describe("who can see an image (its owner; anyone else gets a 404)", () => {
  it("serves the owner the bytes, privately, never sniffed, inline under the stored name", async () => {
    const owner = await Browser.signedIn();
    const row = await uploadToAccount(owner, await png(), "rx.png");
    const { response } = await owner.send("GET", `/rx-images/${row.id}`, rxImageLoader, undefined, { imageId: row.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${row.fileName}"`);
    expect(Buffer.from(await response.arrayBuffer()).length).toBe(row.contentLength);

    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } });
    const document = await uploadToAccount(owner, await pdf(), "rx.pdf");
    const { response: pdfResponse } = await owner.send("GET", `/rx-images/${document.id}`, rxImageLoader, undefined, {
      imageId: document.id,
    });
    expect(pdfResponse.headers.get("Content-Type")).toBe("application/pdf");

    // The PDF's page drawn at upload: what the shopper sees in place of the PDF, to its owner only, sandboxed.
    const { response: pageResponse } = await owner.send(
      "GET",
      `/rx-images/${document.id}/page`,
      rxPageLoader,
      undefined,
      { imageId: document.id },
    );
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get("Content-Type")).toBe("image/png");
    expect(pageResponse.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pageResponse.headers.get("Content-Security-Policy")).toMatch(/^sandbox/);
    expect((await sharp(Buffer.from(await pageResponse.arrayBuffer())).metadata()).width).toBe(20);
    const { response: notTheirs } = await (
      await Browser.signedIn()
    ).send("GET", `/rx-images/${document.id}/page`, rxPageLoader, undefined, { imageId: document.id });
    expect(notTheirs.status).toBe(404);
    // An image has no drawn page.
    const { response: noPage } = await owner.send("GET", `/rx-images/${row.id}/page`, rxPageLoader, undefined, {
      imageId: row.id,
    });
    expect(noPage.status).toBe(404);
  });

  it("answers another customer, a signed-out visitor and a made-up id with the same 404", async () => {
    const owner = await Browser.signedIn();
    const row = await uploadToAccount(owner, await png(), "rx.png");
    for (const [browser, id] of [
      [await Browser.signedIn(), row.id],
      [new Browser(), row.id],
      [owner, "AAAAAAAAAAAAAAAAAAAAAAAA"],
      [owner, "not-an-id"],
    ] as const) {
      const page = await browser.send("GET", `/rx-images/${id}`, rxImageLoader, undefined, { imageId: id });
      expect(page.response.status).toBe(404);
      const api = await browser.send("GET", `/api/images/${id}`, imageApiLoader, undefined, { id });
      expect(api.response.status).toBe(404);
    }
  });

  it("a guest's image is its browser session's: another session gets a 404; signing in claims it", async () => {
    const guest = new Browser();
    const { response } = await guest.send(
      "POST",
      "/api/images",
      imagesAction,
      form({}, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    expect(response.status).toBe(201);
    const { items } = (await response.json()) as { items: Array<{ rxImageId: string }> };
    const id = items[0]!.rxImageId;
    const row = await imageRow(id);
    expect(row).toMatchObject({ customerId: null, uploaderSessionHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(
      (await guest.send("GET", `/rx-images/${id}`, rxImageLoader, undefined, { imageId: id })).response.status,
    ).toBe(200);
    const other = new Browser();
    await other.send(
      "POST",
      "/api/images",
      imagesAction,
      form({}, { bytes: await png(), name: "mine.png", field: "images" }),
    );
    expect(
      (await other.send("GET", `/rx-images/${id}`, rxImageLoader, undefined, { imageId: id })).response.status,
    ).toBe(404);

    const customer = await Browser.signedIn();
    expect(await claimSessionImages(database.db, row.uploaderSessionHash, customer.customerId!)).toBe(1);
    expect((await imageRow(id)).customerId).toBe(customer.customerId);
    expect(
      (await customer.send("GET", `/rx-images/${id}`, rxImageLoader, undefined, { imageId: id })).response.status,
    ).toBe(200);
    // Once it is a customer's, the browser session alone no longer reads it (a shared computer signed out).
    expect(
      (await guest.send("GET", `/rx-images/${id}`, rxImageLoader, undefined, { imageId: id })).response.status,
    ).toBe(404);
  });
  it("a proven sign-in on the uploading browser claims its images; an unproven one does not", async () => {
    const guest = new Browser();
    const { response } = await guest.send(
      "POST",
      "/api/images",
      imagesAction,
      form({}, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    const id = ((await response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    const customer = await createCustomer(database.db, {
      email: `claim.${++counter}@example.com`,
      password: "correct horse battery",
      firstName: "Ann",
      lastName: "Lee",
    });
    const { session } = await services.sessions.getSession(guest.cookie);

    // A password on an account whose e-mail nobody has proven: the session is unproven, the image stays the guest's.
    await startSignedInSession(services, session, customer, "password", false);
    expect((await imageRow(id)).customerId).toBeNull();
    // The e-mailed code proves the e-mail: the image is the customer's now.
    await startSignedInSession(services, session, customer, "pin", false);
    expect((await imageRow(id)).customerId).toBe(customer.id);
  });
});

describe("the images API", () => {
  it("uploads (201 with the processed image), reads back, and deletes row and bytes", async () => {
    const browser = await Browser.signedIn();
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-1.00" } } });
    const { response } = await browser.send(
      "POST",
      "/api/images",
      imagesAction,
      form({ width: "64", height: "48" }, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as {
      items: Array<{ rxImageId: string; classification: string; processedImage: Record<string, unknown> }>;
    };
    const item = body.items[0]!;
    expect(item).toMatchObject({
      classification: "Prescription",
      processedImage: {
        contentType: "image/jpeg",
        width: 64,
        height: 48,
        fileName: expect.stringMatching(/^rx_image-\d+\.jpg$/),
      },
    });
    const row = await imageRow(item.rxImageId);
    expect(item.processedImage.contentLength).toBe(row.contentLength);

    const read = await browser.send("GET", `/api/images/${row.id}`, imageApiLoader, undefined, { id: row.id });
    expect(read.response.status).toBe(200);
    expect(read.response.headers.get("Content-Type")).toBe("image/jpeg");

    const stranger = await Browser.signedIn();
    expect(
      (await stranger.send("DELETE", `/api/images/${row.id}`, imageAction, undefined, { id: row.id })).response.status,
    ).toBe(404);
    expect(await blobOf(row.storageKey)).toBeDefined();

    const deleted = await browser.send("DELETE", `/api/images/${row.id}`, imageAction, undefined, { id: row.id });
    expect(deleted.response.status).toBe(200);
    expect((await database.db.select().from(rxImages).where(eq(rxImages.id, row.id))).length).toBe(0);
    expect(await blobOf(row.storageKey)).toBeUndefined();
    expect(
      (await browser.send("GET", `/api/images/${row.id}`, imageApiLoader, undefined, { id: row.id })).response.status,
    ).toBe(404);
  });

  it("answers bad input with a 4xx JSON error and stores nothing", async () => {
    const browser = await Browser.signedIn();
    const before = await rowCounts();
    const cases: Array<[Record<string, string> | FormData | { json: unknown }, number, string | RegExp]> = [
      [form({}), 400, UPLOAD_MESSAGES.noFile],
      [form({}, { bytes: Buffer.from("junk"), name: "rx.png", field: "images" }), 400, UPLOAD_MESSAGES.unsupported],
      [form({}, { bytes: Buffer.alloc(0), name: "rx.png", field: "images" }), 400, UPLOAD_MESSAGES.empty],
      [form({ width: "wide" }, { bytes: await png(), name: "rx.png", field: "images" }), 400, /width/],
      [form({}, { bytes: await png(), name: "rx.png", field: "other" }), 400, /form/],
      [{ json: { images: "x" } }, 400, /form/],
      [{ intent: "x" }, 400, /form/],
    ];
    for (const [body, status, message] of cases) {
      const { response } = await browser.send("POST", "/api/images", imagesAction, body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const twoFiles = form({}, { bytes: await png(), name: "a.png", field: "images" });
    twoFiles.append("images", new File([new Uint8Array(await png())], "b.png"));
    expect((await browser.send("POST", "/api/images", imagesAction, twoFiles)).response.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a bad bearer token with a 401", async () => {
    const request = new Request("http://store.test/api/images", {
      method: "POST",
      headers: { Authorization: "Bearer not-a-real-token-0123456789abcdef" },
      body: form({}, { bytes: await png(), name: "rx.png", field: "images" }),
    });
    const response = await runThroughMiddleware(
      services,
      request,
      async (context) => (await imagesAction({ request, context, params: {} } as never)) as Response,
    );
    expect(response.status).toBe(401);
  });

  it("analyzeRxImage: the reader's result or null; bad input is a 400", async () => {
    const browser = new Browser();
    const base64Image = (await png()).toString("base64");
    reader.next = prescriptionReading({ prescription: { OS: { sphere: "-3.00" } }, patient: { firstName: "Jane" } });
    const read = await browser.send("POST", "/api/rxReader/analyzeRxImage", analyzeAction, {
      json: { base64Image, models: ["a", "b"], mime: "image/gif", correlationId: "corr-1", sessionId: "s" },
    });
    expect(read.response.status).toBe(200);
    expect(await read.response.json()).toEqual({
      prescription: { OS: { sphere: "-3.00" } },
      patient: { firstName: "Jane" },
      expirationDate: null,
      issueDate: null,
      prescriber: { name: null, clinicName: null, phone: null, license: null, npi: null },
      spectaclesOnly: false,
      // A field the reader gave no confidence for counts as unsure.
      confidence: { "OS.sphere": 0, "patient.firstName": 0 },
      correlationId: "corr-1",
    });
    expect(reader.calls.at(-1)?.contentType).toBe("image/jpeg");

    reader.next = null;
    const none = await browser.send("POST", "/api/rxReader/analyzeRxImage", analyzeAction, {
      json: { base64Image: `data:image/png;base64,${base64Image}` },
    });
    expect(await none.response.json()).toBeNull();

    for (const json of [
      {},
      { base64Image: "***" },
      { base64Image: Buffer.from("junk").toString("base64") },
      { base64Image: 5 },
    ]) {
      expect(
        (await browser.send("POST", "/api/rxReader/analyzeRxImage", analyzeAction, { json })).response.status,
      ).toBe(400);
    }
    const tooLarge = Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(MAX_UPLOAD_BYTES)]).toString("base64");
    expect(
      (await browser.send("POST", "/api/rxReader/analyzeRxImage", analyzeAction, { json: { base64Image: tooLarge } }))
        .response.status,
    ).toBe(413);
  });
});

describe("RxDetails: upload a prescription for the cart group", () => {
  it("stores the image, marks the group submit-and-skip with its classification, and shows it on /upload-success", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    const [right, left] = await stockedToricSkus();
    reader.next = prescriptionReading(
      confident({
        prescription: { OD: eyeReading(right.parameters), OS: eyeReading(left.parameters) },
        patient: { firstName: "JANE", lastName: "DOE" },
      }),
    );
    const { response } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: await jpeg(), name: "rx.jpg" }),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/upload-success\?image=[A-Za-z0-9_-]{24}$/);
    const imageId = imageIdOf(location);
    expect(reader.calls).toHaveLength(0);
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group).toMatchObject({
      submitAndSkipImageId: imageId,
      submitAndSkipImageClassification: "Prescription",
      rxEntryType: "SubmitAndSkip",
      patient: null,
    });
    const lines = await database.db.select().from(lineItems).where(eq(lineItems.groupId, groupId));
    expect(lines.map((line) => line.upc)).toEqual([SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC]);
    expect((await imageRow(imageId)).customerId).toBeNull();

    // While the reading is queued the page says so, and offers no form yet.
    const waiting = await browser.send("GET", location, uploadSuccessLoader);
    expect(waiting.result).toMatchObject({ kind: "group", reading: { phase: "reading" }, prefilled: false });

    // The job reads it: the page shows what was read, and the form pre-filled — nothing ordered until confirmed.
    expect(await readQueued(imageId)).toBe("read");
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    expect(result).toMatchObject({
      kind: "group",
      groupId,
      prefilled: true,
      patient: "Jane Doe",
      image: { rxImageId: imageId, classification: "Prescription" },
      reading: { phase: "read", view: { eyes: [{ key: "OD" }, { key: "OS" }], spectaclesOnly: false } },
      eyes: [
        { eye: "right", selected: right.parameters },
        { eye: "left", selected: left.parameters },
      ],
      toCheck: {},
    });
    const fields = Object.fromEntries([
      ...Object.entries(right.parameters).map(([name, value]) => [`right-${name}`, value]),
      ...Object.entries(left.parameters).map(([name, value]) => [`left-${name}`, value]),
    ]);
    const confirmed = await browser.send("POST", location, uploadSuccessAction, {
      intent: "save-prescription",
      groupId,
      expirationDate: "2030-12-31",
      ...fields,
    });
    expect(confirmed.response.status).toBe(303);
    // UploadSuccess goes to Patient, skipped: the read name is complete.
    expect(confirmed.response.headers.get("Location")).toBe("/cart");
    const saved = await database.db
      .select()
      .from(lineItems)
      .where(eq(lineItems.groupId, groupId))
      .orderBy(asc(lineItems.whichEye));
    expect(saved.map((line) => line.upc)).toEqual([left.upc, right.upc]);
    const [after] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(after).toMatchObject({ rxEntryType: "SubmitAndSkip", submitAndSkipImageId: imageId });
  });

  it("pre-fills neither eye unless both resolve; 'Continue' moves on to Patient without values", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    const [right] = await stockedToricSkus();
    reader.next = prescriptionReading(
      confident({
        prescription: { OD: eyeReading(right.parameters), OS: { sphere: "-30.00", cylinder: "-0.75", axis: "90" } },
      }),
    );
    const { response } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    expect(await readQueued(imageIdOf(location))).toBe("read");
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    expect(result).toMatchObject({
      kind: "group",
      prefilled: false,
      patient: null,
      eyes: [{ selected: {} }, { selected: {} }],
    });
    const moved = await browser.send("POST", location, uploadSuccessAction, { intent: "continue", groupId });
    expect(moved.response.headers.get("Location")).toBe("/patient");
    const lines = await database.db.select().from(lineItems).where(eq(lineItems.groupId, groupId));
    expect(lines.every((line) => line.upc === SUBMIT_AND_SKIP_UPC)).toBe(true);
  });

  it("pre-fills only what the reader is sure of; the rest is left to check, with the read value shown", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    const [right, left] = await stockedToricSkus();
    reader.next = prescriptionReading(
      confident({ prescription: { OD: eyeReading(right.parameters), OS: eyeReading(left.parameters) } }, [
        "OD.cylinder",
      ]),
    );
    const { response } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    await readQueued(imageIdOf(location));
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    const { cylinder: _unsure, ...sureRight } = right.parameters;
    expect(result).toMatchObject({
      prefilled: true,
      eyes: [
        { eye: "right", selected: sureRight },
        { eye: "left", selected: left.parameters },
      ],
      toCheck: { right: ["cylinder"] },
    });
    const eyes = (result as { eyes: Array<{ selected: Record<string, string> }> }).eyes;
    expect(eyes[0]!.selected.cylinder).toBeUndefined();
    const fields = (
      result as { reading: { view: { eyes: Array<{ fields: Array<{ path: string; confident: boolean }> }> } } }
    ).reading.view.eyes[0]!.fields;
    expect(fields.find((field) => field.path === "OD.cylinder")).toMatchObject({ confident: false });
    expect(fields.find((field) => field.path === "OD.sphere")).toMatchObject({ confident: true });
  });

  it("a reading that never answers times out: the upload stays usable, without values", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    reader.next = prescriptionReading({ prescription: { OD: { sphere: "-2.50" } } });
    reader.hang = true;
    const { response } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    const imageId = imageIdOf(location);
    expect(await readQueued(imageId, { timeoutMs: 100 })).toBe("timed-out");
    expect(await imageRow(imageId)).toMatchObject({ readingState: "timed-out", analysis: null });
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    expect(result).toMatchObject({
      kind: "group",
      reading: { phase: "unread", view: null },
      prefilled: false,
      eyes: [{ selected: {} }, { selected: {} }],
    });
    const moved = await browser.send("POST", location, uploadSuccessAction, { intent: "continue", groupId });
    expect(moved.response.headers.get("Location")).toBe("/patient");
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group).toMatchObject({ submitAndSkipImageId: imageId, rxEntryType: "SubmitAndSkip" });
  });

  it("a glasses-only reading says so in place of values", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    reader.next = prescriptionReading({ prescription: {}, spectaclesOnly: true });
    const { response } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    expect(await readQueued(imageIdOf(location))).toBe("read");
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    expect(result).toMatchObject({
      reading: { phase: "read", view: { spectaclesOnly: true, eyes: [] } },
      prefilled: false,
    });
  });

  it("refuses a bad file with the message in the page, and leaves the group and the tables as they were", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    const before = await rowCounts();
    const { result } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId }, { bytes: Buffer.from("junk"), name: "rx.jpg" }),
    );
    expect(replyError(result)).toEqual({ status: 400, message: UPLOAD_MESSAGES.unsupported });
    expect(await rowCounts()).toEqual(before);
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group).toMatchObject({ submitAndSkipImageId: null, rxEntryType: null });
  });

  it("refuses a group that is not this cart's: nothing stored", async () => {
    const browser = new Browser();
    await browser.addToricLater();
    const other = new Browser();
    const othersGroup = await other.addToricLater();
    const before = await rowCounts();
    const { result } = await browser.send(
      "POST",
      "/rx-details",
      rxDetailsAction,
      form({ intent: "upload-rx", groupId: othersGroup }, { bytes: await png(), name: "rx.png" }),
    );
    expect(replyError(result).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("with JavaScript: the file goes to api/images, then intent=attach-upload names it (only this session's image)", async () => {
    const browser = new Browser();
    const groupId = await browser.addToricLater();
    reader.next = prescriptionReading(
      confident({ prescription: { OD: { sphere: "-2.50" } }, patient: { firstName: "JANE", lastName: "DOE" } }),
    );
    const uploaded = await browser.send(
      "POST",
      "/api/images",
      imagesAction,
      form({}, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    const id = ((await uploaded.response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    // Read before it is attached: attaching takes the reading's classification and name with it.
    reader.next = { ...reader.next, classification: "Box" };
    expect(await readQueued(id)).toBe("read");

    const stranger = new Browser();
    const strangersGroup = await stranger.addToricLater();
    const stolen = await stranger.send("POST", "/rx-details", rxDetailsAction, {
      intent: "attach-upload",
      groupId: strangersGroup,
      rxImageId: id,
    });
    expect(replyError(stolen.result).status).toBe(400);

    const { response } = await browser.send("POST", "/rx-details", rxDetailsAction, {
      intent: "attach-upload",
      groupId,
      rxImageId: id,
    });
    expect(response.headers.get("Location")).toBe(`/upload-success?image=${id}`);
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group).toMatchObject({
      submitAndSkipImageId: id,
      rxEntryType: "SubmitAndSkip",
      submitAndSkipImageClassification: "Box",
      patient: { firstName: "Jane", lastName: "Doe" },
    });
  });
});

describe("upload-rx?oid=: the prescription for an order waiting for it", () => {
  let n = 0;
  /** A placed order of the customer's with a lens group in PendingSubmission and its recorded prescription. */
  async function waitingOrder(customerId: number) {
    const orderNumber = `LL7${String(++n).padStart(7, "0")}`;
    const [order] = await database.db.insert(orders).values(orderRow(customerId, orderNumber)).returning();
    const [prescription] = await database.db
      .insert(prescriptions)
      .values({
        customerId,
        patientFirstName: "Ann",
        patientLastName: "Lee",
        source: "typed",
        status: "PendingSubmission",
        orderId: order!.id,
      })
      .returning();
    await database.db.insert(orderGroups).values([
      {
        orderId: order!.id,
        position: 0,
        type: "Lens",
        rxEntryType: "SubmitAndSkip",
        prescriptionStatus: "PendingSubmission",
        prescriptionId: prescription!.id,
      },
      { orderId: order!.id, position: 1, type: "Solution", prescriptionStatus: null },
    ]);
    return { orderNumber, orderId: order!.id, prescriptionId: prescription!.id };
  }

  it("flips PendingSubmission to PendingVerification, the prescription to 'uploaded', and keeps the image with both", async () => {
    const browser = await Browser.signedIn();
    const order = await waitingOrder(browser.customerId!);
    const path = `/upload-rx?oid=${order.orderNumber}`;
    expect((await browser.send("GET", path, uploadRxLoader)).result).toMatchObject({
      orderNumber: order.orderNumber,
      waiting: true,
    });

    reader.next = prescriptionReading(
      confident({ prescription: { OD: { sphere: "-2.50" }, OS: { sphere: "-2.75" } } }),
    );
    const { response } = await browser.send(
      "POST",
      path,
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/upload-success\\?oid=${order.orderNumber}&image=[A-Za-z0-9_-]{24}$`));
    const groups = await database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.orderId, order.orderId))
      .orderBy(asc(orderGroups.position));
    expect(groups.map((group) => group.prescriptionStatus)).toEqual(["PendingVerification", null]);
    const [prescription] = await database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, order.prescriptionId));
    expect(prescription).toMatchObject({ status: "PendingVerification", source: "uploaded" });
    const [image] = await database.db.select().from(rxImages).where(eq(rxImages.orderId, order.orderId));
    expect(image).toMatchObject({ customerId: browser.customerId, prescriptionId: order.prescriptionId });

    const page = await browser.send("GET", location, uploadSuccessLoader);
    expect(page.result).toMatchObject({
      kind: "order",
      orderNumber: order.orderNumber,
      orderLink: `/account/order-history/${order.orderNumber}`,
      reading: { phase: "reading" },
    });
    // What was read shows on the order's page too, once the job has read it.
    expect(await readQueued(imageIdOf(location))).toBe("read");
    expect((await browser.send("GET", location, uploadSuccessLoader)).result).toMatchObject({
      kind: "order",
      reading: {
        phase: "read",
        view: {
          eyes: [
            { key: "OD", fields: [{ path: "OD.sphere", value: "-2.50", confident: true }] },
            { key: "OS", fields: [{ path: "OS.sphere", value: "-2.75", confident: true }] },
          ],
        },
      },
    });
    const listed = await browser.send("GET", `/api/images/order/${order.orderNumber}`, orderImagesLoader, undefined, {
      orderNumber: order.orderNumber,
    });
    expect(await listed.response.json()).toMatchObject({
      orderNumber: order.orderNumber,
      items: [{ rxImageId: image!.id, contentType: "image/jpeg" }],
    });
    // Sent with the order, the image stays with it.
    expect(
      (await browser.send("DELETE", `/api/images/${image!.id}`, imageAction, undefined, { id: image!.id })).response
        .status,
    ).toBe(422);

    // Nothing waits any more: the page says so, and another upload is refused.
    expect((await browser.send("GET", path, uploadRxLoader)).result).toMatchObject({ waiting: false });
    const again = await browser.send(
      "POST",
      path,
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: await png(), name: "rx.png" }),
    );
    expect(replyError(again.result).status).toBe(400);
  });

  it("is the order's customer's or the browser session's that placed it; anyone else: sign in, or a 404", async () => {
    const owner = await Browser.signedIn();
    const order = await waitingOrder(owner.customerId!);
    const path = `/upload-rx?oid=${order.orderNumber}`;
    const stranger = await Browser.signedIn();
    expect((await stranger.send("GET", path, uploadRxLoader)).response.status).toBe(404);
    const before = await rowCounts();
    const posted = await stranger.send(
      "POST",
      path,
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: await png(), name: "rx.png" }),
    );
    expect(posted.response.status).toBe(404);
    expect(
      (await stranger.send("GET", `/upload-success?oid=${order.orderNumber}`, uploadSuccessLoader)).response.status,
    ).toBe(404);
    expect(
      (
        await stranger.send("GET", `/api/images/order/${order.orderNumber}`, orderImagesLoader, undefined, {
          orderNumber: order.orderNumber,
        })
      ).response.status,
    ).toBe(404);
    const signedOut = await new Browser().send("GET", path, uploadRxLoader);
    expect(signedOut.response.headers.get("Location")).toMatch(/signin=sign-in/);
    expect(await rowCounts()).toEqual(before);

    // The guest's browser that placed it (thank-you?oid= trusts it the same way).
    const placer = new Browser();
    const { session } = await services.sessions.getSession(null);
    updateJourney(session, { placedOrderNumbers: [order.orderNumber] });
    placer.cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const { response } = await placer.send(
      "POST",
      path,
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: await pdf(), name: "rx.pdf" }),
    );
    expect(response.headers.get("Location")).toMatch(new RegExp(`^/upload-success\\?oid=${order.orderNumber}&image=`));
    const [image] = await database.db.select().from(rxImages).where(eq(rxImages.orderId, order.orderId));
    expect(image).toMatchObject({ customerId: owner.customerId, contentType: "application/pdf" });
  });

  it("a guest uploads by oid from the e-mailed link: its signed code proves the order on any browser", async () => {
    const owner = await Browser.signedIn();
    const order = await waitingOrder(owner.customerId!);
    const path = `/upload-rx?oid=${order.orderNumber}`;
    const secrets = services.sessions.secrets;

    // A made-up, tampered or other order's code proves nothing: signed out, the page asks to sign in.
    const other = await waitingOrder(owner.customerId!);
    const otherCode = uploadLinkToken(secrets, other.orderNumber);
    const expired = uploadLinkToken(secrets, order.orderNumber, new Date(Date.now() - 31 * 86_400_000));
    for (const code of ["made-up.code", `${otherCode}x`, otherCode, expired]) {
      const guest = new Browser();
      const opened = await guest.send("GET", `${path}&code=${encodeURIComponent(code)}`, uploadRxLoader);
      expect(opened.response.headers.get("Location")).toBe(path);
      const page = await guest.send("GET", path, uploadRxLoader);
      expect(page.response.headers.get("Location")).toMatch(/signin=sign-in/);
    }

    // The e-mail's link, opened on a browser that never saw the order.
    const link = uploadLinkUrl("http://store.test", secrets, order.orderNumber);
    expect(link).toMatch(new RegExp(`^http://store\\.test/upload-rx\\?oid=${order.orderNumber}&code=`));
    const guest = new Browser();
    const opened = await guest.send("GET", link.replace("http://store.test", ""), uploadRxLoader);
    // The code leaves the address at once.
    expect(opened.response.headers.get("Location")).toBe(path);
    expect((await guest.send("GET", path, uploadRxLoader)).result).toMatchObject({
      orderNumber: order.orderNumber,
      waiting: true,
      // This browser may send the prescription, not read the order: no link to it.
      orderLink: null,
    });
    reader.next = prescriptionReading(confident({ prescription: { OD: { sphere: "-1.25" } } }));
    const { response } = await guest.send(
      "POST",
      path,
      uploadRxAction,
      form({ intent: "upload-rx" }, { bytes: await png(), name: "rx.png" }),
    );
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/upload-success\\?oid=${order.orderNumber}&image=`));
    const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order.orderId));
    expect(group!.prescriptionStatus).toBe("PendingVerification");
    await readQueued(imageIdOf(location));
    expect((await guest.send("GET", location, uploadSuccessLoader)).result).toMatchObject({
      kind: "order",
      orderLink: null,
      reading: { phase: "read", view: { eyes: [{ key: "OD", fields: [{ value: "-1.25" }] }] } },
    });
    // The code proves this order only: the other one still asks to sign in.
    expect(
      (await guest.send("GET", `/upload-rx?oid=${other.orderNumber}`, uploadRxLoader)).response.headers.get("Location"),
    ).toMatch(/signin=sign-in/);
  });

  it("with JavaScript: POST api/images with the orderNumber does the same", async () => {
    const browser = await Browser.signedIn();
    const order = await waitingOrder(browser.customerId!);
    const { response } = await browser.send(
      "POST",
      "/api/images",
      imagesAction,
      form({ orderNumber: order.orderNumber }, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    expect(response.status).toBe(201);
    const [group] = await database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.orderId, order.orderId))
      .orderBy(asc(orderGroups.position));
    expect(group!.prescriptionStatus).toBe("PendingVerification");
    const unknown = await browser.send(
      "POST",
      "/api/images",
      imagesAction,
      form({ orderNumber: "LL00000000" }, { bytes: await png(), name: "rx.png", field: "images" }),
    );
    expect(unknown.response.status).toBe(404);
  });
});
