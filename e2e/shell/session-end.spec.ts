import { expect, type Page, test } from '@playwright/test';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  expectPath,
  logIn,
  openUserMenu,
  storedSession,
  submitLogin,
} from '../support/console';

/** Ends the session from outside the console, as an administrator or another device would. */
const revokeSession = async (page: Page): Promise<void> => {
  const session = await storedSession(page);
  expect(session?.token).toBeTruthy();
  const answer = await page.request.post('/api/logout', {
    headers: { authorization: `Bearer ${session?.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
};

/** The login page with the server's message in `error`, shown on the page. */
const expectForcedLogin = async (page: Page): Promise<void> => {
  await expectPath(page, '/access/login');
  const message = new URL(page.url()).searchParams.get('error');
  expect(message).toBeTruthy();
  await expect(page.getByRole('alert')).toHaveText(message ?? '');
  expect(await storedSession(page)).toBeNull();
  await checkAccessibility(page);
};

test('a 401 on reload forces login with the server message, then the user comes back', async ({ page }) => {
  await logIn(page, 'editor');
  await revokeSession(page);

  await page.reload();
  await expectForcedLogin(page);

  await submitLogin(page, 'editor');
  await expect(accountButton(page, demoUser('editor').name)).toBeVisible();
  await expectPath(page, '/campaigns');
});

test('a 401 on a call made by a dialog forces login', async ({ page }) => {
  const supervisor = demoUser('supervisor');
  await logIn(page, 'supervisor');
  await revokeSession(page);

  // The Simulated User dialog asks the server for the users to simulate.
  const menu = await openUserMenu(page, supervisor.name);
  await menu.getByRole('menuitem', { name: 'Simulated User' }).click();
  await expectForcedLogin(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
