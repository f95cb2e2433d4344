import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPage } from './pages.ts';
import { portalLook } from './portal-look.ts';

// The login pages look like the portal (issue 24) with the portal's own files: Montserrat as the web build serves it,
// the mark its header and favicon draw.
let build: string;
beforeAll(async () => {
  build = await mkdtemp(join(tmpdir(), 'portal-build-'));
  await mkdir(join(build, 'client', 'assets'), { recursive: true });
  for (const name of ['montserrat-latin-ext-wght-normal-BsZE-iaG.woff2', 'montserrat-latin-wght-normal-l_AIctKy.woff2', 'montserrat-latin-wght-normal-l_AIctKy.woff2.br'])
    await writeFile(join(build, 'client', 'assets', name), '');
});
afterAll(() => rm(build, { recursive: true, force: true }));

describe("the portal's look for the login pages", () => {
  it("takes the build's Latin Montserrat under the catalog's base, and the portal's mark", () => {
    const look = portalLook('/app/catalog', build);
    expect(look).toMatchObject({ home: '/app/catalog', font: '/app/catalog/assets/montserrat-latin-wght-normal-l_AIctKy.woff2' });
    expect(look.mark).toMatch(/^<svg aria-hidden="true" focusable="false" width="40" height="40" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(portalLook('/', build)).toMatchObject({ home: '/', font: '/assets/montserrat-latin-wght-normal-l_AIctKy.woff2' });
  });

  it('without a build (the development server) keeps the fallback typeface, and the page still names the portal', () => {
    const look = portalLook('/app/catalog', join(build, 'nada'));
    expect(look.font).toBeNull();
    const html = loginPage({ action: '/auth/interaction/x/login', cancelUrl: '/app/catalog' })('abc', look);
    expect(html).not.toContain('@font-face{font-family:"Montserrat Variable"');
    expect(html).toContain('"Montserrat Fallback"');
    expect(html).toContain('<strong>Portal de Serviços</strong>');
    expect(html).toContain('<style nonce="abc">');
  });
});
