import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATIENT_MESSAGES } from "~/models/patient";
import { ORDER_MESSAGES } from "~/models/product-order";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import { EXPIRATION_MESSAGES } from "~/models/prescriptions";
import { addDays, businessToday } from "~/models/subscription";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { action as cartAction } from "~/routes/cart";
import { action as parametersAction, loader as parametersLoader } from "~/routes/parameters";
import { action as patientAction, loader as patientLoader } from "~/routes/patient";
import { action as productAction } from "~/routes/product";
import { action as rxDetailsAction, loader as rxDetailsLoader } from "~/routes/rx-details";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { matchSku } from "~/services/catalog/catalog.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { lineItemGroups, lineItems, patients } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { journeyOf } from "~/services/funnel/funnel.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The funnel's first steps through the request path the server takes (the root middleware around each loader and
// action, a cookie jar kept across requests): the product page into the funnel, RxDetails, Parameters, Patient and
// the cart's "Continue to checkout".

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;
const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

/** Per eye, the toric's parameters: the first option of each, the power differing by eye (each eye its own SKU). */
function toricParameters(eye: "right" | "left"): Record<string, string> {
  return Object.fromEntries(
    TORIC.parameters.map((parameter) => [
      parameter.name,
      (parameter.name === "power" ? parameter.options[eye === "right" ? 0 : 1]! : parameter.options[0]!).value,
    ]),
  );
}
/** A prescription's expiration date a year from now (RxDetails requires one with a typed prescription). */
const NEXT_YEAR = addDays(businessToday(), 365);

const eyeFields = (eye: "right" | "left", parameters = toricParameters(eye)) =>
  Object.fromEntries(Object.entries(parameters).map(([name, value]) => [`${eye}-${name}`, value]));

type Handler = (args: never) => unknown;
type Reply = { status: number | undefined; errors: Record<string, string[]> };

let emailCounter = 0;

/** One shopper: a cookie jar kept across requests, as a browser keeps it. */
class Shopper {
  cookie = "";

  static async signedIn() {
    const customer = await createCustomer(database.db, {
      email: `patient.${++emailCounter}@example.com`,
      password: "correct horse battery",
      firstName: "Ann",
      lastName: "Lee",
    });
    const shopper = new Shopper();
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", await createAuthSession(database.db, customer.id, "password", false));
    shopper.cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    return { shopper, customer };
  }

  async send(method: "GET" | "POST", path: string, route: Handler, body?: Record<string, string>) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: body ? new URLSearchParams(body).toString() : undefined,
      headers: {
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    const name = path.split("/")[2] ?? "";
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: { name }, context } as never) as never);
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

  async addToric() {
    const { response } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      intent: "add-to-cart",
      eyes: "both",
      ...eyeFields("right"),
      ...eyeFields("left"),
      "right-quantity": "1",
      "left-quantity": "1",
    });
    expect(response.status).toBe(303);
    return { location: response.headers.get("Location"), groupId: (await this.journey()).currentGroupId! };
  }

  async journey() {
    const { session } = await services.sessions.getSession(this.cookie || null);
    return journeyOf(session);
  }

  /** A GET answered with a redirect: where it goes. */
  async redirectOf(path: string, loader: Handler) {
    const { response } = await this.send("GET", path, loader);
    expect(response.status).toBe(303);
    return response.headers.get("Location");
  }
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

/** A refused form's Conform reply: its status and errors by field ("" holds the form's own). */
function replyOf(result: unknown): Reply {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as { data: { error?: Record<string, string[]> }; init: ResponseInit };
  return { status: init.status, errors: data.error ?? {} };
}

const linesOf = (groupId: string) =>
  database.db
    .select({ whichEye: lineItems.whichEye, upc: lineItems.upc, parameters: lineItems.selectedParameters })
    .from(lineItems)
    .where(eq(lineItems.groupId, groupId))
    .orderBy(lineItems.whichEye);
const groupRow = async (groupId: string) =>
  (await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId)))[0]!;

/** A group whose prescription is still to come (as a later issue's "add without a prescription" will leave it). */
async function withoutUpcs(groupId: string, eyes: Array<"right" | "left"> = ["right", "left"]) {
  for (const eye of eyes) {
    await database.db
      .update(lineItems)
      .set({ upc: null, selectedParameters: {} })
      .where(and(eq(lineItems.groupId, groupId), eq(lineItems.whichEye, eye)));
  }
  await database.db.update(lineItemGroups).set({ rxEntryType: null }).where(eq(lineItemGroups.id, groupId));
}

