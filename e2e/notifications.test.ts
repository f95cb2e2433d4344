import type { Page } from '@playwright/test';
import { axe } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, slowNetwork, touch, type Person } from './support/person.ts';
import type { Portal } from './support/portal.ts';

// Issue 24: 'Arquivar' cleared every message at once, with no confirmation, no undo and nowhere to see them again.
// It now says how many it will archive and asks first, a message can be archived on its own, and the archived ones
// stay in 'Arquivadas'. Maria acts as a person does: she taps the bell as soon as it is there (its first tap is kept
// until the page's scripts come, decision 025), on a desktop and on a phone, on a fast and on a slow network.

/** Maria's five demo messages back in her inbox: each test starts from the same panel. */
async function unarchiveAll(portal: Portal) {
  await portal.app.db.execute(`update notifications set archived_at = null where user_sub = (select sub from users where username = 'maria.silva')` as never);
}

async function openPanel(page: Page, person: Person, portal: Portal) {
  await page.goto(portal.url());
  await touch(person, page.getByTestId('notifications-bell'));
  const panel = page.getByTestId('notifications-panel');
  await expect(panel.locator('li button').first()).toBeVisible({ timeout: 30_000 });
  return panel;
}

for (const person of PEOPLE) {
  test.describe(`Maria's notifications, ${person.name}`, () => {
    test.use({ ...person.device, citizen: 'maria.silva' });
    test.beforeEach(async ({ loggedIn: page, loginPortal: portal }) => {
      await unarchiveAll(portal);
      if (person.slow) await slowNetwork(page);
    });

    test("'Arquivar' asks first, with the count; 'Cancelar' keeps them; 'Confirmar' moves them to 'Arquivadas'", async ({ loggedIn: page, loginPortal: portal }) => {
      const panel = await openPanel(page, person, portal);
      const items = panel.locator('li button');
      await expect(items).toHaveCount(5);
      const archive = panel.getByRole('button', { name: 'Arquivar', exact: true });

      await touch(person, archive);
      const question = panel.getByText('Arquivar as 5 mensagens?');
      await expect(question).toBeVisible();
      // A screen reader hears the question: focus moves to it.
      await expect(question).toBeFocused();
      await page.screenshot({ path: test.info().outputPath('confirmation.png') });
      const problems = await axe(page, "the panel asking to archive");
      expect(problems, problems.join('\n')).toEqual([]);
      await touch(person, panel.getByRole('button', { name: 'Cancelar' }));
      await expect(question).toHaveCount(0);
      await expect(items).toHaveCount(5);
      await expect(archive).toBeFocused();

      await touch(person, archive);
      await touch(person, panel.getByRole('button', { name: 'Confirmar' }));
      await expect(panel.getByText('Não há mensagens para serem exibidas.')).toBeVisible();
      await expect(panel.getByRole('status')).toContainText('5 mensagens arquivadas');

      await touch(person, panel.getByRole('button', { name: 'Arquivadas' }));
      await expect(panel.getByRole('list', { name: 'Mensagens arquivadas' }).locator('li button')).toHaveCount(5);
      problems.push(...(await axe(page, "the archived messages")));
      expect(problems, problems.join('\n')).toEqual([]);
      // An archived message still opens, to be read again.
      await touch(person, panel.getByRole('button', { name: /Sua CNH vence em 45 dias/ }));
      await expect(panel.getByTestId('notification-detail').getByRole('heading', { name: 'Sua CNH vence em 45 dias' })).toBeFocused();

      // Kept by the server: another page shows the same.
      await page.goto(portal.url('/list'));
      await touch(person, page.getByTestId('notifications-bell'));
      await expect(page.getByTestId('notifications-panel').getByText('Não há mensagens para serem exibidas.')).toBeVisible({ timeout: 30_000 });
    });

    test("one message is archived from its own view with 'Arquivar esta mensagem'; the others stay", async ({ loggedIn: page, loginPortal: portal }) => {
      const panel = await openPanel(page, person, portal);
      await touch(person, panel.getByRole('button', { name: /Novos créditos da Nota Piauiense/ }));
      const detail = panel.getByTestId('notification-detail');
      await touch(person, detail.getByRole('button', { name: 'Arquivar esta mensagem' }));
      await expect(panel.getByRole('status')).toContainText('Mensagem arquivada');
      const items = panel.getByRole('list', { name: 'Todas as mensagens' }).locator('li button');
      await expect(items).toHaveCount(4);
      await expect(panel.getByRole('button', { name: /Novos créditos da Nota Piauiense/ })).toHaveCount(0);
      // Focus stays in the panel, on a message of the list.
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      await touch(person, panel.getByRole('button', { name: 'Arquivar', exact: true }));
      await expect(panel.getByText('Arquivar as 4 mensagens?')).toBeFocused();
      await touch(person, panel.getByRole('button', { name: 'Cancelar' }));

      await touch(person, panel.getByRole('button', { name: 'Arquivadas' }));
      const archived = panel.getByRole('list', { name: 'Mensagens arquivadas' }).locator('li button');
      await expect(archived).toHaveCount(1);
      await expect(archived).toContainText('Novos créditos da Nota Piauiense');
      await touch(person, panel.getByRole('button', { name: 'Todas', exact: true }));
      await expect(items).toHaveCount(4);
    });
  });
}
