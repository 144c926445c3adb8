import { SIDE_MENU_SHORT_WIDTH, SIDE_MENU_WIDTH } from '@beacon/domain/dictionary/constants';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { expect, type Page, test } from '@playwright/test';
import { visibleAreas } from '../../packages/web/src/app/areas';
import { checkAccessibility, demoUser, logIn, openUserMenu } from '../support/console';

/**
 * The user menu per role (§2 user menu, §6 simulate and demo mode). My account opens the profile; New user shows
 * for those who may give at least one role (support gives none: staff roles are given by internal staff only).
 * Billing appears with its area, Privacy policy and Terms of use when the installation configures them
 * (decision 006): neither is the case in this build.
 */
const USER_MENUS: Record<string, string[]> = {
  supervisor: ['My account', 'Change password', 'New user', 'Simulated User', 'Demo mode', 'Log out'],
  owner: ['My account', 'Change password', 'New user', 'Simulated User', 'Demo mode', 'Log out'],
  support: ['My account', 'Change password', 'Demo mode', 'Log out'],
  viewer: ['My account', 'Change password', 'Log out'],
  advertiser: ['My account', 'Change password', 'Log out'],
};

for (const [username, entries] of Object.entries(USER_MENUS)) {
  test(`the user menu of ${username} offers ${entries.join(', ')}`, async ({ page }) => {
    const user = demoUser(username);
    await logIn(page, username);
    const menu = await openUserMenu(page, user.name);
    await expect(menu.getByRole('menuitem')).toHaveText(entries);
    // The popover shows who is signed in.
    await expect(page.getByRole('dialog', { name: 'Account' })).toContainText(
      `${user.username.replaceAll('_', '.')}@demo.beacon.localhost`,
    );
    await checkAccessibility(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
}

test('the help menu reports a problem through the contact-support dialog', async ({ page }) => {
  await logIn(page, 'editor');
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  const menu = page.getByRole('menu');
  // Docs is listed only when the installation sets VITE_DOCS_URL.
  await expect(menu.getByRole('menuitem')).toHaveText(['Report a problem']);
  await checkAccessibility(page);
  await menu.getByRole('menuitem', { name: 'Report a problem' }).click();

  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'support@beacon.localhost' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Write the email' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
    REQUIRED_MESSAGE,
  );
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

const sideMenuWidth = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .evaluate((nav) => nav.parentElement?.getBoundingClientRect().width);

test('the side menu lists the areas of the role, and its short form is remembered', async ({ page }) => {
  const owner = demoUser('owner');
  await logIn(page, 'owner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const labels = visibleAreas({
    role: owner.role,
    organizationRole: owner.organizationRole,
    isTest: false,
  }).map((area) => area.label);
  await expect(nav.getByRole('link')).toHaveText(labels);
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  expect(await sideMenuWidth(page)).toBe(SIDE_MENU_WIDTH);

  await page.getByRole('button', { name: 'Collapse the menu' }).click();
  const expand = page.getByRole('button', { name: 'Expand the menu' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => sideMenuWidth(page)).toBe(SIDE_MENU_SHORT_WIDTH);
  // The short form keeps the entries, named by their labels.
  await expect(nav.getByRole('link')).toHaveText(labels.map(() => ''));
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await checkAccessibility(page);

  await page.reload();
  await expect(expand).toBeVisible();
  await expect.poll(() => sideMenuWidth(page)).toBe(SIDE_MENU_SHORT_WIDTH);

  await expand.click();
  await expect(page.getByRole('button', { name: 'Collapse the menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect.poll(() => sideMenuWidth(page)).toBe(SIDE_MENU_WIDTH);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse the menu' })).toBeVisible();
  await checkAccessibility(page);
});
