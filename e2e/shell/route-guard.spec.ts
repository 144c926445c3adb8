import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  expectPath,
  logIn,
  submitLogin,
} from '../support/console';

/** Where the guard sends a user who may not open a page: its §2 fallback, home while that area is missing. */
const fallbackOf = (username: string): string => {
  const user = demoUser(username);
  return reachableRoute(fallbackRoute(user.role, user.organizationRole));
};

test('an owner opening the back office is sent to its role fallback', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/backoffice/organizations');
  await expectPath(page, fallbackOf('owner'));
  await expect(accountButton(page, 'Olga Owner')).toBeVisible();
  await checkAccessibility(page);
});

test('a viewer opening the creatives library is sent to its role fallback', async ({ page }) => {
  await logIn(page, 'viewer');
  await page.goto('/creatives');
  await expectPath(page, fallbackOf('viewer'));
  await expect(accountButton(page, 'Vera Viewer')).toBeVisible();
  await checkAccessibility(page);
});

test('a partner opening campaigns is sent to its role fallback', async ({ page }) => {
  await logIn(page, 'data_partner');
  await page.goto('/campaigns');
  await expectPath(page, fallbackOf('data_partner'));
  await checkAccessibility(page);
});

test('a visitor is sent to login and comes back to the page it asked for', async ({ page }) => {
  await page.goto('/campaigns');
  await expectPath(page, '/access/login');
  await checkAccessibility(page);
  await submitLogin(page, 'owner');

  // Owners may open campaigns: the console goes back there.
  await expect(accountButton(page, 'Olga Owner')).toBeVisible();
  await expectPath(page, '/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await checkAccessibility(page);
});

test('a visitor who logs in as a user not allowed on the page asked for lands on its fallback', async ({
  page,
}) => {
  await page.goto('/backoffice/organizations');
  await expectPath(page, '/access/login');
  await submitLogin(page, 'owner');
  await expect(accountButton(page, 'Olga Owner')).toBeVisible();
  await expectPath(page, fallbackOf('owner'));
  await checkAccessibility(page);
});

test('a visitor may open the home page, which introduces the product', async ({ page }) => {
  await page.goto('/');
  await expectPath(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Buy advertising on every screen, from one console',
  );
  await checkAccessibility(page);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expectPath(page, '/access/login');
});
