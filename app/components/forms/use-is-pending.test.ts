import { describe, expect, it } from "vitest";
import { isPendingSubmission, type Submission } from "./use-is-pending";

const idle: Submission = { state: "idle", formAction: undefined, formMethod: undefined, formData: undefined };

function posting(action: string, fields: Record<string, string>, state: Submission["state"] = "submitting") {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state, formAction: action, formMethod: "POST", formData } as Submission;
}

describe("isPendingSubmission", () => {
  it("is false while nothing is submitted (the server's render, and a browser without JavaScript)", () => {
    expect(isPendingSubmission(idle, { formAction: "/checkout" })).toBe(false);
    expect(isPendingSubmission(idle, { formAction: "/checkout", intent: "place-order" })).toBe(false);
  });

  it("is true while this action's post is submitting or loading its answer, whatever the query string", () => {
    expect(isPendingSubmission(posting("/checkout?card=new", {}), { formAction: "/checkout" })).toBe(true);
    expect(isPendingSubmission(posting("/checkout", {}, "loading"), { formAction: "/checkout?card=new" })).toBe(true);
  });

  it("counts only the asked intent when one is given", () => {
    const placing = posting("/checkout", { intent: "place-order" });
    expect(isPendingSubmission(placing, { formAction: "/checkout", intent: "place-order" })).toBe(true);
    expect(isPendingSubmission(placing, { formAction: "/checkout", intent: "save-card" })).toBe(false);
    expect(isPendingSubmission(placing, { formAction: "/checkout" })).toBe(true);
  });

  it("ignores another action's post and a GET form", () => {
    expect(isPendingSubmission(posting("/resources/auth", {}), { formAction: "/checkout" })).toBe(false);
    const search = { ...posting("/checkout", {}), formMethod: "GET" } as Submission;
    expect(isPendingSubmission(search, { formAction: "/checkout" })).toBe(false);
    expect(isPendingSubmission(search, { formAction: "/checkout", formMethod: "GET" })).toBe(true);
  });
});
