import {
  AUDIENCE_IDENTIFIER_UUID_MESSAGE,
  AUDIENCE_IDENTIFIERS_REJECTED_MESSAGE,
  AUDIENCE_NO_REBUILD_LABEL,
  AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import { countNamed, screenshotBothWidths, tokenOf } from './resources-support';

/**
 * Audiences (decision 019): a private audience created in the new audience dialog with its
 * identifiers file — refused without the §5 checkbox, then a file with a bad line (every bad line shown, the
 * audience's file not stored), then a good one; the detail page shows "Updating…" until the count arrives.
 */

const GOOD = ['6d92078a-8246-4ba4-ae5b-76104861e7dc', '38400000-8cf0-11bd-b23e-10b96e40000d', 'cookie-1,web'];

test('create a private audience with its identifiers, refused until the checkbox and the file are right', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'owner');
  const name = `CRM export ${Date.now().toString(36)}`;
  await logIn(page, 'owner');
  await page.goto('/resources/audiences');
  await expect(page.getByRole('grid', { name: 'Audiences', exact: true })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Data partner segments' })).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audiences-grid');

  await page.getByRole('button', { name: 'New audience' }).click();
  const dialog = page.getByRole('dialog', { name: 'New audience' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const file = dialog.getByLabel('Choose an identifiers file');
  await file.setInputFiles({
    name: 'ids.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([GOOD[0], 'not-a-device', GOOD[1]].join('\n')),
  });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE)).toBeVisible();
  expect(await countNamed(request, token, '/audiences', name)).toBe(0);

  await dialog.getByRole('checkbox', { name: AUDIENCE_NO_REBUILD_LABEL }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(AUDIENCE_IDENTIFIERS_REJECTED_MESSAGE)).toBeVisible();
  await expect(dialog.getByText(`Line 2: ${AUDIENCE_IDENTIFIER_UUID_MESSAGE}`)).toBeVisible();
  await checkAccessibility(page);

  await dialog.getByLabel('Choose an identifiers file').setInputFiles({
    name: 'ids.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(GOOD.join('\n')),
  });
  await dialog.getByRole('button', { name: 'Upload the file' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/resources\/audience\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The worker counts at once: "Updating…" turns into the number without a reload.
  await expect(page.getByText('3', { exact: true })).toBeVisible({ timeout: 30_000 });
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audience-detail');
  expect(await countNamed(request, token, '/audiences', name)).toBe(1);
});
