import { describe, expect, it } from "vitest";
import {
  cartGuard,
  doctorRequired,
  FUNNEL_PAGES,
  funnelFlow,
  type FunnelAddress,
  type FunnelGroup,
  type FunnelPage,
  type FunnelState,
  isSkipped,
  journeyNextPage,
  nextPage,
  PROGRESS_STEPS,
  progressStep,
  usableShippingAddress,
} from "./funnel";
import { pagePath } from "./page";
import { SUBMIT_AND_SKIP_UPC } from "./stock";

const UPC_RIGHT = "00012345678";
const UPC_LEFT = "00087654321";

/** A fresh lens group: both eyes, parameters not yet resolved to UPCs, no patient, no doctor. */
function lensGroup(overrides: Partial<FunnelGroup> = {}): FunnelGroup {
  return {
    id: "g1",
    type: "Lens",
    items: [
      { id: "r", whichEye: "right", upc: null },
      { id: "l", whichEye: "left", upc: null },
    ],
    rxEntryType: null,
    submitAndSkipImageId: null,
    submitAndSkipImageClassification: null,
    patient: null,
    hasDoctor: false,
    isPrivateLabel: false,
    examVoucherToken: null,
    ...overrides,
  };
}

const withUpcs = (right: string | null = UPC_RIGHT, left: string | null = UPC_LEFT): FunnelGroup["items"] => [
  { id: "r", whichEye: "right", upc: right },
  { id: "l", whichEye: "left", upc: left },
];

function solutionGroup(overrides: Partial<FunnelGroup> = {}): FunnelGroup {
  return lensGroup({
    id: "s1",
    type: "Solution",
    items: [{ id: "s", whichEye: "none", upc: "00011112222" }],
    ...overrides,
  });
}

const usAddress: FunnelAddress = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Main St",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
  phone: null,
};
const canadianAddress: FunnelAddress = {
  ...usAddress,
  city: "Toronto",
  state: "ON",
  postalCode: "M5V 2T6",
  country: "CA",
  phone: "4165550100",
};

function state(overrides: Partial<FunnelState> = {}): FunnelState {
  return {
    groups: [lensGroup()],
    cartEmpty: false,
    proceededPastCart: false,
    address: { shipping: null, primary: null, signedIn: false, accountPhone: null },
    ...overrides,
  };
}

const named = { firstName: "Ada", lastName: "Lovelace" };

describe("pagePath (spec 2 §2)", () => {
  it("maps every funnel page to the spec's path", () => {
    expect(Object.fromEntries(FUNNEL_PAGES.map((page) => [page, pagePath(page)]))).toEqual({
      LensProductDetailPage: "/lens",
      SolutionProductDetailPage: "/contact-lens-solution",
      ProductListPage: "/lenses",
      RxDetails: "/rx-details",
      Parameters: "/parameters",
      Patient: "/patient",
      UploadSuccess: "/upload-success",
      Cart: "/cart",
      Address: "/address",
      Doctor: "/doctor",
      Checkout: "/checkout",
      ThankYou: "/thank-you",
    });
  });

  it("appends an optional extra segment", () => {
    expect(pagePath("LensProductDetailPage", "acuvue-oasys")).toBe("/lens/acuvue-oasys");
    expect(pagePath("SolutionProductDetailPage", "opti-free")).toBe("/contact-lens-solution/opti-free");
    expect(pagePath("SolutionProductDetailPage", "a b")).toBe("/contact-lens-solution/a%20b");
  });

  it("yields null for an unknown page name", () => {
    expect(pagePath("NoSuchPage")).toBeNull();
    expect(pagePath("NoSuchPage", "x")).toBeNull();
  });
});

