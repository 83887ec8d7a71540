import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import { normalizeEmail } from "~/models/account";
import {
  AUTO_LOGIN_VALID_DAYS,
  PIN_DIGITS,
  PIN_MAX_WRONG_TRIES,
  PIN_VALID_MINUTES,
  RESET_LINK_VALID_MINUTES,
  signedInCookieSeconds,
} from "~/models/auth-limits";
import type { Database, Executor } from "../../db/client.server";
import { authSessions, autoLoginTokens, customers, oneTimeCodes } from "../../db/schema";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.server";
import { codeHash, randomToken, sign, tokenHash, unsign } from "./tokens.server";

export type Customer = typeof customers.$inferSelect;
export type SignInMethod = "password" | "pin" | "auto-login" | "create-account" | "promote" | "guest" | "reset";

export async function findCustomerByEmail(db: Database, email: string): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.emailNormalized, normalizeEmail(email)));
  return row ?? null;
}

export async function findCustomerById(db: Database, id: number): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
}

/** A new customer; without a password it is a quasi (guest) account. E-mails are unique whatever their case. */
export async function createCustomer(
  db: Database,
  input: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<Customer> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const rows = await db
    .insert(customers)
    .values({
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName?.trim() ?? "",
      lastName: input.lastName?.trim() ?? "",
      customerToken: randomToken(),
    })
    .onConflictDoNothing({ target: customers.emailNormalized })
    .returning();
  if (!rows[0]) throw new EmailTakenError("an account with this e-mail already exists");
  return rows[0];
}

/** Checks e-mail and password; unknown e-mails cost the same time as wrong passwords. */
export async function checkPassword(db: Database, email: string, password: string): Promise<Customer | null> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer?.passwordHash) {
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(customer.passwordHash, password)) ? customer : null;
}

