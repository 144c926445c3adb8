import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';

/**
 * The areas map's "Find a place": a city typed and chosen from the bundled cities flies the map there at city
 * zoom. The suite runs with BEACON_MAP_TILES=off (playwright.config.ts): no tile is asked for, the bundled
 * country outlines are the map, and nothing leaves the machine.
 */

test('find a city on the areas map: the map flies there at city zoom, without street tiles', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const outside: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname) && !request.url().startsWith('data:')) {
      outside.push(request.url());
    }
  });
  const name = `Map search ${Date.now().toString(36)}`;
  await logIn(page, 'editor');
  await page.goto('/resources/audiences');
  await page.getByRole('button', { name: 'New location audience' }).click();
  const dialog = page.getByRole('dialog', { name: 'New location audience' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const map = dialog.getByRole('region', { name: `Map of ${name}` });
  await expect(map).toHaveAttribute('data-zoom', /\d/);
  const worldZoom = Number(await map.getAttribute('data-zoom'));

  const search = dialog.getByRole('combobox', { name: 'Find a place' });
  await search.fill('madrid');
  const madrid = page.getByRole('option', { name: /^Madrid\s*Madrid|^Madrid.*Spain/ }).first();
  await expect(madrid).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/map-search-open-1440.png' });

  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(search).toHaveValue('Madrid, Spain');
  await expect(map).toHaveAttribute('data-zoom', '12');
  const [lat, lng] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
  expect(lat).toBeCloseTo(40.4, 0);
  expect(lng).toBeCloseTo(-3.7, 0);
  expect(12).toBeGreaterThan(worldZoom);
  await expect(page.getByRole('status').filter({ hasText: 'The map shows Madrid' })).toBeAttached();
  // Enter chose the place: the dialog is still open and nothing was created.
  await expect(dialog).toBeVisible();
  await expect(map.locator('img.leaflet-tile')).toHaveCount(0);
  await checkAccessibility(page);

  await search.fill('par');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/map-search-city-zoom-1440.png' });
  await search.press('Escape');
  await page.screenshot({ path: '.tmp/screens/map-search-city-zoom-closed-1440.png' });
  expect(outside).toEqual([]);
});
