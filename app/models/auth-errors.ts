/** The spec's authentication error codes (spec 1 §8), plus TooManyRequests for the rate limits (decision 10). */
export const AUTH_ERROR_CODES = [
  "InvalidArguments",
  "InvalidCredentials",
  "Logout",
  "AuthorizationFailed",
  "CreateAccountFailed",
  "CreatePinFailed",
  "TooManyRequests",
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