describe("isSkipped (spec 2 §4)", () => {
  it.each(["LensProductDetailPage", "SolutionProductDetailPage"] as const)(
    "%s: skipped only when every group has line items",
    (page) => {
      expect(isSkipped(page, state({ groups: [lensGroup(), solutionGroup()] }))).toBe(true);
      expect(isSkipped(page, state({ groups: [lensGroup(), solutionGroup({ items: [] })] }))).toBe(false);
    },
  );

  describe("RxDetails", () => {
    it("is skipped when every lens line has a upc (the placeholder counts)", () => {
      expect(isSkipped("RxDetails", state({ groups: [lensGroup({ items: withUpcs() })] }))).toBe(true);
      const placeholder = lensGroup({ items: withUpcs(SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC) });
      expect(isSkipped("RxDetails", state({ groups: [placeholder] }))).toBe(true);
    });

    it("is skipped when a lens group has a submit-and-skip image, whatever its upcs", () => {
      expect(isSkipped("RxDetails", state({ groups: [lensGroup({ submitAndSkipImageId: "img-1" })] }))).toBe(true);
    });

    it("is shown when one lens group lacks both an image and a upc on every line", () => {
      expect(isSkipped("RxDetails", state({ groups: [lensGroup({ items: withUpcs(UPC_RIGHT, null) })] }))).toBe(false);
      const done = lensGroup({ id: "g2", items: withUpcs() });
      expect(isSkipped("RxDetails", state({ groups: [done, lensGroup()] }))).toBe(false);
    });

    it("looks only at lens groups", () => {
      const solutionWithoutUpc = solutionGroup({ items: [{ id: "s", whichEye: "none", upc: null }] });
      expect(isSkipped("RxDetails", state({ groups: [lensGroup({ items: withUpcs() }), solutionWithoutUpc] }))).toBe(
        true,
      );
    });
  });

  describe("Parameters", () => {
    it("is skipped when every group has a upc on every line", () => {
      const groups = [lensGroup({ items: withUpcs(), rxEntryType: "Manual" }), solutionGroup()];
      expect(isSkipped("Parameters", state({ groups }))).toBe(true);
    });

    it("is shown when any group, solution included, has a line without a upc", () => {
      const manual = lensGroup({ items: withUpcs(UPC_RIGHT, null), rxEntryType: "Manual" });
      expect(isSkipped("Parameters", state({ groups: [manual] }))).toBe(false);
      const solutionWithoutUpc = solutionGroup({ items: [{ id: "s", whichEye: "none", upc: null }] });
      expect(isSkipped("Parameters", state({ groups: [lensGroup({ items: withUpcs() }), solutionWithoutUpc] }))).toBe(
        false,
      );
    });

    const submitAndSkip = (classification: FunnelGroup["submitAndSkipImageClassification"], items = withUpcs()) =>
      state({
        groups: [
          lensGroup({
            rxEntryType: "SubmitAndSkip",
            submitAndSkipImageId: "img-1",
            submitAndSkipImageClassification: classification,
            items,
          }),
        ],
      });
    const placeholders = withUpcs(SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC);

    it("is shown for a submit-and-skip Prescription or Box image while a placeholder upc remains", () => {
      expect(isSkipped("Parameters", submitAndSkip("Prescription", placeholders))).toBe(false);
      expect(isSkipped("Parameters", submitAndSkip("Box", placeholders))).toBe(false);
      expect(isSkipped("Parameters", submitAndSkip("Box", withUpcs(UPC_RIGHT, SUBMIT_AND_SKIP_UPC)))).toBe(false);
    });

    it("is skipped for a submit-and-skip image classified other than Prescription or Box (or not classified)", () => {
      expect(isSkipped("Parameters", submitAndSkip("Human", placeholders))).toBe(true);
      expect(isSkipped("Parameters", submitAndSkip("Other", placeholders))).toBe(true);
      expect(isSkipped("Parameters", submitAndSkip(null, placeholders))).toBe(true);
    });

    it("is skipped for submit-and-skip when all upcs are real (not the placeholder)", () => {
      expect(isSkipped("Parameters", submitAndSkip("Prescription", withUpcs()))).toBe(true);
    });
  });

  describe("Patient", () => {
    it("is skipped when every lens group has a patient with a full name", () => {
      expect(isSkipped("Patient", state({ groups: [lensGroup({ patient: named }), solutionGroup()] }))).toBe(true);
    });

    it("is shown when a lens group has no patient or half a name", () => {
      expect(isSkipped("Patient", state({ groups: [lensGroup()] }))).toBe(false);
      const noLast = lensGroup({ patient: { firstName: "Ada", lastName: " " } });
      expect(isSkipped("Patient", state({ groups: [noLast] }))).toBe(false);
      const noFirst = lensGroup({ patient: { firstName: "", lastName: "Lovelace" } });
      expect(isSkipped("Patient", state({ groups: [noFirst] }))).toBe(false);
      expect(isSkipped("Patient", state({ groups: [lensGroup({ patient: named }), lensGroup()] }))).toBe(false);
    });
  });

  it("Cart: skipped once the shopper has proceeded past the cart", () => {
    expect(isSkipped("Cart", state({ proceededPastCart: true }))).toBe(true);
    expect(isSkipped("Cart", state({ proceededPastCart: false }))).toBe(false);
  });

  describe("Address", () => {
    const address = (overrides: Partial<FunnelState["address"]>) =>
      state({ address: { shipping: null, primary: null, signedIn: true, accountPhone: null, ...overrides } });

    it("is skipped when the cart's shipping address is valid", () => {
      expect(isSkipped("Address", address({ shipping: usAddress, signedIn: false }))).toBe(true);
    });

    it("is shown when the shipping address lacks a field or a needed phone, and nothing replaces it", () => {
      expect(isSkipped("Address", address({ shipping: { ...usAddress, address1: "" } }))).toBe(false);
      expect(isSkipped("Address", address({ shipping: { ...canadianAddress, phone: null } }))).toBe(false);
      expect(isSkipped("Address", address({ shipping: null }))).toBe(false);
    });

    it("is skipped when a signed-in customer's primary address can replace it", () => {
      expect(isSkipped("Address", address({ shipping: { ...usAddress, city: "" }, primary: usAddress }))).toBe(true);
    });

    it("the primary address only replaces it when signed in", () => {
      expect(isSkipped("Address", address({ primary: usAddress, signedIn: false }))).toBe(false);
    });

    it("fills the account phone into a primary address that needs one", () => {
      const military = { ...usAddress, city: "APO", state: "AE", postalCode: "09001", phone: null };
      expect(isSkipped("Address", address({ primary: military }))).toBe(false);
      expect(isSkipped("Address", address({ primary: military, accountPhone: "2085550100" }))).toBe(true);
      expect(
        usableShippingAddress({ shipping: null, primary: military, signedIn: true, accountPhone: "2085550100" }),
      ).toEqual({ ...military, phone: "2085550100" });
    });
  });

  describe("Doctor", () => {
    it("is shown while a group requires a doctor", () => {
      expect(isSkipped("Doctor", state({ groups: [lensGroup({ items: withUpcs() })] }))).toBe(false);
    });

    it("is skipped when no group requires one", () => {
      expect(isSkipped("Doctor", state({ groups: [lensGroup({ hasDoctor: true }), solutionGroup()] }))).toBe(true);
    });

    it("reads international shipping from the address the order would ship to", () => {
      const abroad = { shipping: canadianAddress, primary: null, signedIn: false, accountPhone: null };
      expect(isSkipped("Doctor", state({ address: abroad }))).toBe(true);
      const replacedByPrimary = { shipping: null, primary: canadianAddress, signedIn: true, accountPhone: null };
      expect(isSkipped("Doctor", state({ address: replacedByPrimary }))).toBe(true);
    });
  });

  it.each(["ProductListPage", "UploadSuccess", "Checkout", "ThankYou"] as const)("%s is never skipped", (page) => {
    const allMet = state({
      groups: [lensGroup({ items: withUpcs(), patient: named, hasDoctor: true })],
      proceededPastCart: true,
      address: { shipping: usAddress, primary: null, signedIn: false, accountPhone: null },
    });
    expect(isSkipped(page, allMet)).toBe(false);
  });
});

