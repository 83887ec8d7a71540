import { describe, expect, it } from "vitest";
import { progressBarSteps } from "./ProgressBar";

describe("progressBarSteps (spec 2 §2: three steps, hidden outside the funnel)", () => {
  const currentOf = (page: string) => progressBarSteps(page)?.find((step) => step.state === "current")?.step ?? null;

  it("marks step 1 on the lens product page", () => {
    expect(progressBarSteps("LensProductDetailPage")).toEqual([
      { step: 1, label: "Choose lenses", state: "current" },
      { step: 2, label: "Prescription & patient", state: "upcoming" },
      { step: 3, label: "Review & checkout", state: "upcoming" },
    ]);
  });

  it("marks step 2 on rx details, parameters, patient and upload success, with step 1 done", () => {
    for (const page of ["RxDetails", "Parameters", "Patient", "UploadSuccess"]) {
      expect(currentOf(page), page).toBe(2);
      expect(progressBarSteps(page)![0]!.state).toBe("done");
      expect(progressBarSteps(page)![2]!.state).toBe("upcoming");
    }
  });

  it("marks step 3 on the cart, address, doctor and checkout", () => {
    for (const page of ["Cart", "Address", "Doctor", "Checkout"]) expect(currentOf(page), page).toBe(3);
  });

  it("is hidden elsewhere", () => {
    for (const page of ["Home", "ProductListPage", "ThankYou", "Unknown", "OrderHistory"]) {
      expect(progressBarSteps(page), page).toBeNull();
    }
  });
});
