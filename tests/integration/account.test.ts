import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "~/models/address";
import * as accountLayout from "~/routes/account";
import * as editAddressRoute from "~/routes/account.addresses.$addressId";
import * as newAddressRoute from "~/routes/account.addresses.new";
import * as addressesRoute from "~/routes/account.addresses";
import { SETTINGS_MESSAGES } from "~/models/account-settings";
import * as settingsRoute from "~/routes/account.settings";
import {
  checkPassword,
  createAuthSession,
  createCustomer,
  customerForSession,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, customers } from "~/services/db/schema";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, underLayouts } from "../setup/test-context";

// The account pages run under their layout, whose middleware is their sign-in guard (app/routes.ts).
const editAddressLoader = underLayouts([accountLayout], editAddressRoute.loader);
const editAddressAction = underLayouts([accountLayout], editAddressRoute.action);
const newAddressAction = underLayouts([accountLayout], newAddressRoute.action);
const addressesLoader = underLayouts([accountLayout], addressesRoute.loader);
const addressesAction = underLayouts([accountLayout], addressesRoute.action);
const settingsLoader = underLayouts([accountLayout], settingsRoute.loader);
const settingsAction = underLayouts([accountLayout], settingsRoute.action);

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

let emailCounter = 0;
const uniqueEmail = (name: string) => `${name}.${++emailCounter}@example.com`;
const PASSWORD = "correct horse battery";

