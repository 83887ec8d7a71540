import { describe, expect, it } from "vitest";
import { EMAIL_PREVIEWS, findEmailPreview } from "./previews.server";

/**
 * One snapshot pair per message (and per shape of a message): the HTML body and the text body rendered from the
 * sample data. A change to a template shows here as a diff of both bodies; update with `vitest -u` once the new
 * output is what the customer should get.
 */
describe.each(EMAIL_PREVIEWS.map((preview) => [preview.id, preview] as const))("%s", (id, preview) => {
  it("renders the HTML and the text body it always did", async () => {
    const message = await preview.render();
    await expect(message.html).toMatchFileSnapshot(`./__snapshots__/${id}.html`);
    await expect(message.text).toMatchFileSnapshot(`./__snapshots__/${id}.txt`);
  });

  it("reads as plain text, every link written out, ending with the help line", async () => {
    const message = await preview.render();
    expect(message.text).not.toMatch(/<\/?[a-z]+[\s/>]|&[a-z]+;|&#/i);
    expect(message.text).toMatch(/Questions\? Real people answer 24\/7 at 1-800-266-8228\.\nLenslane\n$/);
    const htmlLinks = [...message.html.matchAll(/href="(https?:[^"]+)"/g)].map((match) =>
      match[1]!.replaceAll("&amp;", "&"),
    );
    for (const link of htmlLinks) expect(message.text, link).toContain(link);
  });
});

describe("the previews", () => {
  it("cover every kind of message, each id once", () => {
    const ids = EMAIL_PREVIEWS.map((preview) => preview.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(findEmailPreview("order-shipped")?.title).toBe("Order shipped");
    expect(findEmailPreview("nope")).toBeUndefined();
  });

  it("render every kind the outbox knows", async () => {
    const kinds = new Set((await Promise.all(EMAIL_PREVIEWS.map((preview) => preview.render()))).map((m) => m.kind));
    expect([...kinds].sort()).toEqual(
      [
        "chat-message",
        "chat-reply",
        "guest-reset",
        "order-confirmation",
        "order-on-hold",
        "order-shipped",
        "password-reset",
        "pin",
        "prescription-request",
        "reorder-failed",
        "reorder-reminder",
        "welcome",
      ].sort(),
    );
  });
});