describe("doctorRequired (spec 2 §4 Doctor rules)", () => {
  const domestic = { international: false };
  const required = lensGroup({ items: withUpcs(), rxEntryType: "Manual" });

  it("is required for a lens group with no doctor, not private label, no voucher, shipping in the US", () => {
    expect(doctorRequired(required, domestic)).toBe(true);
    expect(doctorRequired({ ...required, rxEntryType: null }, domestic)).toBe(true);
  });

  it("is not required for a group without lenses", () => {
    expect(doctorRequired({ ...required, type: "Solution" }, domestic)).toBe(false);
    expect(doctorRequired({ ...required, items: [] }, domestic)).toBe(false);
  });

  it("is not required once the group has a doctor", () => {
    expect(doctorRequired({ ...required, hasDoctor: true }, domestic)).toBe(false);
  });

  it("is not required for private label", () => {
    expect(doctorRequired({ ...required, isPrivateLabel: true }, domestic)).toBe(false);
  });

  it("is not required with an exam voucher token", () => {
    expect(doctorRequired({ ...required, examVoucherToken: "tok" }, domestic)).toBe(false);
  });

  it("is not required when shipping internationally", () => {
    expect(doctorRequired(required, { international: true })).toBe(false);
  });

  it("for submit-and-skip, is required only when an image classification exists and is not Prescription", () => {
    const sas = { ...required, rxEntryType: "SubmitAndSkip" as const };
    expect(doctorRequired({ ...sas, submitAndSkipImageClassification: null }, domestic)).toBe(false);
    expect(doctorRequired({ ...sas, submitAndSkipImageClassification: "Prescription" }, domestic)).toBe(false);
    expect(doctorRequired({ ...sas, submitAndSkipImageClassification: "Box" }, domestic)).toBe(true);
    expect(doctorRequired({ ...sas, submitAndSkipImageClassification: "Human" }, domestic)).toBe(true);
    expect(doctorRequired({ ...sas, submitAndSkipImageClassification: "Other" }, domestic)).toBe(true);
  });
});

