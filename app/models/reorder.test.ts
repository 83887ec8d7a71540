import { describe, expect, it } from "vitest";
import {
  boxesText,
  latestGroupPerPatient,
  reorderMessage,
  reorderPatientKey,
  reorderState,
  reorderUploadHref,
  REORDER_MESSAGES,
} from "./reorder";

const group = (groupId: number, firstName: string, lastName: string, patientId?: number) => ({
  groupId,
  orderNumber: `LL-${groupId}`,
  orderedAt: new Date(2026, 0, groupId),
  patient: { firstName, lastName, ...(patientId === undefined ? {} : { patientId }) },
  prescriptionId: groupId * 10,
});

describe("reorder: by patient", () => {
  it("keeps each patient's newest group (given newest first), patients in name order", () => {
    const groups = [group(5, "Zoe", "Lee"), group(4, "ann", " lee "), group(3, "Zoe", "Lee"), group(2, "Ann", "Lee")];
    expect(latestGroupPerPatient(groups).map((g) => g.groupId)).toEqual([4, 5]);
  });

  it("knows a saved patient by id, even when the name was spelled another way", () => {
    expect(reorderPatientKey({ firstName: "Ann", lastName: "Lee", patientId: 7 })).toBe("id:7");
    expect(
      latestGroupPerPatient([group(3, "Annie", "Lee", 7), group(2, "Ann", "Lee", 7)]).map((g) => g.groupId),
    ).toEqual([3]);
  });
});

describe("reorder: what a patient's Reorder can do", () => {
  it("is ready with a usable prescription, and offers the exam and upload once it expired", () => {
    expect(reorderState(true, null)).toBe("ready");
    expect(reorderMessage("ready")).toBeNull();
    expect(reorderState(true, "expired")).toBe("expired");
    expect(reorderMessage("expired")).toBe(REORDER_MESSAGES.expired);
    expect(reorderUploadHref("expired", "LL-1")).toBe("/upload-rx");
  });

  it("asks for the promised prescription of that order, and sends other cases to choose lenses again", () => {
    expect(reorderState(true, "not-submitted")).toBe("pending");
    expect(reorderUploadHref("pending", "LL 1")).toBe("/upload-rx?oid=LL%201");
    expect(reorderState(true, "product-unavailable")).toBe("unavailable");
    expect(reorderState(false, null)).toBe("no-prescription");
  });

  it("counts boxes", () => {
    expect(boxesText(1)).toBe("1 box");
    expect(boxesText(4)).toBe("4 boxes");
  });
});
