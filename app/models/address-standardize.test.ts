import { describe, expect, it } from "vitest";
import {
  addressesEqualForShipping,
  citiesMatch,
  standardizeName,
  standardizeSecondaryLine,
  standardizeStreetLine,
} from "./address-standardize";

describe("standardizeStreetLine: street suffixes", () => {
  it.each([
    ["123 Main Street", "123 MAIN ST"],
    ["123 Park Avenue", "123 PARK AVE"],
    ["9 Mill Road", "9 MILL RD"],
    ["1 Sunset Boulevard", "1 SUNSET BLVD"],
    ["45 Lake Drive", "45 LAKE DR"],
    ["7 Cherry Lane", "7 CHERRY LN"],
    ["8 Oak Court", "8 OAK CT"],
    ["12 Elm Place", "12 ELM PL"],
    ["3 Hill Terrace", "3 HILL TER"],
    ["400 Garden State Parkway", "400 GARDEN STATE PKWY"],
    ["100 Pacific Coast Highway", "100 PACIFIC COAST HWY"],
    ["6 Maple Circle", "6 MAPLE CIR"],
    ["2 Union Square", "2 UNION SQ"],
    ["55 Pine Trail", "55 PINE TRL"],
    ["10 Ocean Way", "10 OCEAN WAY"],
    ["77 Mill Crossing", "77 MILL XING"],
  ])("%s → %s", (entered, standard) => {
    expect(standardizeStreetLine(entered)).toBe(standard);
  });

  it("recognises common short spellings and drops periods", () => {
    expect(standardizeStreetLine("123 Main Str.")).toBe("123 MAIN ST");
    expect(standardizeStreetLine("5 Fifth Av")).toBe("5 FIFTH AVE");
    expect(standardizeStreetLine("5 Fifth Ave.")).toBe("5 FIFTH AVE");
  });

  it("abbreviates only the last suffix word, so a suffix word in the name stays", () => {
    expect(standardizeStreetLine("100 Court Street")).toBe("100 COURT ST");
    expect(standardizeStreetLine("1 Avenue of the Americas")).toBe("1 AVENUE OF THE AMERICAS");
  });
});

describe("standardizeStreetLine: directionals", () => {
  it.each([
    ["123 North Main Street", "123 N MAIN ST"],
    ["123 Main Street South", "123 MAIN ST S"],
    ["9 East Elm Avenue West", "9 E ELM AVE W"],
    ["1 Northeast Broadway", "1 NE BROADWAY"],
    ["2 Southwest Oak Road", "2 SW OAK RD"],
    ["150 South 300 East", "150 S 300 E"],
    ["12 n. Main st.", "12 N MAIN ST"],
  ])("%s → %s", (entered, standard) => {
    expect(standardizeStreetLine(entered)).toBe(standard);
  });

  it("keeps a directional that is the street's name", () => {
    expect(standardizeStreetLine("123 North Street")).toBe("123 NORTH ST");
    expect(standardizeStreetLine("40 West Avenue")).toBe("40 WEST AVE");
  });
});

describe("unit designators", () => {
  it.each([
    ["Apartment 4B", "APT 4B"],
    ["Suite 200", "STE 200"],
    ["Unit 7", "UNIT 7"],
    ["Building C", "BLDG C"],
    ["Floor 3", "FL 3"],
    ["Room 101", "RM 101"],
    ["#12", "# 12"],
    ["Apt. #4", "APT 4"],
    ["Building 5 Floor 2", "BLDG 5 FL 2"],
    ["Rear", "REAR"],
  ])("second line %s → %s", (entered, standard) => {
    expect(standardizeSecondaryLine(entered)).toBe(standard);
  });

  it("abbreviates a unit written on the first line, after the street", () => {
    expect(standardizeStreetLine("123 Main Street Apartment 4")).toBe("123 MAIN ST APT 4");
    expect(standardizeStreetLine("500 Oak Avenue Suite 210")).toBe("500 OAK AVE STE 210");
    expect(standardizeStreetLine("9 Elm Street #3")).toBe("9 ELM ST # 3");
    expect(standardizeStreetLine("9 Elm Street Apt #3")).toBe("9 ELM ST APT 3");
    expect(standardizeStreetLine("1 Market Street Rear")).toBe("1 MARKET ST REAR");
  });

  it("does not take a street word for a unit", () => {
    expect(standardizeStreetLine("12 Old Lot Road")).toBe("12 OLD LOT RD");
    expect(standardizeStreetLine("88 Suite Street")).toBe("88 SUITE ST");
  });

  it("writes post office boxes as PO BOX", () => {
    expect(standardizeStreetLine("P.O. Box 123")).toBe("PO BOX 123");
    expect(standardizeStreetLine("post office box 9")).toBe("PO BOX 9");
  });
});

describe("upper-casing and spacing", () => {
  it("upper-cases and collapses spaces in street, city and state", () => {
    expect(standardizeStreetLine("  12   main   st ")).toBe("12 MAIN ST");
    expect(standardizeName(" new   york ")).toBe("NEW YORK");
    expect(standardizeName("id")).toBe("ID");
  });
});

describe("citiesMatch", () => {
  it("ignores case, punctuation, hyphens, spacing and the usual abbreviations", () => {
    expect(citiesMatch("New York", "NEW YORK")).toBe(true);
    expect(citiesMatch("St. Mary", "Saint Mary")).toBe(true);
    expect(citiesMatch("Fort Campbell", "Ft Campbell")).toBe(true);
    expect(citiesMatch("Miami Bch", "Miami Beach")).toBe(true);
    expect(citiesMatch("Washington Twp", "Washington Township")).toBe(true);
    expect(citiesMatch("Winston-Salem", "Winston Salem")).toBe(true);
    expect(citiesMatch("McAllen", "Mc Allen")).toBe(true);
    expect(citiesMatch("Coeur d'Alene", "Coeur D Alene")).toBe(true);
  });

  it("tells different cities apart", () => {
    expect(citiesMatch("Boston", "New York")).toBe(false);
    expect(citiesMatch("Springfield", "Springdale")).toBe(false);
  });
});

describe("addressesEqualForShipping (spec 2 §5)", () => {
  const base = {
    firstName: "Ann",
    lastName: "Lee",
    address1: "123 Main St.",
    address2: "Apt 4",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    country: "US",
  };

  it("ignores case and whitespace in names, postal code, city, state and country", () => {
    expect(
      addressesEqualForShipping(base, {
        ...base,
        firstName: " ann ",
        lastName: "LEE",
        city: "BOISE",
        state: "id",
        postalCode: " 83702",
        country: "us",
      }),
    ).toBe(true);
    expect(addressesEqualForShipping(base, { ...base, city: "Bo ise" })).toBe(true);
  });

  it("ignores punctuation, case and repeated spaces in the street lines", () => {
    expect(addressesEqualForShipping(base, { ...base, address1: "123  MAIN  ST", address2: "apt. 4" })).toBe(true);
    expect(addressesEqualForShipping(base, { ...base, address2: "Apt #4" })).toBe(true);
  });

  it("differs when any field differs", () => {
    expect(addressesEqualForShipping(base, { ...base, firstName: "Anne" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, address1: "123 Main Street" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, address2: "" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, postalCode: "83702-1234" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, city: "Meridian" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, state: "WA" })).toBe(false);
    expect(addressesEqualForShipping(base, { ...base, country: "CA" })).toBe(false);
  });

  it("reads a missing country or second line as US and empty", () => {
    expect(addressesEqualForShipping({ ...base, address2: "" }, { ...base, address2: null, country: undefined })).toBe(
      true,
    );
  });
});
