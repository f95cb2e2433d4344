import { axe, DESKTOP, hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

const ROUTES = [
  '',
  '/search/identidade',
  '/list',
  '/list/saude',
  '/list/saude/sangue',
  '/list/orgao/sefaz',
  '/search/mais-acessados',
  '/search/xyzzyqwv',
  '/documentos-e-identificacao/carteira-de-identidade-primeira-via',
  '/impostos-e-tributos/emissao-do-dae-do-ipva',
  '/orgao',
  '/orgao/der-pi',
  '/dados',
  '/dados/despesa/2024',
  '/pagina/que/nao/existe',
];

test.describe('accessibility (axe-core)', () => {
  for (const [name, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test.describe(() => {
      test.use(options);

      test(`every route has no axe violations on a ${name}`, async ({ page, portal }) => {
        test.setTimeout(180_000);
        const problems: string[] = [];
        for (const route of ROUTES) {
          await page.goto(portal.url(route));
          // axe reads the page as its scripts leave it once someone uses it (comboboxes, dialogs, the floating
          // header); the page as the server draws it is what the no-JavaScript tests read.
          await hydrated(page);
          problems.push(...(await axe(page, route || '/')));
        }
        // The open category banner and the floating header are states of their own.
        await page.goto(portal.url());
        await hydrated(page);
        await page.getByTestId('category-banner').locator('summary').click();
        await page.evaluate(() => window.scrollTo(0, 900));
        await expect(page.getByTestId('site-header')).toHaveAttribute('data-floating', 'true');
        problems.push(...(await axe(page, 'home (open, floating)')));
        expect(problems, problems.join('\n')).toEqual([]);
      });
    });
  }

  test('keyboard: skip link first, visible focus on links and buttons', async ({ page, portal }) => {
    await page.goto(portal.url('/list'));
    await page.keyboard.press('Tab');
    // The eMAG bar's first shortcut (also Alt+1).
    await expect(page.locator(':focus')).toHaveAccessibleName('Ir para o conteúdo');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveCSS('outline-style', 'solid');
  });
});