describe("the product page sends the shopper into the funnel", () => {
  it("a lens (its UPCs known, so RxDetails and Parameters are skipped) goes to /patient, as the current group", async () => {
    const shopper = new Shopper();
    const { location, groupId } = await shopper.addToric();
    expect(location).toBe("/patient");
    expect(await shopper.journey()).toMatchObject({ currentGroupId: groupId, proceededPastCart: false });
    expect((await groupRow(groupId)).rxEntryType).toBe("Manual");
  });

  it("a solution goes to the cart", async () => {
    const shopper = new Shopper();
    const { response } = await shopper.send("POST", `/contact-lens-solution/${SOLUTION.vanityUrl}`, productAction, {
      intent: "add-to-cart",
      quantity: "1",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect((await shopper.journey()).currentGroupId).toEqual(expect.any(String));
  });
});

describe("/patient", () => {
  it("refuses missing names, digits and symbols, and names too long, with the messages next to the fields", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    const post = async (fields: Record<string, string>) =>
      replyOf((await shopper.send("POST", "/patient", patientAction, { groupId, ...fields })).result);

    expect(await post({ firstName: "", lastName: " " })).toEqual({
      status: 400,
      errors: { firstName: [PATIENT_MESSAGES.required], lastName: [PATIENT_MESSAGES.required] },
    });
    expect(await post({ firstName: "Ann2", lastName: "L!ee" })).toEqual({
      status: 400,
      errors: { firstName: [PATIENT_MESSAGES.lettersOnly], lastName: [PATIENT_MESSAGES.lettersOnly] },
    });
    expect(await post({ firstName: "A".repeat(16), lastName: "B".repeat(20) })).toEqual({
      status: 400,
      errors: { firstName: [PATIENT_MESSAGES.firstNameTooLong], lastName: [PATIENT_MESSAGES.lastNameTooLong] },
    });
    expect((await groupRow(groupId)).patient).toBeNull();
  });

  it("saves the name and goes on to the cart; the step is then skipped", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    const { result } = await shopper.send("GET", "/patient", patientLoader);
    expect(result).toMatchObject({ groupId, patients: [], defaultValue: { patientId: undefined } });

    const { response } = await shopper.send("POST", "/patient", patientAction, {
      groupId,
      firstName: " Mary-Jane ",
      lastName: "O'Brien",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect((await groupRow(groupId)).patient).toEqual({ firstName: "Mary-Jane", lastName: "O'Brien" });
    expect(await shopper.redirectOf("/patient", patientLoader)).toBe("/cart");
  });

  it("answers a group that is not in the shopper's cart with a 400, not a 500", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const { result } = await shopper.send("POST", "/patient", patientAction, {
      groupId: "not-a-group",
      firstName: "Ann",
      lastName: "Lee",
    });
    expect(replyOf(result)).toEqual({ status: 400, errors: { "": [STEP_MESSAGES.groupGone] } });
  });

  it("signed in: a new name becomes one of the customer's patients (one per name), offered and matched later", async () => {
    const { shopper, customer } = await Shopper.signedIn();
    const first = await shopper.addToric();
    await shopper.send("POST", "/patient", patientAction, {
      groupId: first.groupId,
      firstName: "Ann",
      lastName: "Lee",
    });
    const rows = () => database.db.select().from(patients).where(eq(patients.customerId, customer.id));
    const [ann] = await rows();
    expect(ann).toMatchObject({ firstName: "Ann", lastName: "Lee" });
    expect((await groupRow(first.groupId)).patient).toEqual({ firstName: "Ann", lastName: "Lee", patientId: ann!.id });

    // The next lens: the list offers Ann (nothing matched yet, so "New patient" is chosen).
    const second = await shopper.addToric();
    const { result } = await shopper.send("GET", "/patient", patientLoader);
    expect(result).toMatchObject({
      groupId: second.groupId,
      patients: [{ value: String(ann!.id), name: "Ann Lee" }],
      defaultValue: { patientId: "new" },
    });
    // The same name typed again in other case and spacing is the same patient (its spelling follows).
    const { response } = await shopper.send("POST", "/patient", patientAction, {
      groupId: second.groupId,
      patientId: "new",
      firstName: " ann ",
      lastName: "LEE",
    });
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await rows()).toEqual([expect.objectContaining({ id: ann!.id, firstName: "ann", lastName: "LEE" })]);
    expect((await groupRow(second.groupId)).patient).toMatchObject({ patientId: ann!.id });

    // Choosing the existing patient copies their name and id.
    const third = await shopper.addToric();
    await shopper.send("POST", "/patient", patientAction, { groupId: third.groupId, patientId: String(ann!.id) });
    expect((await groupRow(third.groupId)).patient).toEqual({ firstName: "ann", lastName: "LEE", patientId: ann!.id });
  });

  it("signed in: another customer's patient cannot be chosen", async () => {
    const other = await Shopper.signedIn();
    const otherGroup = await other.shopper.addToric();
    await other.shopper.send("POST", "/patient", patientAction, {
      groupId: otherGroup.groupId,
      firstName: "Zed",
      lastName: "Zo",
    });
    const [theirs] = await database.db.select().from(patients).where(eq(patients.customerId, other.customer.id));

    const { shopper } = await Shopper.signedIn();
    const { groupId } = await shopper.addToric();
    const { result } = await shopper.send("POST", "/patient", patientAction, {
      groupId,
      patientId: String(theirs!.id),
    });
    expect(replyOf(result)).toEqual({ status: 400, errors: { patientId: [PATIENT_MESSAGES.choosePatient] } });
    expect((await groupRow(groupId)).patient).toBeNull();
  });
});

