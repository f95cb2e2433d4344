import { take, type Limits } from '../../plugins/limits.ts';

/**
 * Password guessing on the 'Acesso Cidadão' page. Failures are counted per account AND address, so
 * someone failing elsewhere never stops the owner logging in from their own network: a few free
 * failures, then one attempt per wait, the waits doubling up to a cap. Each address also has a broader
 * allowance of unsuccessful attempts, whatever the accounts (one address trying many accounts). A
 * successful login forgets that account+address and gives its address point back.
 */
export const LOGIN_LIMITS = {
  /** consecutive failures per account+address before the waits begin */
  freeFailures: 5,
  firstWaitSeconds: 30,
  longestWaitSeconds: 30 * 60,
  /** how long failures are remembered without a successful login */
  memorySeconds: 24 * 3600,
  /** unsuccessful attempts one address may make, on any accounts */
  perAddress: { points: 100, seconds: 3600 },
} as const;

/** The wait after the n-th lockout (n ≥ 1): 30 s, 1 min, 2 min, ... 30 min. */
export const waitAfterLockout = (lockouts: number) =>
  Math.min(LOGIN_LIMITS.firstWaitSeconds * 2 ** Math.max(0, lockouts - 1), LOGIN_LIMITS.longestWaitSeconds);

export interface ThrottleKeys {
  account: string;
  address: string;
}

/** One-way keys: the store never holds a username or an address. */
export function throttleKeys(limits: Limits, username: string, address: string): ThrottleKeys {
  return { account: limits.key('login', username.trim().toLowerCase(), address), address: limits.key('login', address) };
}

export type Admission = { allowed: true; lastFree: boolean } | { allowed: false; retryAfter: number };

export function loginThrottle(limits: Limits) {
  const failures = limits.limiter('login-failures', { points: LOGIN_LIMITS.freeFailures, seconds: LOGIN_LIMITS.memorySeconds });
  // Only counts (never refuses): how many times this account+address has run out of free failures.
  const lockouts = limits.limiter('login-lockouts', { points: 1_000_000, seconds: LOGIN_LIMITS.memorySeconds });
  const perAddress = limits.limiter('login-address', LOGIN_LIMITS.perAddress);

  return {
    /**
     * Counts the attempt before the password is checked, in one atomic step per counter, so that
     * simultaneous guesses cannot all pass while the earlier ones are still being checked.
     */
    async admit(keys: ThrottleKeys): Promise<Admission> {
      const address = await take(perAddress, keys.address);
      if (!address.allowed) return { allowed: false, retryAfter: address.retryAfter };
      const locked = (await lockouts.get(keys.account))?.consumedPoints ?? 0;
      // After a lockout has passed, one attempt takes the whole free allowance: one guess per wait.
      const account = await take(failures, keys.account, locked > 0 ? LOGIN_LIMITS.freeFailures : 1);
      if (!account.allowed) {
        // Blocked: the block's own end. Still being checked (simultaneous attempts): the wait the next lockout brings.
        return { allowed: false, retryAfter: Math.min(account.retryAfter, waitAfterLockout(locked + 1)) };
      }
      return { allowed: true, lastFree: account.res.remainingPoints === 0 };
    },

    /** A wrong password: the attempt that used the last free failure starts the next, longer, wait. */
    async failed(keys: ThrottleKeys, admission: Admission) {
      if (!admission.allowed || !admission.lastFree) return;
      const count = (await lockouts.penalty(keys.account)).consumedPoints;
      await failures.block(keys.account, waitAfterLockout(count));
    },

    async succeeded(keys: ThrottleKeys) {
      await Promise.all([failures.delete(keys.account), lockouts.delete(keys.account), perAddress.reward(keys.address)]);
    },
  };
}
