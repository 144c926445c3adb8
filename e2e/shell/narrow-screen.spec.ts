import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, demoUser, logIn } from '../support/console';

const WIDTH = 600;

test.use({ viewport: { width: WIDTH, height: 900 } });

/** Nothing wider than the window: no horizontal scroll. */
const expectNoHorizontalScroll = async (page: Page): Promise<void> => {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(WIDTH);
};

test(`the login page fits ${WIDTH}px`, async ({ page }) => {
  await page.goto('/access/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The brand panel is left out on narrow screens: the form takes the width.
  await expect(page.getByRole('complementary', { name: 'About Beacon' })).toBeHidden();
  await expectNoHorizontalScroll(page);
  await checkAccessibility(page);
});

test(`the sign-up page fits ${WIDTH}px`, async ({ page }) => {
  await page.goto('/access/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await checkAccessibility(page);
});

test(`the shell fits ${WIDTH}px, with the side menu opening over the page`, async ({ page }) => {
  const owner = demoUser('owner');
  await logIn(page, 'owner');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expectNoHorizontalScroll(page);
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await checkAccessibility(page);
  await drawer.getByRole('link', { name: 'Home' }).click();
  await expect(drawer).toBeHidden();
  await expectNoHorizontalScroll(page);

  await page
    .getByRole('banner')
    .getByRole('button', { name: `Account menu of ${owner.name}` })
    .click();
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await checkAccessibility(page);
});