describe("funnelFlow", () => {
  it("is the solution flow only when there are groups and all contain solutions only", () => {
    expect(funnelFlow([solutionGroup(), solutionGroup({ id: "s2" })])).toBe("solution");
    expect(funnelFlow([solutionGroup(), lensGroup()])).toBe("lens");
    expect(funnelFlow([])).toBe("lens");
  });
});

describe("nextPage, lens flow (spec 2 §4)", () => {
  const to = (current: FunnelPage, s: FunnelState) => nextPage(current, s).page;
  const validAddress = { shipping: usAddress, primary: null, signedIn: false, accountPhone: null };

  it("walks a fresh lens group through every page a shopper still has to fill in", () => {
    let s = state();
    expect(to("LensProductDetailPage", s)).toBe("RxDetails");
    expect(to("RxDetails", s)).toBe("Parameters");

    s = state({ groups: [lensGroup({ items: withUpcs() })] });
    expect(to("LensProductDetailPage", s)).toBe("Patient");

    s = state({ groups: [lensGroup({ items: withUpcs(), patient: named })] });
    expect(to("LensProductDetailPage", s)).toBe("Cart");
    expect(to("Patient", s)).toBe("Cart");
    expect(to("Cart", s)).toBe("Address");

    s = { ...s, proceededPastCart: true };
    expect(to("LensProductDetailPage", s)).toBe("Address");

    s = { ...s, address: validAddress };
    expect(to("LensProductDetailPage", s)).toBe("Doctor");
    expect(to("Address", s)).toBe("Doctor");
    expect(to("Doctor", s)).toBe("Checkout");

    s = { ...s, groups: [lensGroup({ items: withUpcs(), patient: named, hasDoctor: true })] };
    expect(to("LensProductDetailPage", s)).toBe("Checkout");
    expect(to("Address", s)).toBe("Checkout");
  });

  it("keeps Parameters after RxDetails when a submit-and-skip Prescription image still has placeholders", () => {
    const sas = lensGroup({
      rxEntryType: "SubmitAndSkip",
      submitAndSkipImageId: "img",
      submitAndSkipImageClassification: "Prescription",
      items: withUpcs(SUBMIT_AND_SKIP_UPC, SUBMIT_AND_SKIP_UPC),
    });
    expect(to("LensProductDetailPage", state({ groups: [sas] }))).toBe("Parameters");
    const human = { ...sas, submitAndSkipImageClassification: "Human" as const };
    expect(to("LensProductDetailPage", state({ groups: [human] }))).toBe("Patient");
  });

  it("goes from UploadSuccess to Patient, skipping it when the patient is named", () => {
    expect(to("UploadSuccess", state())).toBe("Patient");
    expect(to("UploadSuccess", state({ groups: [lensGroup({ patient: named })] }))).toBe("Cart");
  });

  it("keeps ProductListPage put, and Checkout and ThankYou, which no flow moves on from", () => {
    expect(nextPage("ProductListPage", state())).toEqual({ page: "ProductListPage", clearsCurrentGroup: false });
    expect(to("Checkout", state())).toBe("Checkout");
    expect(to("ThankYou", state())).toBe("ThankYou");
  });

  it("sends a page after the cart to ProductListPage when the cart is empty", () => {
    const pastCart = state({ groups: [lensGroup({ items: withUpcs(), patient: named })], proceededPastCart: true });
    expect(nextPage("Patient", pastCart)).toEqual({ page: "Address", clearsCurrentGroup: true });
    expect(nextPage("Patient", { ...pastCart, cartEmpty: true })).toEqual({
      page: "ProductListPage",
      clearsCurrentGroup: false,
    });
    expect(to("Doctor", { ...pastCart, cartEmpty: true })).toBe("ProductListPage");
  });

  it("does not redirect the cart itself when the cart is empty", () => {
    const s = state({ groups: [lensGroup({ items: withUpcs(), patient: named })], cartEmpty: true });
    expect(to("Patient", s)).toBe("Cart");
  });

  it("clears the current line item group only when moving to a page after the cart", () => {
    const s = state({ groups: [lensGroup({ items: withUpcs(), patient: named })], address: validAddress });
    expect(nextPage("LensProductDetailPage", state()).clearsCurrentGroup).toBe(false);
    expect(nextPage("Patient", s)).toEqual({ page: "Cart", clearsCurrentGroup: false });
    expect(nextPage("Cart", s)).toEqual({ page: "Doctor", clearsCurrentGroup: true });
    expect(nextPage("Doctor", s)).toEqual({ page: "Checkout", clearsCurrentGroup: true });
    expect(nextPage("Cart", { ...s, address: { ...validAddress, shipping: null } })).toEqual({
      page: "Address",
      clearsCurrentGroup: true,
    });
  });
});

