import {
  AUDIENCE_IDENTIFIER_UUID_MESSAGE,
  AUDIENCE_NO_REBUILD_LABEL,
  AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE,
  audienceBadLinesMessage,
  keepValidIdentifiersLabel,
} from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import { countNamed, screenshotBothWidths, tokenOf } from './resources-support';

/**
 * Audiences (decision 019): a private audience created in the new audience dialog with its
 * identifiers file — refused without the §5 checkbox, then a file with a bad line (its report shown, the
 * audience's file not stored), then a good one; the detail page shows "Updating…" until the count arrives.
 * Then an upload with a few bad lines to an existing audience: the report names them, the valid identifiers are
 * kept on request, and the match rate shows on the dialog and the audience.
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
  await expect(dialog.getByText(audienceBadLinesMessage([2], 1, 2))).toBeVisible();
  await expect(dialog.getByText(`Line 2: ${AUDIENCE_IDENTIFIER_UUID_MESSAGE}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: keepValidIdentifiersLabel(2) })).toBeVisible();
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

test('upload a file with a few bad lines: the report names them, the valid identifiers are kept on request', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'owner');
  const name = `Store visitors ${Date.now().toString(36)}`;
  const created = await request.post('/api/audience', {
    data: { name, type: 'private' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const valid = Array.from(
    { length: 7 },
    (_, index) => `6d92078a-8246-4ba4-ae5b-${String(index).padStart(12, '0')}`,
  );
  // Lines 3, 6 and 9 are bad; line 1 is a header.
  const lines = [
    'identifier,type',
    valid[0],
    'not-a-device',
    valid[1],
    valid[2],
    'abc,web,extra',
    valid[3],
    valid[4],
    'x y',
    valid[5],
    valid[6],
  ];

  await logIn(page, 'owner');
  await page.goto(`/resources/audience/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Upload identifiers' }).click();
  const dialog = page.getByRole('dialog', { name: `Upload identifiers to ${name}` });
  await dialog.getByLabel('Choose an identifiers file').setInputFiles({
    name: 'visitors.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await dialog.getByRole('checkbox', { name: AUDIENCE_NO_REBUILD_LABEL }).check();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(dialog.getByText(audienceBadLinesMessage([3, 6, 9], 3, 7))).toBeVisible();
  await expect(
    dialog.getByText('11 lines read: 7 valid identifiers, 3 bad lines, 1 blank or header line.'),
  ).toBeVisible();
  await expect(dialog.getByText('Match rate 70%')).toBeVisible();
  const badLines = dialog.getByRole('list', { name: 'Bad lines' });
  await expect(badLines.getByRole('listitem')).toHaveText([
    `Line 3: ${AUDIENCE_IDENTIFIER_UUID_MESSAGE}`,
    /^Line 6: /,
    /^Line 9: /,
  ]);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audience-upload-report');
  // Nothing is stored until the user chooses.
  const history = async () =>
    (
      await (
        await request.get(`/api/audience/${id}/history`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).map((entry: { action: string }) => entry.action);
  expect(await history()).toEqual(['create']);

  await dialog.getByRole('button', { name: keepValidIdentifiersLabel(7) }).click();
  await expect(dialog.getByText('7 identifiers added to')).toBeVisible();
  await expect(dialog.getByText('Match rate 70%')).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audience-upload-kept');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await history()).toEqual(['upload', 'create']);

  const facts = page.locator('dl');
  await expect(facts.getByText('70% of the last upload')).toBeVisible();
  await expect(facts.getByText('7', { exact: true })).toBeVisible({ timeout: 30_000 });
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'audience-detail-match-rate');
});