/** Sets (or changes) a password; a quasi account becomes a full account (promotion). */
export async function setPassword(db: Database, customerId: number, password: string): Promise<void> {
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

// --- Sessions -------------------------------------------------------------------------------------------------

/**
 * Sign-ins that prove the holder reads the account's e-mail (decision 19): an e-mailed PIN, a reset link, an e-mailed
 * auto-login link. Any other sign-in is proven only when the account's e-mail was already proven.
 */
const EMAIL_PROOFS: ReadonlySet<SignInMethod> = new Set<SignInMethod>(["pin", "auto-login", "reset"]);

export function provesEmail(method: SignInMethod): boolean {
  return EMAIL_PROOFS.has(method);
}

export interface StartedAuthSession {
  token: string;
  /** Whether the holder proved (now or through an earlier proof of the account's e-mail) they read the e-mail. */
  proven: boolean;
  /** This sign-in was the e-mail's first proof, and it removed a password set before (see `openAuthSession`). */
  droppedPassword: boolean;
}

/**
 * Starts a signed-in session: a fresh random token for the cookie (or a bearer token), its hash in the database.
 *
 * A sign-in that proves the e-mail (`provesEmail`) records the proof and ends every unproven session of the account:
 * whoever typed the address without reading its mail is signed out once its owner shows up. On the first proof, a
 * password already on the account was set by someone who never proved the e-mail, so it is removed, unless
 * `keepPassword` says the prover was already signed in to this account (every session of an unproven account
 * belongs to whoever set its password, so the prover is that person). Decision 19.
 */
export async function openAuthSession(
  db: Database,
  customerId: number,
  method: SignInMethod,
  rememberMe: boolean,
  options: { now?: Date; keepPassword?: boolean } = {},
): Promise<StartedAuthSession> {
  const now = options.now ?? new Date();
  const token = randomToken();
  return db.transaction(async (tx) => {
    // The row lock orders this sign-in after (or before) a concurrent proof, so it reads the proof it follows.
    const [customer] = await tx
      .select({ emailProvenAt: customers.emailProvenAt, passwordHash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update");
    let proven = customer?.emailProvenAt != null;
    let droppedPassword = false;
    if (customer && provesEmail(method)) {
      proven = true;
      droppedPassword = customer.emailProvenAt === null && customer.passwordHash !== null && !options.keepPassword;
      if (customer.emailProvenAt === null) {
        await tx
          .update(customers)
          .set({ emailProvenAt: now, ...(droppedPassword ? { passwordHash: null } : {}), updatedAt: now })
          .where(eq(customers.id, customerId));
      }
      await tx.delete(authSessions).where(and(eq(authSessions.customerId, customerId), eq(authSessions.proven, false)));
    }
    await tx.insert(authSessions).values({
      tokenHash: tokenHash(token),
      customerId,
      method,
      rememberMe,
      proven,
      expiresAt: new Date(now.getTime() + signedInCookieSeconds(rememberMe) * 1000),
    });
    return { token, proven, droppedPassword };
  });
}

/** `openAuthSession` for callers that need only the token. */
export async function createAuthSession(
  db: Database,
  customerId: number,
  method: SignInMethod,
  rememberMe: boolean,
  now = new Date(),
): Promise<string> {
  return (await openAuthSession(db, customerId, method, rememberMe, { now })).token;
}

/** The session row of `token`, live and (unless its customer never proved the e-mail) proven. */
const liveSession = (token: string, now: Date) =>
  and(
    eq(authSessions.tokenHash, tokenHash(token)),
    gt(authSessions.expiresAt, now),
    or(eq(authSessions.proven, true), isNull(customers.emailProvenAt)),
  );

/** What a live session gives: its customer, and how and when it was opened. */
const sessionColumns = {
  customer: customers,
  method: authSessions.method,
  proven: authSessions.proven,
  createdAt: authSessions.createdAt,
};

/**
 * The customer of a session token, or null when it is unknown, revoked (deleted) or expired, or unproven on an
 * account whose e-mail has since been proven (the proof deletes those rows; this holds even if one slipped past).
 */
export async function customerForSession(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select(sessionColumns)
    .from(authSessions)
    .innerJoin(customers, eq(customers.id, authSessions.customerId))
    .where(liveSession(token, now));
  return row ?? null;
}

/** A timestamp as the driver returns it from a raw expression (a Date, or Postgres' text form). */
function toDateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * customerForSession, and in the same query whether the customer has subscriptions to show (`hasSubscriptions`'s
 * rule, given as `subscriptions`), a held order the recapture banner may be about (`heldOrders`) and when the customer
 * last ordered (`lastOrder`: analytics and the entry guard): the root middleware asks them on every signed-in request.
 */
export async function visitorForSession<F extends Record<string, (customerId: SQLWrapper) => SQLWrapper>>(
  db: Database,
  token: string,
  subscriptions: (customerId: SQLWrapper) => SQLWrapper,
  heldOrders: (customerId: SQLWrapper) => SQLWrapper,
  lastOrder: (customerId: SQLWrapper) => SQLWrapper,
  /** More yes/no facts about the customer, each an `exists` subquery of the same lookup. */
  facts: F,
  now = new Date(),
) {
  const [row] = await db
    .select({
      ...sessionColumns,
      hasSubscriptions: sql<boolean>`exists (${subscriptions(customers.id)})`,
      hasHeldOrder: sql<boolean>`exists (${heldOrders(customers.id)})`,
      // When the customer last ordered (the analytics service type and the entry guard read it), in the same query.
      lastOrderAt: sql<Date | null>`(${lastOrder(customers.id)})`.mapWith(toDateOrNull),
      facts: sql<Record<keyof F, boolean>>`json_build_object(${sql.join(
        Object.entries(facts).map(([name, query]) => sql`${name}::text, exists (${query(customers.id)})`),
        sql`, `,
      )})`,
    })
    .from(authSessions)
    .innerJoin(customers, eq(customers.id, authSessions.customerId))
    .where(liveSession(token, now));
  return row ?? null;
}

export async function deleteAuthSession(db: Database, token: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash(token)));
}

/** Sign out everywhere: every session of the customer ends (browsers and API tokens alike). */
export async function deleteAllAuthSessions(db: Executor, customerId: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.customerId, customerId));
}

/**
 * The account's e-mail changed, so nobody has proven the new address yet: its sessions become unproven (the new
 * address's owner, proving it, signs them out), and PINs, reset links and auto-login links sent to the old address
 * stop working (they prove nothing about the new one). Call it in the transaction that changes the e-mail.
 */
export async function forgetEmailProof(tx: Executor, customerId: number, now = new Date()): Promise<void> {
  await tx.update(customers).set({ emailProvenAt: null }).where(eq(customers.id, customerId));
  await tx.update(authSessions).set({ proven: false }).where(eq(authSessions.customerId, customerId));
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.customerId, customerId), isNull(oneTimeCodes.usedAt)));
  await tx
    .update(autoLoginTokens)
    .set({ revokedAt: now })
    .where(and(eq(autoLoginTokens.customerId, customerId), isNull(autoLoginTokens.revokedAt)));
}

// --- PINs and reset links -------------------------------------------------------------------------------------

