import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { isAvailablePath } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  DEMO_USERS,
  expectPath,
  passwordInput,
  storedSession,
  submitLogin,
  usernameInput,
} from '../support/console';

/**
 * Where a user lands after logging in: the §2 role-based route, or home while that route's area is not built
 * (decision 006, packages/web/src/app/areas.ts).
 */
const expectedLanding = (route: string): string => (isAvailablePath(route) ? route : '/');

test('the role-based routes are those of spec §2', () => {
  // The expectation of the landing tests, written out from the spec so that it cannot drift with the code.
  const spec: Record<string, string> = {
    supervisor: '/campaigns',
    admin: '/campaigns',
    account_manager: '/campaigns',
    support: '/campaigns',
    owner: '/campaigns',
    editor: '/campaigns',
    viewer: '/campaigns',
    advertiser: '/analytics/reports',
    adexchange: '/analytics/reports',
    audience_manager: '/resources/audiences',
    creative_manager: '/creatives',
    reseller: '/campaigns',
    data_partner: '/analytics/reports',
    other_partner: '/analytics/reports',
  };
  for (const user of DEMO_USERS) {
    expect(fallbackRoute(user.role, user.organizationRole), user.username).toBe(spec[user.username]);
  }
});

test.describe('logging in lands on the role-based route', () => {
  for (const user of DEMO_USERS) {
    test(`${user.username} (${user.role}, ${user.organizationRole})`, async ({ page }) => {
      const route = fallbackRoute(user.role, user.organizationRole);
      await page.goto('/access/login');
      await submitLogin(page, user.username);

      await expect(accountButton(page, user.name)).toBeVisible();
      await expectPath(page, expectedLanding(route));
      await expect(page.getByRole('banner')).toContainText(user.name);
      await expect(page.getByRole('banner')).toContainText(user.organization);
      // The server computes the same landing for the session.
      expect(await storedSession(page)).toMatchObject({ landing: route, simulation: null });
      await checkAccessibility(page);
    });
  }
});

test('the login page passes the accessibility scan and carries the product branding', async ({ page }) => {
  await page.goto('/access/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · Beacon');
  await expect(page.getByRole('main').getByRole('img', { name: 'Beacon' })).toBeVisible();
  await checkAccessibility(page);
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/access/login');
  await submitLogin(page, 'viewer', 'Not-the-password-1');

  await expect(page.getByRole('alert')).toHaveText('The username or password is not correct');
  await expectPath(page, '/access/login');
  await expect(usernameInput(page)).toHaveValue('viewer');
  await expect(passwordInput(page)).toHaveValue('');
  await expect(passwordInput(page)).toBeFocused();
  await checkAccessibility(page);
});

test('empty fields are required', async ({ page }) => {
  await page.goto('/access/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(usernameInput(page)).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await expect(usernameInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(usernameInput(page)).toBeFocused();
  await checkAccessibility(page);

  await usernameInput(page).fill('viewer');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(usernameInput(page)).toHaveAttribute('aria-invalid', 'false');
  await expect(passwordInput(page)).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await expect(passwordInput(page)).toBeFocused();
  await expectPath(page, '/access/login');
  await checkAccessibility(page);
});

test('the error parameter of the login page is shown', async ({ page }) => {
  await page.goto('/access/login?error=Some%20message');
  await expect(page.getByRole('alert')).toHaveText('Some message');
  await checkAccessibility(page);
});
