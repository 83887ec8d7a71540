import { fullNameFits, normalizeEmail, ACCOUNT_MESSAGES } from "~/models/account";
import {
  apiServices,
  authError,
  authOk,
  customerJson,
  enforceRateLimit,
  issueToken,
  parseInput,
  promoteQuasiAccount,
  readJsonBody,
  requireApiCustomer,
  requireMethod,
  updateCustomerProfile,
} from "~/services/api/auth.server";
import { createCustomer, EmailTakenError } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import { sendWelcomeEmail } from "~/services/accounts/auth/account-emails.server";
import type { Route } from "./+types/api.authentication.account";
import { countSubscriptions } from "~/services/subscriptions/subscriptions.server";
import { methodNotAllowed } from "~/services/api/json.server";
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
  const input = parseInput(createAccountSchema, await readJsonBody(request), "CreateAccountFailed");
  const { services, db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("create-account", normalizeEmail(input.emailAddress), clientIp));
  let customer = await createCustomer(db, { ...input, email: input.emailAddress }).catch((error: unknown) => {
    if (error instanceof EmailTakenError) return null;
    throw error;
  });
  if (!customer) return authError(400, "CreateAccountFailed", EMAIL_TAKEN_MESSAGE);
  if (input.phoneNumber) customer = await updateCustomerProfile(db, customer.id, { phone: input.phoneNumber });
  await sendWelcomeEmail(services, customer);
  return authOk(await issueToken(db, customer, "create-account", input.rememberMe), 201);
}

/** PUT {password, firstName?, lastName?} → { customer }: the guest account's first password; it stays signed in. */
async function promote(request: Request, context: Route.ActionArgs["context"]) {
  const signedIn = requireApiCustomer(context);
  const input = parseInput(promoteAccountSchema, await readJsonBody(request), "CreateAccountFailed");
  if (signedIn.hasPassword) return authError(400, "CreateAccountFailed", ALREADY_HAS_PASSWORD_MESSAGE);
  if (!fullNameFits(input.firstName ?? signedIn.firstName, input.lastName ?? signedIn.lastName)) {
    return authError(400, "CreateAccountFailed", ACCOUNT_MESSAGES.fullNameTooLong, {
      fieldErrors: { lastName: [ACCOUNT_MESSAGES.fullNameTooLong] },
    });
  }
  const customer = await promoteQuasiAccount(apiServices(context).db, signedIn.id, input);
  if (!customer) return authError(400, "CreateAccountFailed", ALREADY_HAS_PASSWORD_MESSAGE);
  return authOk({ customer: customerJson(customer, await countSubscriptions(apiServices(context).db, customer.id)) });
}
