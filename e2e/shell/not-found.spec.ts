import { CHUNK_LOAD_FAILED_TITLE } from '@beacon/domain/dictionary/error-catalogue';
import { expect, test } from '@playwright/test';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  expectPath,
  logIn,
  submitLogin,
} from '../support/console';

test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Beacon');
  await expect(accountButton(page, demoUser('editor').name)).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expectPath(page, '/');
});

test('an unknown id shows the same not-found page as an unknown route', async ({ page }) => {
  await logIn(page, 'editor');
  for (const path of [
    '/campaign/987654321/properties',
    '/creative/987654321',
    '/resources/geolist/987654321',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(path);
  }
  await checkAccessibility(page);
});

test('/404 is the not-found page', async ({ page }) => {
  await logIn(page, 'viewer');
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The page you were looking for does not exist');
  await checkAccessibility(page);
});

test('a visitor on an unknown path is sent to login (§2 route guard)', async ({ page }) => {
  await page.goto('/no-such-page');
  await expectPath(page, '/access/login');
  await page.goto('/access/no-such-page');
  await expectPath(page, '/access/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await checkAccessibility(page);
});

test('/login, the address people guess, leads to the login page and after it to the landing page', async ({
  page,
}) => {
  await page.goto('/login');
  await expectPath(page, '/access/login');
  await submitLogin(page, 'editor');
  await expect(accountButton(page, demoUser('editor').name)).toBeVisible();
  await expectPath(page, '/campaigns');
  // Signed in, the same address leads to the landing page, not to a page that does not exist.
  await page.goto('/login');
  await expectPath(page, '/campaigns');
});

test('a page whose code cannot load shows the error screen, whose Reload brings it back', async ({
  page,
}) => {
  await logIn(page, 'editor');
  // As after a deployment that removed the old chunks, or a dropped connection: asked for again, then given up.
  await page.route(/\/assets\/NotFoundPage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { level: 1, name: CHUNK_LOAD_FAILED_TITLE })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Error details' })).toHaveValue(/\S/);
  await expect(page).toHaveTitle('Something went wrong');
  await checkAccessibility(page);

  await page.unroute(/\/assets\/NotFoundPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
