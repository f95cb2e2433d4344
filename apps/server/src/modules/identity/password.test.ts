import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('passwords (scrypt)', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const stored = await hashPassword('uma senha qualquer');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('uma senha qualquer', stored)).toBe(true);
    expect(await verifyPassword('outra senha', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('igual')).not.toBe(await hashPassword('igual'));
  });

  it("accepts the demo seed's stored hash for the demo password, and only for it", async () => {
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('portal-demo-errada', DEMO_PASSWORD_HASH)).toBe(false);
  });

  it('refuses a stored value of another scheme', async () => {
    expect(await verifyPassword('x', 'plain$x')).toBe(false);
  });
});
