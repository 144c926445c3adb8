import { expect, test } from '@playwright/test';
import { checkAccessibility, demoUser, logIn, openUserMenu } from '../support/console';

test('an owner turns demo mode on and off, and the choice survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = demoUser('owner');
  await logIn(page, 'owner');
  const indicator = page.getByRole('banner').getByText('Demo mode', { exact: true });
  await expect(indicator).toHaveCount(0);

  // On: the indicator shows, and requests carry the demo header (§4).
  const demoRequest = page.waitForRequest(
    (request) => request.url().includes('/api/') && request.headers()['x-demo'] === '1',
  );
  let menu = await openUserMenu(page, owner.name);
  await menu.getByRole('menuitem', { name: 'Demo mode', exact: true }).click();
  await expect(indicator).toBeVisible();
  await demoRequest;
  await checkAccessibility(page);

  // While it is on, client names are anonymised ("Campaign 12"), so the console can be shown to others.
  await page.goto('/campaigns');
  await expect(page.getByRole('gridcell', { name: /^Campaign \d+$/ }).first()).toBeVisible();
  // The user's own name stays: it is the presenter's session.
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${owner.name}` }),
  ).toBeVisible();

  await page.reload();
  await expect(indicator).toBeVisible();
  menu = await openUserMenu(page, owner.name);
  await expect(menu.getByRole('menuitem', { name: 'Exit demo mode' })).toBeVisible();
  await checkAccessibility(page);

  // Off again, and still off after a reload.
  await menu.getByRole('menuitem', { name: 'Exit demo mode' }).click();
  await expect(indicator).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${owner.name}` }),
  ).toBeVisible();
  await expect(indicator).toHaveCount(0);
  menu = await openUserMenu(page, owner.name);
  await expect(menu.getByRole('menuitem', { name: 'Demo mode', exact: true })).toBeVisible();
});
