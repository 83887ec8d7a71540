import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonError, parseJson, readJsonBody } from "./json.server";

// The JSON API's one body helper and its one error shape: `{ error }` for every call, plus `code` and `fieldErrors`
// for the calls the spec gives error codes. Bad input of any kind is a 4xx answer, never a thrown error of ours.

const schema = z.object({
  quantity: z.number({ error: "Send the quantity." }).int().min(1, { error: "At least one box." }),
  eye: z.enum(["right", "left"], { error: "The eye is right or left." }),
  note: z
    .string()
    .max(5, { error: "The note is too long." })
    .optional()
    .transform((note) => note ?? ""),
});

function post(body: string, contentType: string | null = "application/json"): Request {
  const headers = new Headers();
  if (contentType) headers.set("Content-Type", contentType);
  return new Request("http://store.test/api/thing", { method: "POST", headers, body });
}

/** What the helper threw, as the client reads it: the status, the Cache-Control and the body. */
async function refusal(run: () => Promise<unknown> | unknown) {
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, "the helper should throw an error answer").toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("readJsonBody", () => {
  it("answers the schema's output for a valid body", async () => {
    const input = await readJsonBody(post(JSON.stringify({ quantity: 2, eye: "left" })), schema);
    expect(input).toEqual({ quantity: 2, eye: "left", note: "" });
  });

  it("takes a JSON media type with parameters", async () => {
    const input = await readJsonBody(post('{"quantity":1,"eye":"right"}', "application/json; charset=utf-8"), schema);
    expect(input.quantity).toBe(1);
  });

  it("answers 400 { error } for a body that is not JSON", async () => {
    const { status, body } = await refusal(() => readJsonBody(post('{"quantity": 2,'), schema));
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The request body is not valid JSON." });
  });

  it("answers 400 { error } for another content type, even with a JSON text", async () => {
    const form = await refusal(() => readJsonBody(post("quantity=2", "application/x-www-form-urlencoded"), schema));
    expect(form).toEqual({ status: 400, body: { error: "Send a JSON body with Content-Type: application/json." } });
    const text = await refusal(() => readJsonBody(post('{"quantity":2,"eye":"left"}', "text/plain"), schema));
    expect(text.status).toBe(400);
    const none = await refusal(() => readJsonBody(post('{"quantity":2,"eye":"left"}', null), schema));
    expect(none.status).toBe(400);
  });

  it("answers 400 { error } for a JSON list or scalar, and 413 for a body over the limit", async () => {
    expect(await refusal(() => readJsonBody(post("[1, 2]"), schema))).toEqual({
      status: 400,
      body: { error: "The request body must be a JSON object." },
    });
    expect((await refusal(() => readJsonBody(post("42"), schema))).status).toBe(400);
    const big = JSON.stringify({ quantity: 1, eye: "left", pad: "x".repeat(17 * 1024) });
    const tooLarge = await refusal(() => readJsonBody(post(big), schema));
    expect(tooLarge).toEqual({ status: 413, body: { error: "The request body can be at most 16 KB." } });
    const own = await refusal(() => readJsonBody(post(big), schema, { tooLarge: "That image is too large." }));
    expect(own).toEqual({ status: 413, body: { error: "That image is too large." } });
  });

  it("answers a schema failure with 400 and exactly { error }: every message, each after its field", async () => {
    const { status, body } = await refusal(() =>
      readJsonBody(post(JSON.stringify({ quantity: 0, eye: "both", note: "far too long" })), schema),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "quantity: At least one box. eye: The eye is right or left. note: The note is too long.",
    });
  });

  it("adds the spec's code and the messages by field for a call that has a code", async () => {
    const { status, body } = await refusal(() =>
      readJsonBody(post(JSON.stringify({ eye: "both" })), schema, { code: "CreateAccountFailed" }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "CreateAccountFailed",
      error: "quantity: Send the quantity. eye: The eye is right or left.",
      fieldErrors: { quantity: ["Send the quantity."], eye: ["The eye is right or left."] },
    });
  });

  it("gives an unreadable body its own code when the call says so", async () => {
    const options = { code: "CreateAccountFailed", unreadableCode: "InvalidArguments" } as const;
    const unreadable = await refusal(() => readJsonBody(post("[oops"), schema, options));
    expect(unreadable).toEqual({
      status: 400,
      body: { code: "InvalidArguments", error: "The request body is not valid JSON." },
    });
    const invalid = await refusal(() => readJsonBody(post("{}"), schema, options));
    expect(invalid.body.code).toBe("CreateAccountFailed");
  });

  it("reads an empty body as {} only where the call allows one", async () => {
    const optional = z.object({ priceBook: z.string().optional() });
    expect(await readJsonBody(post(""), optional, { allowEmpty: true })).toEqual({});
    expect((await refusal(() => readJsonBody(post(""), optional))).status).toBe(400);
  });
});

describe("parseJson", () => {
  it("names a field as the API does when the schema is a page form's", async () => {
    const form = z.object({ frequencyDays: z.enum(["30", "60"], { error: "Choose how often." }) });
    const { body } = await refusal(() =>
      parseJson(form, { frequencyDays: "7" }, { fieldNames: { frequencyDays: "newFrequencyInDays" } }),
    );
    expect(body).toEqual({ error: "newFrequencyInDays: Choose how often." });
  });

  it("gives a message about the whole input without a field, and says each message once", async () => {
    const list = z.array(z.string(), { error: "Send a list." });
    expect((await refusal(() => parseJson(list, "x"))).body).toEqual({ error: "Send a list." });
    const twice = z
      .object({ a: z.string() })
      .refine(() => false, { error: "No." })
      .refine(() => false, { error: "No." });
    expect((await refusal(() => parseJson(twice, { a: "1" }))).body).toEqual({ error: "No." });
  });
});

describe("jsonError", () => {
  it("is { error } with the status, plus code, fieldErrors and headers only when given", async () => {
    const plain = jsonError(404, "No such thing.");
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ error: "No such thing." });
    const coded = jsonError(429, "Too many.", { code: "TooManyRequests", headers: { "Retry-After": "900" } });
    expect(coded.headers.get("Retry-After")).toBe("900");
    expect(coded.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await coded.json()).toEqual({ code: "TooManyRequests", error: "Too many." });
  });
});
