import { FavoriteForm, NotificationsForm, RatingForm, SimplifiqueRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { parseForm } from './form.server.ts';

/** The status and data of a response a loader or action threw with `data()`. */
const page = (thrown: unknown) => {
  const response = thrown as { data?: unknown; init?: { status?: number } | null };
  return [response.init?.status, response.data];
};

const post = (fields: [string, string][]) =>
  new Request('http://portal.local/x', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

describe('parseForm: every action reads its form with a contract’s schema', () => {
  it('rating: a value from 1 to 5', async () => {
    await expect(parseForm(post([['intent', 'rate'], ['value', '4']]), RatingForm)).resolves.toMatchObject({ ok: true, data: { value: 4 } });
    for (const value of ['0', '6', '2.5', 'abc', '']) {
      const parsed = await parseForm(post([['value', value]]), RatingForm);
      expect(parsed.ok, value).toBe(false);
      if (!parsed.ok) expect(parsed.errors.value, value).toMatch(/avaliação/);
    }
  });

  it('favourite: a slug, the star’s state and where to go back', async () => {
    await expect(parseForm(post([['slug', 'renovacao-da-cnh'], ['remove', 'true'], ['returnTo', '/app/catalog'], ['js', '1']]), FavoriteForm)).resolves.toMatchObject({
      ok: true,
      data: { slug: 'renovacao-da-cnh', remove: true, returnTo: '/app/catalog', js: '1' },
    });
    const bad = await parseForm(post([['slug', '../etc'], ['remove', '1'], ['returnTo', '//evil.example']]), FavoriteForm);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(['remove', 'slug']);
      expect(bad.values.returnTo).toBe('//evil.example');
    }
  });

  it('notifications: read some (one id or several), read all, archive', async () => {
    await expect(parseForm(post([['intent', 'read'], ['id', '7']]), NotificationsForm)).resolves.toMatchObject({ ok: true, data: { intent: 'read', id: [7] } });
    await expect(parseForm(post([['intent', 'read'], ['id', '7'], ['id', '9']]), NotificationsForm)).resolves.toMatchObject({ ok: true, data: { id: [7, 9] } });
    await expect(parseForm(post([['intent', 'archive'], ['js', '1']]), NotificationsForm)).resolves.toMatchObject({ ok: true, data: { intent: 'archive', js: '1' } });
    for (const fields of [[['intent', 'read']], [['intent', 'read'], ['id', '-1']], [['intent', 'delete']], []] as [string, string][][]) {
      expect((await parseForm(post(fields), NotificationsForm)).ok, JSON.stringify(fields)).toBe(false);
    }
  });

  it('Simplifique: each field’s first message', async () => {
    const parsed = await parseForm(post([['assunto', 'outro'], ['mensagem', 'curta']]), SimplifiqueRequest);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual({ mensagem: expect.stringMatching(/pelo menos/) });
  });

  it('anything but a form is a 400 with a Portuguese message', async () => {
    const request = new Request('http://portal.local/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"value":5}' });
    const error = await parseForm(request, RatingForm).catch((err: unknown) => err);
    expect(page(error)).toEqual([400, { message: expect.stringMatching(/^Formulário inválido/) }]);
  });
});
