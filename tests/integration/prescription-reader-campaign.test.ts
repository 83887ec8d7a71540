import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import type { RxReading } from "~/models/rx-analysis";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { action as imagesAction } from "~/routes/api.images";
import { action as productAction } from "~/routes/product";
import { action as rxDetailsAction, loader as rxDetailsLoader } from "~/routes/rx-details";
import { action as uploadSuccessAction, loader as uploadSuccessLoader } from "~/routes/upload-success";
import type { PrescriptionReader } from "~/services/adapters/ocr/prescription-reader";
import type { DatabaseHandle } from "~/services/db/client.server";
import { lineItemGroups, lineItems, rxImages } from "~/services/db/schema";
import { journeyOf } from "~/services/funnel/funnel.server";
import type { AppServices } from "~/services/platform/context.server";
import { registerReadingSender } from "~/services/prescriptions/rx-reading-queue.server";
import { sweepRxReadings } from "~/services/prescriptions/rx-reading.server";
import { isDataWithInit, TORIC } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware, settle, TEST_CLIENT_IP_HEADER } from "../setup/test-context";
import { withRunningExperiments } from "../setup/test-content";
import { createTestDatabase } from "../setup/test-database";

// The AI prescription reader test (spec 3 §9; decision 67) on the request path the server takes: a funnel upload on
// the control path is plain submit-and-skip — stored and classified, no reading queued — and on path A it is read.
// The test content pauses every campaign: a request asks for its path with ?experiment= (outside production), or runs
// against a content copy where the campaign runs as shipped (A for everyone).

let database: DatabaseHandle;
let paused: AppServices;
let running: AppServices;
let unregister: () => void;
/** The image ids whose reading was queued (the queue's sender, as the composition root registers it). */
const queued: string[] = [];
const reader = { inspected: 0, read: 0 };

const fakeReader: PrescriptionReader = {
  async inspect() {
    reader.inspected++;
    return { classification: "Prescription", pageImage: null };
  },
  async read() {
    reader.read++;
    return { classification: "Prescription", analysis: null, text: "" } satisfies RxReading;
  },
  async close() {},
};

beforeAll(async () => {
  database = await createTestDatabase();
  paused = { ...createTestServices(database), rxReader: fakeReader };
  running = {
    ...createTestServices(database, { CONTENT_DIR: withRunningExperiments(["ai-prescription-reader"]) }),
    rxReader: fakeReader,
  };
  paused.logger.level = "silent";
  running.logger.level = "silent";
  unregister = registerReadingSender(async (imageId) => {
    queued.push(imageId);
  });
});
afterAll(async () => {
  unregister();
  await database.close();
});
beforeEach(() => {
  queued.length = 0;
  reader.inspected = 0;
  reader.read = 0;
});

const CONTROL = "experiment=ai-prescription-reader:default";
const PATH_A = "experiment=ai-prescription-reader:A";

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toBuffer();

let counter = 0;

type Handler = (args: never) => unknown;

/** One browser: its cookie jar, its own client address (the upload limits count per address). */
class Browser {
  cookie = "";
  readonly clientIp = `203.0.113.${(++counter % 250) + 1}`;
  constructor(readonly services: AppServices) {}

