import { describe, expect, it } from "vitest";
import { JPEG_QUALITY, MAX_IMAGE_SIDE, MAX_UPLOAD_MEGABYTES } from "./file-type";
import { RX_IMAGE_RETENTION_DAYS, UPLOAD_LINK_DAYS, UPLOAD_LIMIT_MESSAGES, UPLOAD_LIMITS } from "./upload-limits";

describe("upload limits (issue 24, decision 47)", () => {
  it("takes 20 uploads an hour and 50 a day, and keeps 50 MB for a customer, 25 MB for a guest", () => {
    expect(UPLOAD_LIMITS).toEqual({
      perHour: 20,
      perDay: 50,
      customerBytes: 50 * 1024 * 1024,
      guestBytes: 25 * 1024 * 1024,
    });
  });

  it("keeps an image tied to nothing for 7 days, and an e-mailed upload link works 30 days", () => {
    expect(RX_IMAGE_RETENTION_DAYS).toBe(7);
    expect(UPLOAD_LINK_DAYS).toBe(30);
  });

  it("says why, with the per-file limit", () => {
    expect(UPLOAD_LIMIT_MESSAGES.tooMany).toBe("Too many uploads. Please try again later.");
    expect(UPLOAD_LIMIT_MESSAGES.quota).toContain(`each file up to ${MAX_UPLOAD_MEGABYTES} MB`);
  });

  it("shrinks an image to 1280 px a side at JPEG quality 0.6 (spec 2 §4)", () => {
    expect(MAX_IMAGE_SIDE).toBe(1280);
    expect(JPEG_QUALITY).toBe(60);
  });
});
