import { describe, expect, it } from "vitest";
import { ACCOUNT_LOOKUP_RATE_LIMIT } from "./auth-limits";
import { PRESCRIPTION_REQUEST_RATE_LIMIT, RX_READER_RATE_LIMIT, UNIQUE_COUPON_RATE_LIMIT } from "./rate-limits";

describe("per-address limits of the anonymous endpoints (decision 18)", () => {
  it("takes 20 prescription requests per 15 minutes from a guest's address", () => {
    expect(PRESCRIPTION_REQUEST_RATE_LIMIT).toEqual({ limit: 20, windowSeconds: 900 });
  });

  it("reads 20 prescriptions per 10 minutes through analyzeRxImage", () => {
    expect(RX_READER_RATE_LIMIT).toEqual({ limit: 20, windowSeconds: 600 });
  });

  it("issues unique coupons to 30 requests an hour", () => {
    expect(UNIQUE_COUPON_RATE_LIMIT).toEqual({ limit: 30, windowSeconds: 3600 });
  });

  it("answers 30 account lookups per 15 minutes", () => {
    expect(ACCOUNT_LOOKUP_RATE_LIMIT).toEqual({ limit: 30, windowSeconds: 900 });
  });
});
