import { randomBytes, timingSafeEqual } from 'node:crypto';
import { take, type Limits } from '../../plugins/limits.ts';

/**
 * Password guessing on the 'Acesso Cidadão' page (docs/decisions/028-login-throttle.md), against OWASP ASVS 5.0
 * (V6.1.1, V6.3.1: bounded guessing, and no malicious lockout) and OWASP's device cookies:
 * - a browser that logged in to an account before carries a device cookie for it, and its attempts on that
 *   account count against that browser alone: no one elsewhere, and no one on its network, can keep it out;
 * - any other attempt on an account counts against the account, from every address together: a few free
 *   failures a day, then one attempt a minute, so guessing is bounded (≤ 70 an hour) and a wait is never more
 *   than a minute;
 * - any other attempt also counts against its address, any accounts, in a one-minute window: one address
 *   cannot spray every account, and the people behind it (a school, a mobile network's NAT) wait a minute at
 *   most.
 * Every attempt takes its points before the password is checked, so simultaneous guesses cannot all pass
 * while the first ones are still being checked; a successful login gives them back.
 */
export const LOGIN_LIMITS = {
  /** failures on an account, from devices it never logged in from, before the one-a-minute pace */
  account: { points: 10, seconds: 24 * 3600 },
  /** the pace after that, for the account, whatever the address */
  accountPace: { points: 1, seconds: 60 },
  /** unsuccessful attempts from one address on any accounts (devices without a cookie for the account) */
  address: { points: 20, seconds: 60 },
  /** failures from a browser on the account its cookie vouches for */
  device: { points: 10, seconds: 5 * 60 },
  /** how long a browser stays known to the account it logged in to */
  deviceCookieDays: 365,
} as const;

/** `__Host-`: Secure, Path=/, no Domain; only the login page reads it. */
export const DEVICE_COOKIE = '__Host-portal_dispositivo';

export interface Attempt {
  /** the account, one way */
  account: string;
  /** the address, one way */
  address: string;
  /** the browser's own key, when its device cookie vouches for this account */
  device: string | null;
}

export type Admission = { allowed: true } | { allowed: false; retryAfter: number };

/** The device cookie's value for a browser known to `username`: a random id and its peppered MAC, bound to the account. */
function deviceMac(limits: Limits, id: string, username: string) {
  return limits.key('login-device', id, username.trim().toLowerCase()).slice(0, 32);
}
export function newDeviceCookie(limits: Limits, username: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${deviceMac(limits, id, username)}`;
}

/** One-way keys for an attempt: the store never holds a username or an address. */
export function attemptKeys(limits: Limits, username: string, address: string, deviceCookie: string | undefined): Attempt {
  const account = limits.key('login', username.trim().toLowerCase());
  const [id, mac] = (deviceCookie ?? '').split('.');
  let device: string | null = null;
  if (id && mac && id.length <= 64) {
    const expected = Buffer.from(deviceMac(limits, id, username));
    if (mac.length === expected.length && timingSafeEqual(Buffer.from(mac), expected)) device = limits.key('login-device', id);
  }
  return { account, address: limits.key('login', address), device };
}

export function loginThrottle(limits: Limits) {
  const account = limits.limiter('login-account', LOGIN_LIMITS.account);
  const pace = limits.limiter('login-account-pace', LOGIN_LIMITS.accountPace);
  const address = limits.limiter('login-address', LOGIN_LIMITS.address);
  const device = limits.limiter('login-device', LOGIN_LIMITS.device);

  return {
    /** Counts the attempt before the password is checked, in one atomic step per counter. */
    async admit(attempt: Attempt): Promise<Admission> {
      if (attempt.device) {
        const own = await take(device, attempt.device);
        return own.allowed ? { allowed: true } : { allowed: false, retryAfter: own.retryAfter };
      }
      const fromAddress = await take(address, attempt.address);
      if (!fromAddress.allowed) return { allowed: false, retryAfter: fromAddress.retryAfter };
      const free = await take(account, attempt.account);
      if (free.allowed) return { allowed: true };
      const paced = await take(pace, attempt.account);
      return paced.allowed ? { allowed: true } : { allowed: false, retryAfter: paced.retryAfter };
    },

    /** The right password: the attempt's points come back, and the account's earlier failures are forgotten. */
    async succeeded(attempt: Attempt) {
      if (attempt.device) {
        await device.delete(attempt.device);
        return;
      }
      await Promise.all([account.delete(attempt.account), address.reward(attempt.address)]);
    },
  };
}
