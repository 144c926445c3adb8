import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  expectPath,
  logIn,
  openUserMenu,
} from '../support/console';

test('a supervisor simulates the owner and returns to itself', async ({ page }) => {
  const supervisor = demoUser('supervisor');
  const owner = demoUser('owner');
  await logIn(page, 'supervisor');

  const menu = await openUserMenu(page, supervisor.name);
  await menu.getByRole('menuitem', { name: 'Simulated User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a user' });
  await expect(dialog.getByRole('list', { name: 'Users' }).getByRole('button').first()).toBeVisible();
  await checkAccessibility(page);

  await dialog.getByRole('textbox', { name: 'Search users' }).fill('owner');
  const users = dialog.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('button', { name: /^Olga Owner/ })).toBeVisible();
  await expect(users.getByRole('button', { name: /Sam Supervisor/ })).toHaveCount(0);
  await checkAccessibility(page);
  await users.getByRole('button', { name: /^Olga Owner/ }).click();

  await expect(dialog).toBeHidden();
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(`Simulating ${owner.name}`);
  await expect(accountButton(page, owner.name)).toBeVisible();
  await expectPath(page, reachableRoute(fallbackRoute(owner.role, owner.organizationRole)));
  // The home page says who simulates whom (the simulated owner lands on /campaigns).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('main')).toContainText(`simulated by ${supervisor.name}`);
  await checkAccessibility(page);

  // While simulating the menu offers the way back, and not the simulated user's password.
  const simulatedMenu = await openUserMenu(page, owner.name);
  await expect(simulatedMenu.getByRole('menuitem', { name: `Return to ${supervisor.name}` })).toBeVisible();
  await expect(simulatedMenu.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0);
  await checkAccessibility(page);
  await page.keyboard.press('Escape');

  await banner.getByRole('button', { name: `Return to ${supervisor.name}` }).click();
  await expect(accountButton(page, supervisor.name)).toBeVisible();
  await expect(banner).not.toContainText('Simulating');
  await expectPath(page, reachableRoute(fallbackRoute(supervisor.role, supervisor.organizationRole)));
  await checkAccessibility(page);

  // The simulation stays ended after a reload.
  await page.reload();
  await expect(accountButton(page, supervisor.name)).toBeVisible();
  await expect(banner).not.toContainText('Simulating');
});
