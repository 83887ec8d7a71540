import { fullNameFits, normalizeEmail, ACCOUNT_MESSAGES } from "~/models/account";
import {
  apiServices,
  AUTH_SIGN_IN,
  authOk,
  customerJson,
  enforceRateLimit,
  issueToken,
  promoteQuasiAccount,
  requireMethod,
  updateCustomerProfile,
} from "~/services/api/auth.server";
import { createCustomer, EmailTakenError } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import { sendWelcomeEmail } from "~/services/accounts/auth/account-emails.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.authentication.account";
import { countSubscriptions } from "~/services/subscriptions/subscriptions.server";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { createAccountSchema, promoteAccountSchema } from "~/services/api/openapi/authentication.server";

const EMAIL_TAKEN_MESSAGE = "An account with this e-mail already exists.";
const ALREADY_HAS_PASSWORD_MESSAGE = "This account already has a password. Sign in with it, or reset it.";

export function loader() {
  return methodNotAllowed("POST", "PUT");
}

/** POST creates an account; PUT promotes the signed-in quasi (guest) account. Spec 8: failures are CreateAccountFailed. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST", "PUT");
  return request.method === "PUT" ? promote(request, context) : create(request, context);
}

/** POST {emailAddress, password, firstName, lastName, phoneNumber?, rememberMe?} → 201 { customer, token, expiresAt }. */
async function create(request: Request, context: Route.ActionArgs["context"]) {
  const input = await readJsonBody(request, createAccountSchema, {
    code: "CreateAccountFailed",
    unreadableCode: "InvalidArguments",
  });
  const { services, db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("create-account", normalizeEmail(input.emailAddress), clientIp));
  let customer = await createCustomer(db, { ...input, email: input.emailAddress }).catch((error: unknown) => {
    if (error instanceof EmailTakenError) return null;
    throw error;
  });
  if (!customer) return jsonError(400, EMAIL_TAKEN_MESSAGE, { code: "CreateAccountFailed" });
  if (input.phoneNumber) customer = await updateCustomerProfile(db, customer.id, { phone: input.phoneNumber });
  await sendWelcomeEmail(services, customer);
  return authOk(await issueToken(db, customer, "create-account", input.rememberMe), 201);
}

/** PUT {password, firstName?, lastName?} → { customer }: the guest account's first password; it stays signed in. */
async function promote(request: Request, context: Route.ActionArgs["context"]) {
  const signedIn = requireApiCustomer(request, context, AUTH_SIGN_IN);
  const input = await readJsonBody(request, promoteAccountSchema, {
    code: "CreateAccountFailed",
    unreadableCode: "InvalidArguments",
  });
  if (signedIn.hasPassword) return jsonError(400, ALREADY_HAS_PASSWORD_MESSAGE, { code: "CreateAccountFailed" });
  if (!fullNameFits(input.firstName ?? signedIn.firstName, input.lastName ?? signedIn.lastName)) {
    return jsonError(400, ACCOUNT_MESSAGES.fullNameTooLong, {
      code: "CreateAccountFailed",
      fieldErrors: { lastName: [ACCOUNT_MESSAGES.fullNameTooLong] },
    });
  }
  const customer = await promoteQuasiAccount(apiServices(context).db, signedIn.id, input);
  if (!customer) return jsonError(400, ALREADY_HAS_PASSWORD_MESSAGE, { code: "CreateAccountFailed" });
  return authOk({ customer: customerJson(customer, await countSubscriptions(apiServices(context).db, customer.id)) });
}