/** A sign-in PIN of PIN_DIGITS digits, valid PIN_VALID_MINUTES; asking again replaces the previous one. */
export async function createPin(db: Database, secret: string, customerId: number, now = new Date()): Promise<string> {
  const pin = String(randomInt(0, 10 ** PIN_DIGITS)).padStart(PIN_DIGITS, "0");
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, "pin"), isNull(oneTimeCodes.usedAt)),
      );
    await tx.insert(oneTimeCodes).values({
      customerId,
      purpose: "pin",
      codeHash: codeHash(secret, pin),
      expiresAt: new Date(now.getTime() + PIN_VALID_MINUTES * 60_000),
    });
  });
  return pin;
}

export type PinResult = "ok" | "wrong" | "expired" | "locked";

/** Checks a PIN: single use, 15 minutes, at most 5 wrong tries (then the PIN is spent). */
export async function verifyPin(
  db: Database,
  secret: string,
  customerId: number,
  pin: string,
  now = new Date(),
): Promise<PinResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, "pin"), isNull(oneTimeCodes.usedAt)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1)
      .for("update");
    if (!current || current.expiresAt <= now) return "expired";
    if (current.attempts >= PIN_MAX_WRONG_TRIES) return "locked";
    if (current.codeHash !== codeHash(secret, pin)) {
      const attempts = current.attempts + 1;
      await tx
        .update(oneTimeCodes)
        .set({ attempts, ...(attempts >= PIN_MAX_WRONG_TRIES ? { usedAt: now } : {}) })
        .where(eq(oneTimeCodes.id, current.id));
      return attempts >= PIN_MAX_WRONG_TRIES ? "locked" : "wrong";
    }
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, current.id));
    return "ok";
  });
}

/** A single-use link token for setting a password (password reset, or a guest account's first password). */
export async function createResetToken(
  db: Database,
  customerId: number,
  purpose: "password-reset" | "guest-reset",
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeCodes).values({
    customerId,
    purpose,
    codeHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MINUTES * 60_000),
  });
  return token;
}

/** The customer a reset token is for, while it is unused and unexpired (it is not spent by looking). */
export async function findResetToken(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ id: oneTimeCodes.id, customerId: oneTimeCodes.customerId, purpose: oneTimeCodes.purpose })
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.codeHash, tokenHash(token)), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)),
    );
  return row && row.purpose !== "pin" ? row : null;
}

/**
 * Sets the new password and spends the token, in one transaction; null when the token is no longer valid. The link
 * proves the e-mail, and, as a password change in account settings does, every session and API token of the
 * customer ends: the caller starts the one session that follows (a proven "reset" sign-in).
 */
export async function resetPasswordWithToken(db: Database, token: string, password: string, now = new Date()) {
  const found = await findResetToken(db, token, now);
  if (!found) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.id, found.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    if (spent.length === 0) return null;
    const [customer] = await tx
      .select({ emailProvenAt: customers.emailProvenAt })
      .from(customers)
      .where(eq(customers.id, found.customerId))
      .for("update");
    await tx
      .update(customers)
      .set({ passwordHash, emailProvenAt: customer?.emailProvenAt ?? now, updatedAt: now })
      .where(eq(customers.id, found.customerId));
    await deleteAllAuthSessions(tx, found.customerId);
    return found.customerId;
  });
}

// --- Auto-login links -----------------------------------------------------------------------------------------

/** A signed auto-login token (spec 4.4) valid AUTO_LOGIN_VALID_DAYS; it names a row, so it can be revoked. */
export async function createAutoLoginToken(
  db: Database,
  secrets: readonly string[],
  customerId: number,
  now = new Date(),
): Promise<string> {
  const id = randomToken();
  await db.insert(autoLoginTokens).values({
    id,
    customerId,
    expiresAt: new Date(now.getTime() + AUTO_LOGIN_VALID_DAYS * 24 * 60 * 60_000),
  });
  return sign(secrets, id);
}

/** The customer an auto-login token signs in, or null when it is forged, unknown, revoked or expired. */
export async function customerForAutoLoginToken(
  db: Database,
  secrets: readonly string[],
  token: string,
  now = new Date(),
): Promise<Customer | null> {
  const id = token.length <= 200 ? unsign(secrets, token) : null;
  if (!id) return null;
  const [row] = await db
    .select({ customer: customers })
    .from(autoLoginTokens)
    .innerJoin(customers, eq(customers.id, autoLoginTokens.customerId))
    .where(and(eq(autoLoginTokens.id, id), isNull(autoLoginTokens.revokedAt), gt(autoLoginTokens.expiresAt, now)));
  return row?.customer ?? null;
}

export async function revokeAutoLoginToken(db: Database, secrets: readonly string[], token: string): Promise<void> {
  const id = unsign(secrets, token);
  if (id) await db.update(autoLoginTokens).set({ revokedAt: new Date() }).where(eq(autoLoginTokens.id, id));
}