describe("nextPage, solution flow (spec 2 §4)", () => {
  const to = (current: FunnelPage, s: FunnelState) => nextPage(current, s).page;
  const solutions = state({ groups: [solutionGroup()] });

  it("goes from the solution product page, RxDetails and Patient straight to the cart", () => {
    expect(to("SolutionProductDetailPage", solutions)).toBe("Cart");
    expect(to("RxDetails", solutions)).toBe("Cart");
    expect(to("Patient", solutions)).toBe("Cart");
  });

  it("continues Cart → Address → Checkout (a solution never needs a doctor)", () => {
    expect(nextPage("Cart", solutions)).toEqual({ page: "Address", clearsCurrentGroup: true });
    const withAddress = { ...solutions, address: { ...solutions.address, shipping: usAddress } };
    expect(to("Cart", withAddress)).toBe("Checkout");
    expect(to("Address", withAddress)).toBe("Checkout");
    expect(to("SolutionProductDetailPage", { ...withAddress, proceededPastCart: true })).toBe("Checkout");
  });

  it("applies only when all working groups are solution groups", () => {
    const mixed = state({ groups: [solutionGroup(), lensGroup()] });
    expect(to("RxDetails", mixed)).toBe("Parameters");
    expect(to("SolutionProductDetailPage", mixed)).toBe("Cart");
  });
});

