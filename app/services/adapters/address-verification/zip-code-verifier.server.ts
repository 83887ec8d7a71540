import zipcodes from "zipcodes";
import { normalizeUsZip } from "~/models/address";
import {
  citiesMatch,
  standardizeName,
  standardizeSecondaryLine,
  standardizeStreetLine,
} from "~/models/address-standardize";
import type { AddressSuggestion, AddressVerifier, VerifiableAddress } from "./address-verifier";

/**
 * The embedded default: a US ZIP-code dataset (the `zipcodes` package) on this machine, no network. It cannot
 * know streets, so it checks what it can — the ZIP exists, the state is the ZIP's, the city is the ZIP's — and
 * answers with one standardised suggestion: the entered street lines in USPS form, the city and state upper-cased
 * (the ZIP's own when the entry disagrees with it), the ZIP as entered (ZIP+4 kept). An unknown ZIP, or one the
 * dataset places outside the US, is no match.
 */

/** Spec 2 §5: the ZIPs that span two states; the dataset knows one state per ZIP (the first here). */
export const TWO_STATE_ZIPS: Readonly<Record<string, readonly [string, string]>> = {
  "02861": ["RI", "MA"],
  "42223": ["KY", "TN"],
  "59221": ["MT", "ND"],
  "63673": ["MO", "IL"],
  "71749": ["AR", "LA"],
  "73949": ["OK", "TX"],
  "81137": ["CO", "NM"],
  "84536": ["UT", "AZ"],
  "86044": ["AZ", "UT"],
  "86515": ["AZ", "NM"],
  "88063": ["NM", "TX"],
  "89439": ["NV", "CA"],
  "97635": ["OR", "CA"],
};

export interface ZipRecord {
  zip: string;
  city: string;
  /** The states the ZIP lies in (two for the ZIPs in TWO_STATE_ZIPS). */
  states: readonly string[];
}

/** The dataset's record for a 5-digit ZIP, or null when it does not know it as a US ZIP. */
export function lookupZip(zip5: string): ZipRecord | null {
  if (!/^\d{5}$/.test(zip5)) return null;
  const record = zipcodes.lookup(zip5);
  if (!record || record.country !== "US") return null;
  return { zip: record.zip, city: record.city, states: TWO_STATE_ZIPS[zip5] ?? [record.state.toUpperCase()] };
}

/** The one suggestion for an address, or null when its ZIP is not a known US ZIP. */
export function suggestFromZip(address: VerifiableAddress): AddressSuggestion | null {
  if (address.country.trim().toUpperCase() !== "US") return null;
  const postalCode = normalizeUsZip(address.postalCode);
  const record = postalCode ? lookupZip(postalCode.slice(0, 5)) : null;
  if (!postalCode || !record) return null;
  const enteredState = standardizeName(address.state);
  // When the state is not the ZIP's, the ZIP wins: it is the more specific of the two.
  const state = record.states.includes(enteredState) ? enteredState : record.states[0]!;
  const city = citiesMatch(address.city, record.city) ? address.city : record.city;
  return {
    address1: standardizeStreetLine(address.address1),
    address2: standardizeSecondaryLine(address.address2),
    city: standardizeName(city),
    state,
    postalCode,
  };
}

export function createZipCodeVerifier(): AddressVerifier {
  return {
    async verify(address) {
      const suggestion = suggestFromZip(address);
      return { matches: suggestion ? [suggestion] : [] };
    },
  };
}
