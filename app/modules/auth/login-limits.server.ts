/**
 * Password sign-in limits (docs/decisions/015-login-limits.md). Both faces,
 * `POST /api/login` and the /auth form, reach them through
 * `loginWithPassword`.
 *
 * - per (account, address): LOGIN_PAIR_MAX attempts per window, counted
 *   before the password is checked; a successful sign-in clears it;
 * - per address, over all accounts: LOGIN_ADDRESS_MAX failed attempts per
 *   window (counted before the check, given back on success);
 * - no account-wide lock. Failures from every address against one account
 *   only tighten the per-(account, address) allowance progressively, never
 *   below LOGIN_PAIR_FLOOR, so an address that has not failed can always try.
 */
import type { AppContext } from "~workers/load-context";
import {
  assertCounted,
  clearLimit,
  clientIp,
  countAttempt,
  currentCount,
  refundAttempt,
  tooMany,
  type Counted,
  type Limit,
} from "./rate-limit.server";

export const LOGIN_WINDOW_SECONDS = 900;
export const LOGIN_PAIR_MAX = 5;
export const LOGIN_PAIR_FLOOR = 2;
export const LOGIN_ADDRESS_MAX = 20;

/** Account-wide failures in the window → attempts each (account, address) pair may make. */
export function pairAllowance(accountFailures: number): number {
  if (accountFailures >= 100) return LOGIN_PAIR_FLOOR;
  if (accountFailures >= 25) return 3;
  return LOGIN_PAIR_MAX;
}

export interface LoginAttempt {
  pair: Counted;
  address: Counted;
  account: Limit;
}

/**
 * Counts one sign-in attempt before any password work. `account` names the
 * account (e.g. `user:42`, or the typed login for unknown names). Throws 429
 * with Retry-After when the pair or the address is over its allowance; the
 * refused attempt is then given back to the address so it cannot be used up
 * by attempts that never ran.
 */
export async function beginLoginAttempt(
  app: AppContext,
  request: Request,
  account: string,
): Promise<LoginAttempt> {
  const ip = clientIp(request);
  const accountLimit: Limit = {
    key: `login:account:${account}`,
    max: Number.MAX_SAFE_INTEGER,
    windowSeconds: LOGIN_WINDOW_SECONDS,
  };
  const [accountFailures, counted] = await Promise.all([
    currentCount(app, accountLimit),
    countAttempt(app, [
      { key: `login:pair:${account}:${ip}`, max: LOGIN_PAIR_MAX, windowSeconds: LOGIN_WINDOW_SECONDS },
      { key: `login:ip:${ip}`, max: LOGIN_ADDRESS_MAX, windowSeconds: LOGIN_WINDOW_SECONDS },
    ]),
  ]);
  // One Counted per limit, in the order given.
  const [pair, address] = counted as [Counted, Counted];
  if (pair.count > pairAllowance(accountFailures)) {
    await refundAttempt(app, address);
    throw tooMany(pair.retryAfter);
  }
  if (address.count > address.limit.max) await refundAttempt(app, pair);
  assertCounted([address]);
  return { pair, address, account: accountLimit };
}

/** A wrong password: the pair and the address keep the attempt; the account-wide tally grows. */
export async function loginFailed(app: AppContext, attempt: LoginAttempt): Promise<void> {
  await countAttempt(app, [attempt.account]);
}

/** The right password: the pair starts afresh and the address gets its attempt back. */
export async function loginSucceeded(app: AppContext, attempt: LoginAttempt): Promise<void> {
  await Promise.all([clearLimit(app, attempt.pair.limit.key), refundAttempt(app, attempt.address)]);
}