describe("progressStep (spec 2 §2 progress bar)", () => {
  it("has three steps", () => {
    expect(PROGRESS_STEPS).toBe(3);
  });

  it("puts every funnel page on its step, hiding the bar elsewhere", () => {
    expect(Object.fromEntries(FUNNEL_PAGES.map((page) => [page, progressStep(page)]))).toEqual({
      LensProductDetailPage: 1,
      SolutionProductDetailPage: null,
      ProductListPage: null,
      RxDetails: 2,
      Parameters: 2,
      Patient: 2,
      UploadSuccess: 2,
      Cart: 3,
      Address: 3,
      Doctor: 3,
      Checkout: 3,
      ThankYou: null,
    });
    expect(progressStep("RxWallet")).toBeNull();
    expect(progressStep("toString")).toBeNull();
  });
});

describe("journeyNextPage (spec 2 §4 Journey next page)", () => {
  const request = { complete: false, path: "/prescription-request", orderNumber: "A1" };

  it("ends on thank-you with the order number for a finalized order, before anything else", () => {
    const journey = { finalizedOrderNumber: "123 45", examOptions: {}, prescriptionRequest: request };
    expect(journeyNextPage(journey, "Checkout", state())).toEqual({
      path: "/thank-you?oid=123%2045",
      terminal: true,
      clearsCurrentGroup: false,
    });
  });

  it("ends on the exam landing, with its variation, for exam options, before a prescription request", () => {
    expect(journeyNextPage({ examOptions: {}, prescriptionRequest: request }, "Patient", state()).path).toBe("/exam");
    const variation = { examOptions: { landingPageVariation: "b" } };
    expect(journeyNextPage(variation, "Patient", state())).toEqual({
      path: "/exam/b",
      terminal: true,
      clearsCurrentGroup: false,
    });
  });

  it("ends on upload-rx for a complete prescription request, with its order number when it has one", () => {
    const complete = { ...request, complete: true };
    expect(journeyNextPage({ prescriptionRequest: complete }, "Patient", state())).toEqual({
      path: "/upload-rx?oid=A1",
      terminal: true,
      clearsCurrentGroup: false,
    });
    expect(journeyNextPage({ prescriptionRequest: { ...complete, orderNumber: null } }, "Patient", state()).path).toBe(
      "/upload-rx",
    );
  });

  it("goes to an incomplete prescription request's own path", () => {
    expect(journeyNextPage({ prescriptionRequest: request }, "Patient", state())).toEqual({
      path: "/prescription-request",
      terminal: false,
      clearsCurrentGroup: false,
    });
  });

  it("otherwise follows the funnel, carrying its clear-group flag", () => {
    expect(journeyNextPage({}, "LensProductDetailPage", state())).toEqual({
      path: "/rx-details",
      terminal: false,
      clearsCurrentGroup: false,
    });
    const named = state({ groups: [lensGroup({ items: withUpcs(), patient: { firstName: "A", lastName: "B" } })] });
    expect(journeyNextPage({ finalizedOrderNumber: " " }, "Cart", named)).toEqual({
      path: "/address",
      terminal: false,
      clearsCurrentGroup: true,
    });
  });
});

describe("cartGuard (spec 2 §4)", () => {
  it("stays when the cart has items", () => {
    expect(cartGuard(state({ cartEmpty: false }))).toBe("stay");
  });

  it("moves lens items without a upc into an empty cart", () => {
    const groups = [
      lensGroup({ items: withUpcs(UPC_RIGHT, null) }),
      lensGroup({ id: "g2", items: [{ id: "r2", whichEye: "right", upc: null }] }),
      solutionGroup({ items: [{ id: "s", whichEye: "none", upc: null }] }),
    ];
    expect(cartGuard(state({ cartEmpty: true, groups }))).toEqual({ moveItems: ["l", "r2"] });
  });

  it("sends the shopper home when the cart is empty and no lens item lacks a upc", () => {
    expect(cartGuard(state({ cartEmpty: true, groups: [lensGroup({ items: withUpcs() }), solutionGroup()] }))).toBe(
      "home",
    );
    expect(cartGuard(state({ cartEmpty: true, groups: [] }))).toBe("home");
  });
});