describe("/rx-details", () => {
  it("is skipped when the lens's UPCs are known", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    expect(await shopper.redirectOf("/rx-details", rxDetailsLoader)).toBe("/patient");
  });

  it("follows the product page's 'Enter prescription later': lines without UPCs, then the typed prescription", async () => {
    const shopper = new Shopper();
    const { response: added } = await shopper.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      intent: "add-to-cart",
      prescription: "later",
      eyes: "both",
      "right-quantity": "1",
      "left-quantity": "2",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/rx-details");
    const groupId = (await shopper.journey()).currentGroupId!;
    expect(await linesOf(groupId)).toEqual([
      { whichEye: "left", upc: null, parameters: {} },
      { whichEye: "right", upc: null, parameters: {} },
    ]);
    expect((await groupRow(groupId)).rxEntryType).toBeNull();
    const { result } = await shopper.send("GET", "/rx-details", rxDetailsLoader);
    expect(result).toMatchObject({ groupId, eyes: [{ eye: "right" }, { eye: "left" }] });

    const { response } = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      intent: "save-prescription",
      groupId,
      ...eyeFields("right"),
      ...eyeFields("left"),
      expirationDate: NEXT_YEAR,
    });
    expect(response.headers.get("Location")).toBe("/patient");
    expect((await linesOf(groupId)).every((line) => line.upc !== null)).toBe(true);
  });

  it("sends a shopper whose cart is empty home from every step that needs cart items (the cart guard)", async () => {
    const shopper = new Shopper();
    expect(await shopper.redirectOf("/rx-details", rxDetailsLoader)).toBe("/");
    expect(await shopper.redirectOf("/parameters", parametersLoader)).toBe("/");
    expect(await shopper.redirectOf("/patient", patientLoader)).toBe("/");
    const { groupId } = await shopper.addToric();
    await database.db.delete(lineItems).where(eq(lineItems.groupId, groupId));
    expect(await shopper.redirectOf("/rx-details", rxDetailsLoader)).toBe("/");
  });

  it("'I'll send it later' gives every line the placeholder UPC and rxEntryType SubmitAndSkip", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId);
    const { result } = await shopper.send("GET", "/rx-details", rxDetailsLoader);
    expect(result).toMatchObject({ groupId, eyes: [{ eye: "right" }, { eye: "left" }] });

    const { response } = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      intent: "submit-and-skip",
      groupId,
    });
    expect(response.status).toBe(303);
    // Parameters is skipped for a submit-and-skip group without a prescription image.
    expect(response.headers.get("Location")).toBe("/patient");
    expect((await linesOf(groupId)).map((line) => line.upc)).toEqual([SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC]);
    expect((await groupRow(groupId)).rxEntryType).toBe("SubmitAndSkip");
  });

  it("the typed prescription resolves each eye to its UPC (rxEntryType Manual)", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId);
    const { response } = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      intent: "save-prescription",
      groupId,
      ...eyeFields("right"),
      ...eyeFields("left"),
      expirationDate: NEXT_YEAR,
    });
    expect(response.headers.get("Location")).toBe("/patient");
    const [left, right] = await linesOf(groupId);
    expect(right).toEqual({
      whichEye: "right",
      upc: (await matchSku(database.db, TORIC.productId, toricParameters("right")))!.upc,
      parameters: toricParameters("right"),
    });
    expect(left!.upc).toBe((await matchSku(database.db, TORIC.productId, toricParameters("left")))!.upc);
    expect((await groupRow(groupId)).rxEntryType).toBe("Manual");
  });

  it("a missing or unknown parameter gets its message and nothing is saved", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId);
    const { result } = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      intent: "save-prescription",
      groupId,
      ...eyeFields("right", { ...toricParameters("right"), axis: "7" }),
      ...eyeFields("left", { ...toricParameters("left"), power: "" }),
      expirationDate: NEXT_YEAR,
    });
    expect(replyOf(result)).toEqual({
      status: 400,
      errors: {
        "right-axis": [ORDER_MESSAGES.unknownOption("Axis")],
        "left-power": [ORDER_MESSAGES.chooseParameter("Power/sphere", "left")],
      },
    });
    expect((await linesOf(groupId)).map((line) => line.upc)).toEqual([null, null]);
  });

  it("asks for the prescription's expiration date: missing or expired is refused beside the parameters", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId);
    const post = (expirationDate?: string) =>
      shopper.send("POST", "/rx-details", rxDetailsAction, {
        intent: "save-prescription",
        groupId,
        ...eyeFields("right"),
        ...eyeFields("left", { ...toricParameters("left"), power: "" }),
        ...(expirationDate === undefined ? {} : { expirationDate }),
      });
    expect(replyOf((await post()).result).errors).toEqual({
      "left-power": [ORDER_MESSAGES.chooseParameter("Power/sphere", "left")],
      expirationDate: [EXPIRATION_MESSAGES.required],
    });
    expect(replyOf((await post(addDays(businessToday(), -1))).result).errors.expirationDate).toEqual([
      EXPIRATION_MESSAGES.expired,
    ]);
    expect((await linesOf(groupId)).map((line) => line.upc)).toEqual([null, null]);
  });

  it("an unknown intent or group is a 400", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId);
    const unknownIntent = await shopper.send("POST", "/rx-details", rxDetailsAction, { intent: "explode", groupId });
    expect(replyOf(unknownIntent.result).status).toBe(400);
    const unknownGroup = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      intent: "submit-and-skip",
      groupId: "nope",
    });
    expect(replyOf(unknownGroup.result)).toEqual({ status: 400, errors: { "": [STEP_MESSAGES.groupGone] } });
  });
});

