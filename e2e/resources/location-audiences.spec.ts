import { LOCATION_AUDIENCE_MIN_USERS } from '@beacon/domain/dictionary/constants';
import { minValueMessage } from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { checkAccessibility, expectPath, logIn } from '../support/console';
import { areasMap, circlesOf, countNamed, screenshotBothWidths, tokenOf } from './resources-support';

/**
 * Location audiences: created in the dialog with an area drawn on the map, refused below the §9
 * minimum of users; the detail page draws the area. The audience manager lands on /resources/audiences and
 * may create both kinds (decision 038); a viewer has no Resources menu.
 */

test('create a location audience with an area drawn on the map', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'editor');
  const name = `Stadium crowd ${Date.now().toString(36)}`;
  await logIn(page, 'editor');
  await page.goto('/resources/audiences');
  await expect(page.getByRole('grid', { name: 'Location audiences' })).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'New location audience' }).click();
  const dialog = page.getByRole('dialog', { name: 'New location audience' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByLabel(/^End date/).fill('2031-12-31');
  await dialog.getByRole('textbox', { name: 'Max users' }).fill('9999');
  await dialog.getByRole('region', { name: `Map of ${name}` }).click();
  await expect(circlesOf(dialog.getByRole('region', { name: `Map of ${name}` }))).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(minValueMessage(LOCATION_AUDIENCE_MIN_USERS))).toBeVisible();
  expect(await countNamed(request, token, '/location-audiences', name)).toBe(0);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'location-audience-dialog');

  await dialog.getByRole('textbox', { name: 'Max users' }).fill('25,000');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/resources\/location-audience\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(circlesOf(areasMap(page, name))).toHaveCount(1);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'location-audience-detail');
  expect(await countNamed(request, token, '/location-audiences', name)).toBe(1);
});

test('the audience manager lands on the audiences section', async ({ page }) => {
  await logIn(page, 'audience_manager');
  await expectPath(page, '/resources/audiences');
  await expect(page.getByRole('tab', { name: 'Audiences', selected: true })).toBeVisible();
  // §6: deals, geolists and publisher lists are not the audience manager's.
  await expect(page.getByRole('tab', { name: 'Deals' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Geolists' })).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Location audiences' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }),
  ).toHaveAttribute('aria-current', 'page');
  // The audience manager manages audiences and location audiences (decision 038).
  await expect(page.getByRole('button', { name: 'New audience' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New location audience' })).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audiences-section');
});

test('a viewer has no Resources menu and /resources sends them back', async ({ page }) => {
  await logIn(page, 'viewer');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Resources' })).toHaveCount(0);
  await page.goto('/resources/geolists');
  await expectPath(page, '/campaigns');
  await checkAccessibility(page);
});
