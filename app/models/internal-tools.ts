/** The data sets of the internal test-data/{name} page (outside production), with what each lists. */
export const TEST_DATA_SETS = {
  cards: "Test card numbers for the embedded card vault",
  "promo-codes": "Coupon codes of the demo promotions",
  doctors: "Demo eye doctors to search for",
  customers: "The newest accounts in this database, to sign in as (PINs and links arrive in the dev mailbox)",
} as const;
export type TestDataSet = keyof typeof TEST_DATA_SETS;

export function isTestDataSet(name: string): name is TestDataSet {
  return Object.hasOwn(TEST_DATA_SETS, name);
}