describe("/parameters", () => {
  it("asks only for the eyes still missing a UPC, then goes on", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId, ["left"]);
    const { result } = await shopper.send("GET", "/parameters", parametersLoader);
    expect(result).toMatchObject({ groupId, eyes: [{ eye: "left" }] });
    expect((result as { eyes: unknown[] }).eyes).toHaveLength(1);

    // Every parameter is asked for (the page preselects those with a single option), for the left eye only.
    const refused = await shopper.send("POST", "/parameters", parametersAction, { groupId });
    expect(Object.keys(replyOf(refused.result).errors)).toEqual(TORIC.parameters.map((p) => `left-${p.name}`));

    const { response } = await shopper.send("POST", "/parameters", parametersAction, {
      intent: "save-prescription",
      groupId,
      ...eyeFields("left"),
    });
    expect(response.headers.get("Location")).toBe("/patient");
    const [left] = await linesOf(groupId);
    expect(left!.upc).toBe((await matchSku(database.db, TORIC.productId, toricParameters("left")))!.upc);
    expect(await shopper.redirectOf("/parameters", parametersLoader)).toBe("/patient");
    // The expiration date was asked (optionally: the group had none) and, not given, is still unknown.
    expect((result as { expiration: string }).expiration).toBe("optional");
    expect((await groupRow(groupId)).prescriptionExpiresOn).toBeNull();
  });

  it("keeps the expiration date given with the missing parameters; a group that has one is not asked again", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await withoutUpcs(groupId, ["right"]);
    const expired = await shopper.send("POST", "/parameters", parametersAction, {
      groupId,
      ...eyeFields("right"),
      expirationDate: addDays(businessToday(), -2),
    });
    expect(replyOf(expired.result).errors).toEqual({ expirationDate: [EXPIRATION_MESSAGES.expired] });
    const { response } = await shopper.send("POST", "/parameters", parametersAction, {
      groupId,
      ...eyeFields("right"),
      expirationDate: "12/31/2030",
    });
    expect(response.headers.get("Location")).toBe("/patient");
    expect((await groupRow(groupId)).prescriptionExpiresOn).toBe("2030-12-31");

    await withoutUpcs(groupId, ["left"]);
    const { result } = await shopper.send("GET", "/parameters", parametersLoader);
    expect(result).toMatchObject({ groupId, eyes: [{ eye: "left" }], expiration: "none" });
  });
});

describe("the cart's 'Continue to checkout'", () => {
  it("is a POST that passes the cart: a signed-out shopper goes to /address and the current group is cleared", async () => {
    const shopper = new Shopper();
    const { groupId } = await shopper.addToric();
    await shopper.send("POST", "/patient", patientAction, { groupId, firstName: "Ann", lastName: "Lee" });
    const { response } = await shopper.send("POST", "/cart", cartAction, { intent: "proceed" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/address");
    const journey = await shopper.journey();
    expect(journey.proceededPastCart).toBe(true);
    expect(journey.currentGroupId).toBeUndefined();
  });
});