/** A customer and a signed-in session cookie for them. */
async function signedInCustomer(input: { password?: string | null; firstName?: string; email?: string } = {}) {
  const customer = await createCustomer(database.db, {
    email: input.email ?? uniqueEmail("ann"),
    password: input.password === null ? undefined : (input.password ?? PASSWORD),
    firstName: input.firstName ?? "Ann",
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { customer, cookie, token };
}

type Handler = (args: never) => unknown;

async function get(loader: Handler, path: string, cookie?: string, params: Record<string, string> = {}) {
  const request = new Request(`http://store.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = await createRequestContext(services, request);
  return settle(async () => loader({ request, params, context } as never));
}

async function post(
  action: Handler,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://store.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const context = await createRequestContext(services, request);
  return settle(async () => action({ request, params, context } as never));
}

const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);
const location = (result: unknown) => (result as Response).headers.get("Location");
/** The Conform reply of a 400: settings answers { intent, result }, the address forms the reply itself. */
const replyOf = (result: unknown) => {
  const body = (result as { data: Record<string, unknown> }).data;
  return ("result" in body ? body.result : body) as { error?: Record<string, string[] | null> | null };
};
const errorsOf = (result: unknown) => replyOf(result).error ?? {};

async function customerRow(id: number): Promise<Customer> {
  const [row] = await database.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

async function addressRows(customerId: number) {
  return database.db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(addresses.id);
}

const profile = (overrides: Record<string, string> = {}) => ({
  intent: "update-profile",
  firstName: "Ann",
  lastName: "Lee",
  email: uniqueEmail("profile"),
  phone: "",
  ...overrides,
});

describe("account settings: profile", () => {
  it("sends a signed-out shopper to the sign-in dialog, and back here afterwards", async () => {
    const result = await get(settingsLoader, "/account/settings");
    expect(status(result)).toBe(303);
    expect(location(result)).toMatch(/signin=sign-in/);
    expect(decodeURIComponent(location(result)!)).toContain("redirectTo=/account/settings");
    expect(status(await post(settingsAction, "/account/settings", profile()))).toBe(303);
    expect(location(await post(settingsAction, "/account/settings", profile()))).toMatch(/signin=sign-in/);
  });

  it("saves name, e-mail and phone (as digits), then shows the phone formatted with a confirmation", async () => {
    const { customer, cookie } = await signedInCustomer();
    const email = uniqueEmail("New.Address");
    const result = await post(
      settingsAction,
      "/account/settings",
      profile({ firstName: " José ", lastName: "O'Brien-Smith", email, phone: "1 (208) 555-0142" }),
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/settings?saved=profile");
    const row = await customerRow(customer.id);
    expect(row).toMatchObject({
      firstName: "José",
      lastName: "O'Brien-Smith",
      email,
      emailNormalized: email.toLowerCase(),
      phone: "2085550142",
    });

    const page = (await get(settingsLoader, "/account/settings?saved=profile", cookie)) as {
      settings: { phone: string; email: string };
      saved: string | null;
    };
    expect(page.settings).toMatchObject({ phone: "(208) 555-0142", email });
    expect(page.saved).toBe("Your profile is saved.");
    const unknownFlag = (await get(settingsLoader, "/account/settings?saved=<b>", cookie)) as { saved: unknown };
    expect(unknownFlag.saved).toBeNull();
  });

  it("refuses an e-mail another customer has (whatever its case), next to the field, and saves nothing", async () => {
    const other = await createCustomer(database.db, { email: uniqueEmail("taken"), password: PASSWORD });
    const { customer, cookie } = await signedInCustomer();
    const result = await post(
      settingsAction,
      "/account/settings",
      profile({ firstName: "Changed", email: other.email.toUpperCase() }),
      cookie,
    );
    expect(status(result)).toBe(400);
    expect(errorsOf(result)).toEqual({ email: [SETTINGS_MESSAGES.emailTaken] });
    expect(SETTINGS_MESSAGES.emailTaken).toBe("That e-mail belongs to another account.");
    expect(await customerRow(customer.id)).toMatchObject({ firstName: "Ann", email: customer.email });
  });

  it("keeps its own e-mail in another case", async () => {
    const { customer, cookie } = await signedInCustomer();
    const result = await post(
      settingsAction,
      "/account/settings",
      profile({ email: customer.email.toUpperCase() }),
      cookie,
    );
    expect(status(result)).toBe(303);
    expect((await customerRow(customer.id)).emailNormalized).toBe(customer.email.toLowerCase());
  });

  it("checks the spec's rules and messages, and saves nothing on bad input", async () => {
    const { customer, cookie } = await signedInCustomer();
    const result = await post(
      settingsAction,
      "/account/settings",
      profile({ firstName: "Ann2", lastName: "L".repeat(20), email: `${"a".repeat(39)}@example.com`, phone: "555-01" }),
      cookie,
    );
    expect(status(result)).toBe(400);
    expect(errorsOf(result)).toEqual({
      firstName: ["Your first name can't contain numbers or special symbols."],
      lastName: ["Your last name can be at most 19 characters."],
      email: ["E-mail addresses can be at most 50 characters."],
      phone: ["Enter a 10-digit phone number."],
    });
    const fullName = await post(
      settingsAction,
      "/account/settings",
      profile({ firstName: "A".repeat(15), lastName: "B".repeat(19) }),
      cookie,
    );
    // 15 + a space + 19 is exactly the full-name limit of 35.
    expect(status(fullName)).toBe(303);
    expect((await customerRow(customer.id)).phone).toBeNull();
  });

  it("refuses a tampered intent with a 400", async () => {
    const { cookie } = await signedInCustomer();
    expect(status(await post(settingsAction, "/account/settings", { intent: "delete-everything" }, cookie))).toBe(400);
  });
});

describe("account settings: password", () => {
  it("requires the current password and rejects a wrong one", async () => {
    const { customer, cookie } = await signedInCustomer();
    const missing = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", newPassword: "a brand new secret" },
      cookie,
    );
    expect(status(missing)).toBe(400);
    expect(errorsOf(missing)).toEqual({ currentPassword: ["Enter your password."] });

    const wrong = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", currentPassword: "not my password", newPassword: "a brand new secret" },
      cookie,
    );
    expect(status(wrong)).toBe(400);
    expect(errorsOf(wrong)).toEqual({ currentPassword: [SETTINGS_MESSAGES.wrongPassword] });
    // Passwords are never sent back into the page.
    expect(JSON.stringify(replyOf(wrong))).not.toContain("not my password");
    expect(await checkPassword(database.db, customer.email, PASSWORD)).not.toBeNull();

    const short = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", currentPassword: PASSWORD, newPassword: "short" },
      cookie,
    );
    expect(errorsOf(short)).toEqual({ newPassword: ["Passwords must be at least 8 characters."] });
  });

  it("changes the password with the right current one, and ends the customer's other sessions", async () => {
    const { customer, cookie, token } = await signedInCustomer();
    const elsewhere = await createAuthSession(database.db, customer.id, "password", false);
    const result = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", currentPassword: PASSWORD, newPassword: "a brand new secret" },
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/settings?saved=password");
    expect(await checkPassword(database.db, customer.email, "a brand new secret")).not.toBeNull();
    expect(await checkPassword(database.db, customer.email, PASSWORD)).toBeNull();
    expect(await customerForSession(database.db, elsewhere)).toBeNull();
    expect(await customerForSession(database.db, token)).toBeNull();
    // This browser stays signed in, with a fresh session in its cookie.
    const fresh = (result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await get(settingsLoader, "/account/settings", fresh)) as { settings: { hasPassword: boolean } };
    expect(page.settings.hasPassword).toBe(true);
  });

  it("lets a guest (quasi) account set its first password without a current one: the account is promoted", async () => {
    const { customer, cookie } = await signedInCustomer({ password: null });
    const before = (await get(settingsLoader, "/account/settings", cookie)) as { settings: { hasPassword: boolean } };
    expect(before.settings.hasPassword).toBe(false);
    const short = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", newPassword: "x" },
      cookie,
    );
    expect(status(short)).toBe(400);
    expect((await customerRow(customer.id)).passwordHash).toBeNull();

    const result = await post(
      settingsAction,
      "/account/settings",
      { intent: "change-password", newPassword: "my first password" },
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(await checkPassword(database.db, customer.email, "my first password")).not.toBeNull();
    const fresh = (result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await get(settingsLoader, "/account/settings", fresh)) as { settings: { hasPassword: boolean } };
    expect(page.settings.hasPassword).toBe(true);
  });
});

describe("account settings: communication preferences", () => {
  it("saves e-mail preferences as opted in or out", async () => {
    const { customer, cookie } = await signedInCustomer();
    const result = await post(
      settingsAction,
      "/account/settings",
      { intent: "update-preferences", EmailPromotional: "on", RxCapture: "on" },
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/settings?saved=preferences");
    const row = await customerRow(customer.id);
    expect(row.preferences).toEqual({ EmailPromotional: true, EmailReorderReminder: false, RxCapture: true });
    expect(row.interests).toEqual({
      TextOrderUpdates: false,
      TextReorderReminders: false,
      TextPrescriptionUpdates: false,
      TextSpecialOffers: false,
    });
    expect(row.attributes).toEqual([]);
  });

  it("needs a phone number and the SMS terms to opt in to texts, and keeps the consent attribute", async () => {
    const { customer, cookie } = await signedInCustomer();
    await database.db
      .update(customers)
      .set({ attributes: [{ typeId: 7, value: "Other" }] })
      .where(eq(customers.id, customer.id));
    const noPhone = await post(
      settingsAction,
      "/account/settings",
      { intent: "update-preferences", TextOrderUpdates: "on", smsConsent: "on" },
      cookie,
    );
    expect(status(noPhone)).toBe(400);
    expect(errorsOf(noPhone)).toEqual({ "": [SETTINGS_MESSAGES.textsNeedPhone] });

    await post(settingsAction, "/account/settings", profile({ email: customer.email, phone: "208.555.0142" }), cookie);
    const noConsent = await post(
      settingsAction,
      "/account/settings",
      { intent: "update-preferences", TextOrderUpdates: "on" },
      cookie,
    );
    expect(errorsOf(noConsent)).toEqual({ smsConsent: [SETTINGS_MESSAGES.textsNeedConsent] });
    expect((await customerRow(customer.id)).interests).toEqual({});

    const saved = await post(
      settingsAction,
      "/account/settings",
      { intent: "update-preferences", TextOrderUpdates: "on", TextSpecialOffers: "on", smsConsent: "on" },
      cookie,
    );
    expect(status(saved)).toBe(303);
    let row = await customerRow(customer.id);
    expect(row.interests).toMatchObject({
      TextOrderUpdates: true,
      TextSpecialOffers: true,
      TextReorderReminders: false,
    });
    expect(row.attributes).toEqual([
      { typeId: 7, value: "Other" },
      { typeId: 1, value: "LegalNov2023" },
    ]);
    const page = (await get(settingsLoader, "/account/settings", cookie)) as {
      settings: { smsConsent: boolean; interests: Record<string, boolean> };
    };
    expect(page.settings.smsConsent).toBe(true);
    expect(page.settings.interests.TextOrderUpdates).toBe(true);

    // Withdrawing consent (no texts chosen) removes only the SMS attribute.
    await post(settingsAction, "/account/settings", { intent: "update-preferences" }, cookie);
    row = await customerRow(customer.id);
    expect(row.attributes).toEqual([{ typeId: 7, value: "Other" }]);
  });

  it("drops the text interests when the phone number is removed", async () => {
    const { customer, cookie } = await signedInCustomer();
    await post(settingsAction, "/account/settings", profile({ email: customer.email, phone: "2085550142" }), cookie);
    await post(
      settingsAction,
      "/account/settings",
      { intent: "update-preferences", TextReorderReminders: "on", smsConsent: "on" },
      cookie,
    );
    expect((await customerRow(customer.id)).interests.TextReorderReminders).toBe(true);
    await post(settingsAction, "/account/settings", profile({ email: customer.email, phone: "" }), cookie);
    const row = await customerRow(customer.id);
    expect(row.phone).toBeNull();
    expect(Object.values(row.interests).some(Boolean)).toBe(false);
  });
});

const boise = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "123 Main St",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
};

async function addAddress(cookie: string, fields: Record<string, string> = {}) {
  return post(newAddressAction, "/account/addresses/new", { ...boise, ...fields }, cookie);
}

describe("address book", () => {
  it("is signed-in only", async () => {
    expect(location(await get(addressesLoader, "/account/addresses"))).toMatch(/signin=sign-in/);
    expect(location(await post(newAddressAction, "/account/addresses/new", boise))).toMatch(/signin=sign-in/);
  });

  it("adds addresses: the first becomes primary, the next ones do not; the list shows the primary first", async () => {
    const { customer, cookie } = await signedInCustomer();
    const first = await addAddress(cookie, { postalCode: "83702 1234", phone: "(208) 555-0142" });
    expect(status(first)).toBe(303);
    expect(location(first)).toBe("/account/addresses?saved=added");
    await addAddress(cookie, { address1: "9 Second Ave" });
    const rows = await addressRows(customer.id);
    expect(rows.map((row) => [row.address1, row.isPrimary])).toEqual([
      ["123 Main St", true],
      ["9 Second Ave", false],
    ]);
    expect(rows[0]).toMatchObject({ postalCode: "83702-1234", phone: "2085550142", state: "ID", country: "US" });

    const page = (await get(addressesLoader, "/account/addresses?saved=added", cookie)) as {
      addresses: Array<{ address1: string; isPrimary: boolean }>;
      saved: string;
    };
    expect(page.addresses.map((address) => address.address1)).toEqual(["123 Main St", "9 Second Ave"]);
    expect(page.saved).toBe("Your address is added.");
  });

  it("answers bad input with a 400 and the messages, and saves nothing", async () => {
    const { customer, cookie } = await signedInCustomer();
    const result = await addAddress(cookie, {
      firstName: "",
      address1: "x".repeat(31),
      city: "Boise 2",
      state: "Idaho",
      postalCode: "8370",
    });
    expect(status(result)).toBe(400);
    expect(errorsOf(result)).toEqual({
      firstName: ["Enter your first name."],
      address1: [ADDRESS_MESSAGES.addressLineTooLong],
      city: [ADDRESS_MESSAGES.cityInvalid],
      state: [ADDRESS_MESSAGES.stateRequired],
      postalCode: [ADDRESS_MESSAGES.zipInvalid],
    });
    const international = await addAddress(cookie, {
      country: "CA",
      state: "",
      region: "ON",
      city: "Toronto",
      postalCode: "m5v3l9",
    });
    expect(errorsOf(international)).toEqual({ phone: [ADDRESS_MESSAGES.internationalPhoneRequired] });
    const military = await addAddress(cookie, { state: "AE", city: "APO", postalCode: "09012" });
    expect(errorsOf(military)).toEqual({ phone: [ADDRESS_MESSAGES.militaryPhoneRequired] });
    expect(await addressRows(customer.id)).toEqual([]);

    const canadian = await addAddress(cookie, {
      country: "CA",
      state: "",
      region: "ON",
      city: "Toronto",
      postalCode: "m5v3l9",
      phone: "416-555-0100",
    });
    expect(status(canadian)).toBe(303);
    expect((await addressRows(customer.id))[0]).toMatchObject({ postalCode: "M5V 3L9", state: "ON", country: "CA" });
  });

  it("edits an address through its page", async () => {
    const { customer, cookie } = await signedInCustomer();
    await addAddress(cookie);
    const [row] = await addressRows(customer.id);
    const params = { addressId: String(row!.id) };
    const page = (await get(editAddressLoader, `/account/addresses/${row!.id}`, cookie, params)) as {
      defaultValue: Record<string, string>;
    };
    expect(page.defaultValue).toMatchObject({ address1: "123 Main St", state: "ID", country: "US" });

    const bad = await post(editAddressAction, `/account/addresses/${row!.id}`, { ...boise, city: "" }, cookie, params);
    expect(status(bad)).toBe(400);
    expect(errorsOf(bad)).toEqual({ city: [ADDRESS_MESSAGES.cityRequired] });

    const result = await post(
      editAddressAction,
      `/account/addresses/${row!.id}`,
      { ...boise, address1: "500 Capitol Blvd", address2: "Suite 4", postalCode: "837021234" },
      cookie,
      params,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/addresses?saved=updated");
    expect((await addressRows(customer.id))[0]).toMatchObject({
      address1: "500 Capitol Blvd",
      address2: "Suite 4",
      postalCode: "83702-1234",
      isPrimary: true,
    });
  });

  it("keeps exactly one primary address: setting one clears the others", async () => {
    const { customer, cookie } = await signedInCustomer();
    for (const address1 of ["1 First St", "2 Second St", "3 Third St"]) await addAddress(cookie, { address1 });
    const rows = await addressRows(customer.id);
    const result = await post(
      addressesAction,
      "/account/addresses",
      { intent: "set-primary", addressId: String(rows[2]!.id) },
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/addresses?saved=primary");
    expect((await addressRows(customer.id)).map((row) => row.isPrimary)).toEqual([false, false, true]);
    await Promise.all(
      rows.map((row) =>
        post(addressesAction, "/account/addresses", { intent: "set-primary", addressId: String(row.id) }, cookie),
      ),
    );
    expect((await addressRows(customer.id)).filter((row) => row.isPrimary)).toHaveLength(1);
  });

  it("deleting the primary address makes the most recent remaining one primary", async () => {
    const { customer, cookie } = await signedInCustomer();
    for (const address1 of ["1 First St", "2 Second St", "3 Third St"]) await addAddress(cookie, { address1 });
    const [first, second, third] = await addressRows(customer.id);
    const result = await post(
      addressesAction,
      "/account/addresses",
      { intent: "delete", addressId: String(first!.id) },
      cookie,
    );
    expect(status(result)).toBe(303);
    expect(location(result)).toBe("/account/addresses?saved=deleted");
    expect((await addressRows(customer.id)).map((row) => [row.id, row.isPrimary])).toEqual([
      [second!.id, false],
      [third!.id, true],
    ]);
    // Deleting one that is not primary leaves the primary alone.
    await post(addressesAction, "/account/addresses", { intent: "delete", addressId: String(second!.id) }, cookie);
    expect((await addressRows(customer.id)).map((row) => [row.id, row.isPrimary])).toEqual([[third!.id, true]]);
  });

  it("treats another customer's address as not found (404) everywhere, and changes nothing", async () => {
    const owner = await signedInCustomer();
    await addAddress(owner.cookie, { address1: "1 Owner St" });
    await addAddress(owner.cookie, { address1: "2 Owner St" });
    const [primary, other] = await addressRows(owner.customer.id);
    const { cookie } = await signedInCustomer();
    const params = { addressId: String(other!.id) };

    expect(status(await get(editAddressLoader, `/account/addresses/${other!.id}`, cookie, params))).toBe(404);
    const edit = await post(
      editAddressAction,
      `/account/addresses/${other!.id}`,
      { ...boise, address1: "Stolen" },
      cookie,
      params,
    );
    expect(status(edit)).toBe(404);
    const badEdit = await post(editAddressAction, `/account/addresses/${other!.id}`, {}, cookie, params);
    expect(status(badEdit)).toBe(404);
    for (const intent of ["delete", "set-primary"]) {
      const result = await post(
        addressesAction,
        "/account/addresses",
        { intent, addressId: String(other!.id) },
        cookie,
      );
      expect(status(result), intent).toBe(404);
    }
    const page = (await get(addressesLoader, "/account/addresses", cookie)) as { addresses: unknown[] };
    expect(page.addresses).toEqual([]);
    expect((await addressRows(owner.customer.id)).map((row) => [row.id, row.address1, row.isPrimary])).toEqual([
      [primary!.id, "1 Owner St", true],
      [other!.id, "2 Owner St", false],
    ]);
  });

  it("answers a malformed address id or action with a 404 or 400, never a 500", async () => {
    const { cookie } = await signedInCustomer();
    for (const addressId of ["abc", "0", "99999999999", "1.5"]) {
      const result = await get(editAddressLoader, `/account/addresses/${addressId}`, cookie, { addressId });
      expect(status(result), addressId).toBe(404);
    }
    expect(
      status(await post(addressesAction, "/account/addresses", { intent: "explode", addressId: "1" }, cookie)),
    ).toBe(400);
    expect(
      status(await post(addressesAction, "/account/addresses", { intent: "delete", addressId: "x" }, cookie)),
    ).toBe(400);
  });
});
