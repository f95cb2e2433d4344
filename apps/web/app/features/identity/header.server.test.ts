import type { ApiCall, Citizen } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadHeaderCitizen, loadProfile } from './header.server.ts';

const maria: Citizen = { sub: '1', username: 'maria.silva', name: 'Maria da Conceição Silva', shortName: 'Maria Silva', email: '', roles: ['prata'], accessLevel: 'prata' };

function context(me: { status: number; body: unknown }, citizen: Citizen = maria) {
  const calls: ApiCall[] = [];
  const value = {
    api: async (call: ApiCall) => {
      calls.push(call);
      return { ...me, headers: {}, bytes: new Uint8Array() };
    },
    citizen: async () => citizen,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    sessionUnavailable: async () => false,
    cspNonce: 'n',
    vlibrasUrl: null,
    allowFormAction: () => {},
  } satisfies AppLoadContext;
  return { value, calls };
}

describe('the header’s citizen', () => {
  it('uses the name and level GET /v1/me computed, and the favourites it carries', async () => {
    const { value } = context({ status: 200, body: { shortName: 'Maria Silva', accessLevel: 'ouro', unreadNotifications: 2, catalog_favorite: '["a","b"]' } });
    await expect(loadHeaderCitizen(value)).resolves.toEqual({ username: 'maria.silva', shortName: 'Maria Silva', level: 'ouro', unread: 2, favorites: ['a', 'b'], staff: false });
  });

  it('falls back to the session’s when /v1/me fails (logged), with no unread and no favourites', async () => {
    const { value } = context({ status: 502, body: null });
    await expect(loadHeaderCitizen(value)).resolves.toEqual({ username: 'maria.silva', shortName: 'Maria Silva', level: 'prata', unread: 0, favorites: [], staff: false });
    expect(value.log.warn).toHaveBeenCalledOnce();
  });

  it('asks GET /v1/me once per page request, however many loaders need it', async () => {
    const { value, calls } = context({ status: 200, body: { shortName: 'Maria Silva', accessLevel: null, unreadNotifications: 0, catalog_favorite: '' } });
    await Promise.all([loadHeaderCitizen(value), loadProfile(value), loadProfile(value)]);
    expect(calls).toEqual([{ method: 'GET', url: '/v1/me', body: undefined, auth: 'citizen' }]);
  });

  it('marks staff of the back office (a gestao role), whose menu leads there', async () => {
    const ana = { ...maria, username: 'ana.detran', roles: ['gestao:editor:detran-pi', 'ouro'] };
    const { value } = context({ status: 200, body: { shortName: 'Ana Lima', accessLevel: 'ouro', unreadNotifications: 0, catalog_favorite: '' } }, ana);
    await expect(loadHeaderCitizen(value)).resolves.toMatchObject({ username: 'ana.detran', staff: true });
  });
});
