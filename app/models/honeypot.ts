/**
 * The honeypot field of anonymous forms (a field people never see; bots fill it in). Its time-stamp part is off,
 * so the inputs are the same on every page: nothing per request, and anonymous pages stay cacheable.
 */
export const HONEYPOT_INPUT_PROPS = {
  nameFieldName: "name__confirm",
  validFromFieldName: null,
  encryptedValidFrom: "",
} as const;
