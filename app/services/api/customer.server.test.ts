import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { visitorContext, type Visitor, type VisitorCustomer } from "../platform/context.server";
import { apiCustomer, NO_CUSTOMER_MESSAGE, requireApiCustomer } from "./customer.server";

// The one guard of the JSON API's signed-in calls: the customer the root middleware found (cookie or bearer token),
// else a 401 in the API's error shape with the call family's message (and the spec's code where it has one).

const ann: VisitorCustomer = { id: 7, email: "ann@example.com", firstName: "Ann", lastName: "Lee", hasPassword: true };
const GOOD_TOKEN = "a".repeat(43);

function call(customer: VisitorCustomer | null, authorization?: string) {
  const context = new RouterContextProvider();
  // The guard reads only who is asking; the rest of the visitor does not matter here.
  context.set(visitorContext, { customer, signedIn: customer !== null } as Visitor);
  const headers = authorization ? { Authorization: authorization } : undefined;
  return { request: new Request("http://store.test/api/thing", { headers }), context };
}

async function refusal(run: () => unknown) {
  try {
    run();
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    return { status: response.status, body: await response.json() };
  }
  throw new Error("the guard let the call through");
}

describe("requireApiCustomer", () => {
  it("answers the signed-in customer, by cookie or by an accepted bearer token", () => {
    const cookie = call(ann);
    expect(requireApiCustomer(cookie.request, cookie.context)).toBe(ann);
    const bearer = call(ann, `Bearer ${GOOD_TOKEN}`);
    expect(requireApiCustomer(bearer.request, bearer.context)).toBe(ann);
  });

  it("answers 401 { error } signed out, with the family's message and code", async () => {
    const { request, context } = call(null);
    expect(await refusal(() => requireApiCustomer(request, context))).toEqual({
      status: 401,
      body: { error: NO_CUSTOMER_MESSAGE },
    });
    expect(
      await refusal(() => requireApiCustomer(request, context, { message: "Sign in to see your orders." })),
    ).toEqual({
      status: 401,
      body: { error: "Sign in to see your orders." },
    });
    const coded = { code: "AuthorizationFailed", message: "Sign in to do this." } as const;
    expect(await refusal(() => requireApiCustomer(request, context, coded))).toEqual({
      status: 401,
      body: { code: "AuthorizationFailed", error: "Sign in to do this." },
    });
  });

  it("answers 401 to an Authorization header it does not accept, even with a signed-in cookie", async () => {
    for (const header of ["Bearer short", "Basic YW5uOnB3", `bearer ${GOOD_TOKEN}`]) {
      const { request, context } = call(ann, header);
      expect((await refusal(() => requireApiCustomer(request, context))).status, header).toBe(401);
    }
  });
});

describe("apiCustomer", () => {
  it("lets a guest through as null, but not a bearer token that signs no one in", async () => {
    const guest = call(null);
    expect(apiCustomer(guest.request, guest.context)).toBeNull();
    const unknownToken = call(null, `Bearer ${GOOD_TOKEN}`);
    expect(await refusal(() => apiCustomer(unknownToken.request, unknownToken.context))).toEqual({
      status: 401,
      body: { error: NO_CUSTOMER_MESSAGE },
    });
  });
});