  async send(method: "GET" | "POST", path: string, route: Handler, body?: Record<string, string> | FormData) {
    const headers: Record<string, string> = {
      [TEST_CLIENT_IP_HEADER]: this.clientIp,
      ...(this.cookie ? { Cookie: this.cookie } : {}),
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      payload = new URLSearchParams(body).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    const request = new Request(`http://store.test${path}`, { method, body: payload, headers });
    let result: unknown;
    const response = await runThroughMiddleware(this.services, request, async (context) => {
      result = await settle(() => route({ request, params: { name: TORIC.vanityUrl }, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${this.services.sessions.cookieName}=`)) this.cookie = pair;
    }
    return { response, result };
  }

  /** Lenses for both eyes through 'Enter prescription later': the group RxDetails asks about. */
  async addToricLater(): Promise<string> {
    const { response } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      intent: "add-to-cart",
      prescription: "later",
      eyes: "both",
      "right-quantity": "1",
      "left-quantity": "1",
    });
    expect(response.headers.get("Location")).toBe("/rx-details");
    const { session } = await this.services.sessions.getSession(this.cookie);
    return journeyOf(session).currentGroupId!;
  }

  /** The upload without JavaScript: RxDetails' multipart form, posted to the page's own address. */
  async uploadOnRxDetails(groupId: string, query = "") {
    const form = new FormData();
    form.append("intent", "upload-rx");
    form.append("groupId", groupId);
    form.append("image", new File([new Uint8Array(await png())], "rx.png"));
    const { response } = await this.send("POST", `/rx-details${query ? `?${query}` : ""}`, rxDetailsAction, form);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    return { location, imageId: new URL(location, "http://store.test").searchParams.get("image")! };
  }

  /** The upload with JavaScript: the file to api/images, naming the group. */
  async uploadToApi(fields: Record<string, string>, query = "") {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("images", new File([new Uint8Array(await png())], "rx.png"));
    return this.send("POST", `/api/images${query ? `?${query}` : ""}`, imagesAction, form);
  }
}

const imageRow = async (id: string) => (await database.db.select().from(rxImages).where(eq(rxImages.id, id)))[0]!;
const groupRow = async (id: string) =>
  (await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, id)))[0]!;
const imageCount = async () => (await database.db.select({ n: count() }).from(rxImages))[0]!.n;

/** The sweep, run as if minutes had passed: what a lost wake-up would still have read. */
const sweepLater = () => sweepRxReadings(paused, { now: new Date(Date.now() + 10 * 60_000) });

describe("RxDetails on the control path: plain submit-and-skip", () => {
  it("stores and classifies the upload, queues no reading, and the shopper goes on without values", async () => {
    const browser = new Browser(paused);
    const groupId = await browser.addToricLater();
    const page = await browser.send("GET", `/rx-details?${CONTROL}`, rxDetailsLoader);
    expect(page.result).toMatchObject({ groupId, uploadPath: "submit-and-skip" });

    const { location, imageId } = await browser.uploadOnRxDetails(groupId, CONTROL);
    expect(location).toBe(`/upload-success?image=${imageId}`);
    // Stored and classified by the reader's quick look; nothing asked of the full reader, nothing queued.
    expect(reader.inspected).toBe(1);
    expect(await imageRow(imageId)).toMatchObject({
      classification: "Prescription",
      readingState: "not-requested",
      analysis: null,
    });
    expect(queued).toEqual([]);
    // Nor does the sweep, which reads what a lost wake-up left pending, ever take it.
    await sweepLater();
    expect(reader.read).toBe(0);
    expect((await imageRow(imageId)).readingState).toBe("not-requested");

    // Spec 2 §4: the group is submit-and-skip with the image and its classification; every line the placeholder UPC.
    expect(await groupRow(groupId)).toMatchObject({
      rxEntryType: "SubmitAndSkip",
      submitAndSkipImageId: imageId,
      submitAndSkipImageClassification: "Prescription",
      patient: null,
    });
    const lines = await database.db.select().from(lineItems).where(eq(lineItems.groupId, groupId));
    expect(lines.map((line) => line.upc)).toEqual([SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC]);

    // The page waits for nothing and pre-fills nothing: the image goes to the store's team as it is.
    const { result } = await browser.send("GET", location, uploadSuccessLoader);
    expect(result).toMatchObject({
      kind: "group",
      groupId,
      reading: { phase: "not-requested", analysis: null, view: null },
      prefilled: false,
      eyes: [{ selected: {} }, { selected: {} }],
    });
    // UploadSuccess goes to Patient (spec 2 §4), whose name the shopper gives.
    const moved = await browser.send("POST", location, uploadSuccessAction, { intent: "continue", groupId });
    expect(moved.response.headers.get("Location")).toBe("/patient");
  });

  it("with JavaScript: api/images with the group's id attaches it the same way, and queues nothing", async () => {
    const browser = new Browser(paused);
    const groupId = await browser.addToricLater();
    const { response } = await browser.uploadToApi({ groupId }, CONTROL);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { items: Array<{ rxImageId: string; classification: string }> };
    const imageId = body.items[0]!.rxImageId;
    expect(body.items[0]!.classification).toBe("Prescription");
    expect(await imageRow(imageId)).toMatchObject({ readingState: "not-requested" });
    expect(queued).toEqual([]);
    expect(await groupRow(groupId)).toMatchObject({ rxEntryType: "SubmitAndSkip", submitAndSkipImageId: imageId });

    // The page then names the image (intent=attach-upload), as before the test.
    const attached = await browser.send("POST", `/rx-details?${CONTROL}`, rxDetailsAction, {
      intent: "attach-upload",
      groupId,
      rxImageId: imageId,
    });
    expect(attached.response.headers.get("Location")).toBe(`/upload-success?image=${imageId}`);
    const { result } = await browser.send("GET", `/upload-success?image=${imageId}`, uploadSuccessLoader);
    expect(result).toMatchObject({ kind: "group", reading: { phase: "not-requested" } });
    expect(queued).toEqual([]);
  });
});

describe("RxDetails on path A: the AI reader reads the upload", () => {
  it("queues the reading of an upload without JavaScript and with it", async () => {
    const browser = new Browser(paused);
    const groupId = await browser.addToricLater();
    const page = await browser.send("GET", `/rx-details?${PATH_A}`, rxDetailsLoader);
    expect(page.result).toMatchObject({ uploadPath: "ai-reader" });
    const plain = await browser.uploadOnRxDetails(groupId, PATH_A);
    expect(await imageRow(plain.imageId)).toMatchObject({ readingState: "pending" });
    expect(queued).toEqual([plain.imageId]);

    const { response } = await browser.uploadToApi({ groupId }, PATH_A);
    const imageId = ((await response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    expect(await imageRow(imageId)).toMatchObject({ readingState: "pending" });
    expect(queued).toEqual([plain.imageId, imageId]);
    expect(await groupRow(groupId)).toMatchObject({ submitAndSkipImageId: imageId });
    const { result } = await browser.send("GET", `/upload-success?image=${imageId}`, uploadSuccessLoader);
    expect(result).toMatchObject({ reading: { phase: "reading" } });
  });

  it("is everyone's path as the content ships the campaign (control 0, A 1)", async () => {
    const browser = new Browser(running);
    const groupId = await browser.addToricLater();
    const { imageId } = await browser.uploadOnRxDetails(groupId);
    expect(await imageRow(imageId)).toMatchObject({ readingState: "pending" });
    expect(queued).toEqual([imageId]);
  });

  it("is the path of a visitor without a variation (the campaign paused) or excluded", async () => {
    const browser = new Browser(paused);
    const groupId = await browser.addToricLater();
    const none = await browser.uploadOnRxDetails(groupId);
    const excluded = await browser.uploadOnRxDetails(groupId, "experiment=ai-prescription-reader:excluded");
    expect(queued).toEqual([none.imageId, excluded.imageId]);
  });
});

describe("api/images with a groupId", () => {
  it("answers a group that is not the visitor's cart's with a 404, and both ids at once with a 400: nothing stored", async () => {
    const browser = new Browser(paused);
    await browser.addToricLater();
    const other = new Browser(paused);
    const othersGroup = await other.addToricLater();
    const before = await imageCount();

    const stranger = await browser.uploadToApi({ groupId: othersGroup }, CONTROL);
    expect(stranger.response.status).toBe(404);
    expect(await stranger.response.json()).toEqual({ error: STEP_MESSAGES.groupGone });
    const noCart = await new Browser(paused).uploadToApi({ groupId: othersGroup });
    expect(noCart.response.status).toBe(404);
    const both = await browser.uploadToApi({ groupId: othersGroup, orderNumber: "1234567" });
    expect(both.response.status).toBe(400);
    const malformed = await browser.uploadToApi({ groupId: "not a group id!" });
    expect(malformed.response.status).toBe(400);

    expect(await imageCount()).toBe(before);
    expect(queued).toEqual([]);
  });

  it("without a groupId stays a plain upload, read whatever the path (the campaign is the funnel's)", async () => {
    const browser = new Browser(paused);
    await browser.addToricLater();
    const { response } = await browser.uploadToApi({}, CONTROL);
    const imageId = ((await response.json()) as { items: Array<{ rxImageId: string }> }).items[0]!.rxImageId;
    expect(await imageRow(imageId)).toMatchObject({ readingState: "pending" });
    expect(queued).toEqual([imageId]);
  });
});
