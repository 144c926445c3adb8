import { GEOLIST_WRONG_AREAS_MESSAGE, geolistCoordinateMessage } from '@beacon/domain/validation/messages';
import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import { areasMap, circlesOf, countNamed, screenshotBothWidths, tokenOf } from './resources-support';

/**
 * Geolists: a CSV with one bad row is refused with the line shown and nothing stored, the form kept;
 * the fixed file is accepted and its areas are drawn as circles on the map, where one more is added by a
 * click and saved. Axe on every page and dialog.
 */

const GEOLISTS_PATH = '/resources/geolists';
const HEADER = 'latitude,longitude,radius,name';

const chooseFile = async (page: Page, name: string, content: string): Promise<void> => {
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
};

test('upload a geolist: a bad row is refused with its line, the good file is drawn on the map', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'editor');
  const name = `Stores ${Date.now().toString(36)}`;
  await logIn(page, 'editor');

  await page.goto(GEOLISTS_PATH);
  await expect(page.getByRole('tab', { name: 'Geolists', selected: true })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Geolists' })).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'New geolist' }).click();
  const dialog = page.getByRole('dialog', { name: 'New geolist' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(dialog.getByRole('textbox', { name: 'Radius (m)' })).toHaveValue('250');
  await chooseFile(
    page,
    'stores.csv',
    `${HEADER}\n40.4168,-3.7038,500,Sol\n95.5,-3.7,250,Nowhere\n40.4530,-3.6883,,Bernabeu\n`,
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  const rejection = dialog.getByRole('alert');
  await expect(rejection).toContainText(GEOLIST_WRONG_AREAS_MESSAGE);
  await expect(rejection).toContainText(`Line 3: ${geolistCoordinateMessage('latitude', 90)}`);
  // Nothing stored, nothing lost from the form.
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(dialog.getByText('stores.csv')).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'geolist-dialog-rejected');
  expect(await countNamed(request, token, '/geolists', name)).toBe(0);

  await chooseFile(
    page,
    'stores-fixed.csv',
    `${HEADER}\n40.4168,-3.7038,500,Sol\n40.4530,-3.6883,,Bernabeu\n`,
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/resources\/geolist\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const map = areasMap(page, name);
  await expect(circlesOf(map)).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Name of area 1' })).toHaveValue('Sol');
  await expect(page.getByRole('textbox', { name: 'Radius (m)' }).nth(1)).toHaveValue('250');
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'geolist-detail');

  // A click on the map adds a circle of the default radius; saving keeps it.
  // Away from the zoom buttons (top left) and the two circles (fitted in the middle).
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  await map.click({ position: { x: box.width * 0.8, y: box.height * 0.8 } });
  await expect(circlesOf(map)).toHaveCount(3);
  await page.getByRole('button', { name: 'Save areas' }).click();
  await expect(page.getByText('3 areas').first()).toBeVisible();
  await page.reload();
  await expect(circlesOf(areasMap(page, name))).toHaveCount(3);

  await page.goto(GEOLISTS_PATH);
  await expect(page.getByRole('grid', { name: 'Geolists' }).getByRole('link', { name })).toBeVisible();
  await screenshotBothWidths(page, 'geolists-grid');
});
