import { describe, expect, it } from "vitest";
import { createZipCodeVerifier, lookupZip, TWO_STATE_ZIPS } from "./zip-code-verifier.server";

const verifier = createZipCodeVerifier();
const address = (fields: Partial<Parameters<typeof verifier.verify>[0]>) => ({
  address1: "20 W 34th Street",
  address2: "",
  city: "New York",
  state: "NY",
  postalCode: "10001",
  country: "US",
  ...fields,
});

describe("the embedded ZIP-code verifier", () => {
  it("matches 10001 New York NY, standardising the street", async () => {
    expect(await verifier.verify(address({}))).toEqual({
      matches: [{ address1: "20 W 34TH ST", address2: "", city: "NEW YORK", state: "NY", postalCode: "10001" }],
    });
  });

  it("suggests the ZIP's city when the city is not the ZIP's (10001 'Boston' → NEW YORK)", async () => {
    const { matches } = await verifier.verify(address({ city: "Boston" }));
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ city: "NEW YORK", state: "NY", postalCode: "10001" });
  });

  it("suggests the ZIP's state and city when the state disagrees (83702 with WA → Boise ID)", async () => {
    const { matches } = await verifier.verify(
      address({ address1: "1 Capitol Boulevard", city: "Seattle", state: "WA", postalCode: "83702" }),
    );
    expect(matches).toEqual([
      { address1: "1 CAPITOL BLVD", address2: "", city: "BOISE", state: "ID", postalCode: "83702" },
    ]);
  });

  it("keeps the entered spelling of a matching city (Saint/St), upper-cased", async () => {
    const { matches } = await verifier.verify(address({ city: "St. Mary", state: "MO", postalCode: "63673" }));
    expect(matches[0]).toMatchObject({ city: "ST. MARY", state: "MO" });
  });

  it("knows Puerto Rico: 00601 Adjuntas PR", async () => {
    const { matches } = await verifier.verify(address({ city: "adjuntas", state: "pr", postalCode: "00601" }));
    expect(matches[0]).toMatchObject({ city: "ADJUNTAS", state: "PR", postalCode: "00601" });
  });

  it("accepts a two-state ZIP in either state", async () => {
    for (const state of ["KY", "TN"]) {
      const { matches } = await verifier.verify(address({ city: "Fort Campbell", state, postalCode: "42223" }));
      expect(matches[0]).toMatchObject({ city: "FORT CAMPBELL", state, postalCode: "42223" });
    }
    const { matches } = await verifier.verify(address({ city: "Texhoma", state: "NM", postalCode: "73949" }));
    expect(matches[0]).toMatchObject({ state: "OK" });
  });

  it("has the spec's thirteen two-state ZIPs, each known to the dataset in its first state", () => {
    expect(Object.keys(TWO_STATE_ZIPS)).toHaveLength(13);
    for (const [zip, states] of Object.entries(TWO_STATE_ZIPS)) {
      expect(lookupZip(zip)?.states).toEqual(states);
    }
  });

  it("keeps ZIP+4 as given (normalised to a dash) and the unit line standardised", async () => {
    const { matches } = await verifier.verify(address({ postalCode: "10001 1234", address2: "Suite 5" }));
    expect(matches[0]).toMatchObject({ postalCode: "10001-1234", address2: "STE 5" });
  });

  it("checks a military ZIP against its APO/FPO/DPO city and AA/AE/AP state", async () => {
    const { matches } = await verifier.verify(
      address({ address1: "Unit 2050 Box 4190", city: "APO", state: "AE", postalCode: "09002" }),
    );
    expect(matches[0]).toMatchObject({ city: "APO", state: "AE", postalCode: "09002" });
  });

  it("finds no match for an unknown ZIP, a malformed one, or a Canadian postal code", async () => {
    expect(await verifier.verify(address({ postalCode: "00000" }))).toEqual({ matches: [] });
    expect(await verifier.verify(address({ postalCode: "1234" }))).toEqual({ matches: [] });
    expect(await verifier.verify(address({ postalCode: "K1A 0B1", country: "US" }))).toEqual({ matches: [] });
    expect(await verifier.verify(address({ postalCode: "K1A 0B1", country: "CA", state: "ON" }))).toEqual({
      matches: [],
    });
    expect(lookupZip("K1A")).toBeNull();
  });
});
