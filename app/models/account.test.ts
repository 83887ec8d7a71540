import { describe, expect, it } from "vitest";
import {
  emailSchema,
  firstNameSchema,
  formatPhone,
  fullNameFits,
  lastNameSchema,
  newPasswordSchema,
  normalizeEmail,
  normalizePhone,
  pinSchema,
} from "./account";

const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("account field rules (spec 3 §5)", () => {
  it("checks e-mail addresses: pattern and at most 50 characters", () => {
    expect(emailSchema.parse("  Ann@Example.com ")).toBe("Ann@Example.com");
    expect(message(emailSchema.safeParse("not-an-email"))).toBe("Enter a valid e-mail address.");
    expect(message(emailSchema.safeParse(`${"a".repeat(39)}@example.com`))).toBe(
      "E-mail addresses can be at most 50 characters.",
    );
    expect(message(emailSchema.safeParse("   "))).toBe("Enter your e-mail address.");
    expect(normalizeEmail(" Ann@Example.COM ")).toBe("ann@example.com");
  });

  it("checks names: no digits or symbols, first at most 15, last at most 19, full at most 35", () => {
    expect(firstNameSchema.parse(" José ")).toBe("José");
    expect(lastNameSchema.parse("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(message(firstNameSchema.safeParse("Ann3"))).toBe(
      "Your first name can't contain numbers or special symbols.",
    );
    expect(message(firstNameSchema.safeParse("Ann$"))).toBe(
      "Your first name can't contain numbers or special symbols.",
    );
    expect(message(firstNameSchema.safeParse("A".repeat(16)))).toBe("Your first name can be at most 15 characters.");
    expect(message(lastNameSchema.safeParse("B".repeat(20)))).toBe("Your last name can be at most 19 characters.");
    expect(fullNameFits("A".repeat(15), "B".repeat(19))).toBe(true);
    expect(fullNameFits("A".repeat(15), "B".repeat(20))).toBe(false);
  });

  it("checks passwords: 8 to 1024 characters (8, not the spec's 6: decision 42)", () => {
    expect(message(newPasswordSchema.safeParse("short"))).toBe("Passwords must be at least 8 characters.");
    expect(newPasswordSchema.safeParse("abcdef").success).toBe(false);
    expect(newPasswordSchema.safeParse("abcdefg").success).toBe(false);
    expect(newPasswordSchema.safeParse("abcdefgh").success).toBe(true);
    expect(newPasswordSchema.safeParse("longenough").success).toBe(true);
    expect(newPasswordSchema.safeParse("x".repeat(1025)).success).toBe(false);
  });

  it("stores phones as 10 digits (optional leading 1) and shows them (###) ###-####", () => {
    expect(normalizePhone("(208) 555-0142")).toBe("2085550142");
    expect(normalizePhone("1-208-555-0142")).toBe("2085550142");
    expect(normalizePhone("208-555-014")).toBeNull();
    expect(normalizePhone("2-208-555-0142")).toBeNull();
    expect(formatPhone("2085550142")).toBe("(208) 555-0142");
  });

  it("takes a 6-digit PIN", () => {
    expect(pinSchema.parse(" 012345 ")).toBe("012345");
    expect(pinSchema.safeParse("12345").success).toBe(false);
  });
});
