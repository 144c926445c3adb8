import { readFile } from 'node:fs/promises';
import { DELIVERY_EXPLANATIONS } from '@beacon/domain/campaigns/delivery-status';
import { BACKOFFICE_TABLE_HEIGHT } from '@beacon/domain/dictionary/constants';
import { ACTIVATION_NEEDS_STRATEGY_MESSAGE, CAMPAIGN_NAME_MESSAGE } from '@beacon/domain/validation/messages';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  checkAccessibility,
  DEMO_PASSWORD,
  expectPath,
  logIn,
  pathOf,
  settle,
  signUpThroughForm,
} from '../support/console';

const CAMPAIGNS_PATH = '/campaigns';
const BACKOFFICE_CAMPAIGNS_PATH = '/backoffice/campaigns';

const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Campaigns' });
const rowOf = (page: Page, name: string): Locator =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search campaigns' });
const selectionBar = (page: Page): Locator => page.getByRole('region', { name: 'Selected campaigns' });

/** A name no other test uses, so that a search finds exactly what the test made. */
let nameCount = 0;
const uniqueName = (prefix: string): string => {
  nameCount += 1;
  return `${prefix} ${Date.now().toString(36)}${nameCount}`;
};

const day = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const tokenOf = async (request: APIRequestContext, username: string): Promise<string> => {
  const response = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token;
};

type Made = { readonly id: number; readonly name: string };

/**
 * A campaign made through the API (test setup): a complete DOOH campaign, inactive, unless `draft` asks for
 * a draft (name and type only).
 */
const createCampaign = async (
  request: APIRequestContext,
  token: string,
  name: string,
  { draft = false }: { draft?: boolean } = {},
): Promise<Made> => {
  const data = draft
    ? { name, type: 'generic', state: 'preview' }
    : {
        name,
        type: 'dooh',
        start_date: day(0),
        end_date: day(60),
        budget_timespan: 'lifetime',
        budget: '5000',
        daily_limit_type: 'auto',
        max_daily_cost_strategy: 'automatic',
        pricing: 'cpm',
        price_model: 'cpm',
        bid: '2.5',
      };
  const response = await request.post('/api/campaign', {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  const campaign = await response.json();
  return { id: campaign.id, name: campaign.name };
};

const addStrategy = async (
  request: APIRequestContext,
  token: string,
  campaign: Made,
  name = 'Main strategy',
): Promise<void> => {
  const response = await request.post(`/api/campaign/${campaign.id}/strategies`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name, start_date: day(0), budget_share: 50 },
  });
  expect(response.status(), await response.text()).toBe(201);
};

const openCampaigns = async (page: Page, search = '', path = CAMPAIGNS_PATH): Promise<void> => {
  await page.goto(`${path}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
};

/** Logs in as another user in the same page: the stored session goes first. */
const switchUser = async (page: Page, username: string): Promise<void> => {
  await page.evaluate(() => localStorage.clear());
  await logIn(page, username);
};

/** Chooses an option of a MUI select (a combobox opening a listbox) by their names. */
const choose = async (scope: Page | Locator, page: Page, label: string | RegExp, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
};

test('logging in lands on the campaigns grid, with its menu entry', async ({ page, request }) => {
  // Many steps, each with an accessibility scan.
  test.slow();
  const token = await tokenOf(request, 'editor');
  const complete = await createCampaign(request, token, uniqueName('Landing Complete'));
  await addStrategy(request, token, complete);
  const draft = await createCampaign(request, token, uniqueName('Landing Draft'), { draft: true });

  await logIn(page, 'editor');
  await expectPath(page, CAMPAIGNS_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }),
  ).toHaveClass(/active/);
  await expect(page).toHaveTitle(/^Campaigns/);

  // Newest first (the list's default sort).
  await expect(rowOf(page, draft.name)).toBeVisible();
  await expect(rowOf(page, complete.name)).toBeVisible();
  const draftRow = rowOf(page, draft.name);
  await expect(draftRow).toContainText('Multichannel');
  await expect(draftRow.getByRole('gridcell', { name: 'Draft' }).first()).toBeVisible();
  const completeRow = rowOf(page, complete.name);
  await expect(completeRow).toContainText('DOOH');
  await expect(completeRow).toContainText('Inactive');
  await expect(completeRow).toContainText('Stopped');
  await expect(completeRow).toContainText(day(0));
  await expect(completeRow).toContainText(day(60));
  await expect(completeRow).toContainText(/5,000\.00/);
  await checkAccessibility(page);

  // The delivery chip explains itself on hover.
  await completeRow.getByText('Stopped', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(DELIVERY_EXPLANATIONS.inactive);

  // "/" jumps to the search field.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();

  // The name opens the campaign on its first tab.
  await completeRow.getByRole('link', { name: complete.name }).click();
  await expectPath(page, `/campaign/${complete.id}/properties`);
});

test('search, filters and sort live in the URL and survive a reload', async ({ page, request }) => {
  // Many steps, each with an accessibility scan.
  test.slow();
  const token = await tokenOf(request, 'editor');
  const prefix = uniqueName('Url State');
  const alpha = await createCampaign(request, token, `${prefix} alpha`);
  const beta = await createCampaign(request, token, `${prefix} beta`, { draft: true });
  await logIn(page, 'editor');
  await openCampaigns(page);

  await searchBox(page).fill(prefix);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(prefix);
  await expect(rowOf(page, alpha.name)).toBeVisible();
  await expect(rowOf(page, beta.name)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('2 matching');

  const nameHeader = grid(page).getByRole('columnheader', { name: 'Name' });
  // Two quick clicks sort descending: the second builds on the first before the URL has caught up.
  await nameHeader.dblclick();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-name');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page).getByRole('row').nth(1)).toContainText(beta.name);

  // A filter chosen in the panel.
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  await checkAccessibility(page);
  const condition = panel.getByRole('group', { name: 'Condition 1' });
  await choose(condition, page, 'Column', 'Name');
  await choose(condition, page, 'Operator', 'ends with');
  await condition.getByRole('textbox', { name: 'Value' }).fill('alpha');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect.poll(() => pathOf(page)).toContain('name[ends]=alpha');
  await expect(rowOf(page, alpha.name)).toBeVisible();
  await expect(rowOf(page, beta.name)).toHaveCount(0);
  await expect(page.getByText('Name ends with alpha', { exact: true })).toBeVisible();

  // Everything survives a reload.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(prefix);
  await expect(rowOf(page, alpha.name)).toBeVisible();
  await expect(rowOf(page, beta.name)).toHaveCount(0);
  await expect(page.getByText('Name ends with alpha', { exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('sort')).toBe('-name');
  await checkAccessibility(page);

  // A link with an enum filter opens the grid filtered; a filter that leaves nothing says so and clears.
  await openCampaigns(page, `?search=${encodeURIComponent(prefix)}&state[is]=preview`);
  await expect(rowOf(page, beta.name)).toBeVisible();
  await expect(rowOf(page, alpha.name)).toHaveCount(0);
  await expect(page.getByText('State equal Draft', { exact: true })).toBeVisible();
  await openCampaigns(page, `?search=${encodeURIComponent(prefix)}&state[is]=active`);
  const noMatch = page.getByRole('alert').filter({ hasText: 'No campaign matches' });
  await expect(noMatch).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaigns-no-match-1440.png' });
  await noMatch.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect.poll(() => pathOf(page)).toBe(CAMPAIGNS_PATH);
  await expect(searchBox(page)).toHaveValue('');
  await expect(rowOf(page, alpha.name)).toBeVisible();
});

test('bulk activate, pause and delete ask for confirmation', async ({ page, request }) => {
  // Many steps, each with an accessibility scan.
  test.slow();
  const token = await tokenOf(request, 'editor');
  const prefix = uniqueName('Bulk');
  const first = await createCampaign(request, token, `${prefix} one`);
  const second = await createCampaign(request, token, `${prefix} two`);
  await addStrategy(request, token, first);
  await addStrategy(request, token, second);
  const bare = await createCampaign(request, token, `${prefix} bare`);
  await logIn(page, 'editor');
  await openCampaigns(page, `?search=${encodeURIComponent(prefix)}`);

  // Activation is all or nothing: a campaign without a strategy refuses it, and nothing changes.
  for (const campaign of [first, second, bare])
    await rowOf(page, campaign.name).getByRole('checkbox').check();
  await expect(selectionBar(page)).toContainText('3 campaigns selected');
  await checkAccessibility(page);
  await selectionBar(page).getByRole('button', { name: 'Activate' }).click();
  let dialog = page.getByRole('dialog', { name: 'Activate 3 campaigns?' });
  await expect(dialog).toContainText(bare.name);
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Activate 3 campaigns' }).click();
  await expect(dialog.getByRole('alert')).toContainText(ACTIVATION_NEEDS_STRATEGY_MESSAGE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, first.name)).toContainText('Inactive');

  await rowOf(page, bare.name).getByRole('checkbox').uncheck();
  await selectionBar(page).getByRole('button', { name: 'Activate' }).click();
  dialog = page.getByRole('dialog', { name: 'Activate 2 campaigns?' });
  await dialog.getByRole('button', { name: 'Activate 2 campaigns' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 campaigns activated')).toBeVisible();
  await expect(rowOf(page, first.name)).toContainText('Active');
  await expect(rowOf(page, second.name)).toContainText('Active');
  await expect(selectionBar(page)).toBeHidden();

  // Pausing changes only what runs.
  await rowOf(page, first.name).getByRole('checkbox').check();
  await rowOf(page, bare.name).getByRole('checkbox').check();
  await selectionBar(page).getByRole('button', { name: 'Pause 1' }).click();
  dialog = page.getByRole('dialog', { name: 'Pause 1 campaign?' });
  await expect(dialog).toContainText('1 campaign of the selection is not running');
  await dialog.getByRole('button', { name: 'Pause 1 campaign' }).click();
  await expect(page.getByText('1 campaign paused')).toBeVisible();
  await expect(rowOf(page, first.name)).toContainText('Inactive');
  await expect(rowOf(page, second.name)).toContainText('Active');

  // Deleting asks for the word (§5).
  await rowOf(page, first.name).getByRole('checkbox').check();
  await rowOf(page, second.name).getByRole('checkbox').check();
  await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete 2 campaigns?' });
  await expect(dialog).toContainText(first.name);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaigns-delete-1440.png' });
  const confirm = dialog.getByRole('button', { name: 'Delete 2 campaigns' });
  await dialog.getByRole('textbox', { name: 'Type "Delete" to confirm' }).fill('delete');
  await confirm.click();
  await expect(dialog).toContainText('You should correctly type the word Delete to continue');
  await dialog.getByRole('textbox', { name: 'Type "Delete" to confirm' }).fill('Delete');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 campaigns deleted')).toBeVisible();
  await expect(rowOf(page, first.name)).toHaveCount(0);
  await expect(rowOf(page, second.name)).toHaveCount(0);
  await expect(rowOf(page, bare.name)).toBeVisible();

  // Deleted, not gone: the state filter still finds them (§4), and no bulk action applies to them.
  await openCampaigns(page, `?search=${encodeURIComponent(prefix)}&state[is]=deleted`);
  await expect(rowOf(page, first.name)).toContainText('Deleted');
  await rowOf(page, first.name).getByRole('checkbox').check();
  await expect(selectionBar(page).getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(selectionBar(page).getByRole('button', { name: 'Activate' })).toBeDisabled();
});

test('a campaign is duplicated with or without its strategies', async ({ page, request }) => {
  // Many steps, each with an accessibility scan.
  test.slow();
  const token = await tokenOf(request, 'editor');
  const source = await createCampaign(request, token, uniqueName('Source'));
  await addStrategy(request, token, source, 'North');
  await addStrategy(request, token, source, 'South');
  await logIn(page, 'editor');
  await openCampaigns(page, `?search=${encodeURIComponent(source.name)}`);
  await expect(rowOf(page, source.name)).toContainText('2');

  await rowOf(page, source.name)
    .getByRole('menuitem', { name: `Duplicate ${source.name}` })
    .click();
  let dialog = page.getByRole('dialog', { name: `Duplicate ${source.name}` });
  const name = dialog.getByRole('textbox', { name: 'Name of the copy' });
  await expect(name).toHaveValue(`${source.name} (copy)`);
  await expect(dialog.getByRole('radio', { name: 'With its 2 strategies' })).toBeChecked();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaigns-duplicate-1440.png' });

  await name.fill('Copy | with a pipe');
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(name).toHaveAccessibleDescription(CAMPAIGN_NAME_MESSAGE);
  const withName = `${source.name} with`;
  await name.fill(withName);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${withName} created as a copy of ${source.name}`)).toBeVisible();
  await expect(rowOf(page, withName)).toBeVisible();
  await expect(rowOf(page, withName).getByRole('gridcell', { name: '2', exact: true })).toBeVisible();

  await rowOf(page, source.name)
    .getByRole('menuitem', { name: `Duplicate ${source.name}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Duplicate ${source.name}` });
  const withoutName = `${source.name} without`;
  await dialog.getByRole('textbox', { name: 'Name of the copy' }).fill(withoutName);
  await dialog.getByRole('radio', { name: 'Without strategies' }).check();
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, withoutName).getByRole('gridcell', { name: '0', exact: true })).toBeVisible();
});

test('the CSV download holds the rows of the current search and filters', async ({ page, request }) => {
  const token = await tokenOf(request, 'editor');
  const prefix = uniqueName('Csv');
  const kept = await createCampaign(request, token, `${prefix} kept`);
  const left = await createCampaign(request, token, `${prefix} left`, { draft: true });
  await logIn(page, 'editor');
  await openCampaigns(page, `?search=${encodeURIComponent(prefix)}&state[is]=inactive`);
  await expect(rowOf(page, kept.name)).toBeVisible();
  await expect(rowOf(page, left.name)).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('campaigns.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
  expect(csv).toContain(kept.name);
  expect(csv).not.toContain(left.name);
});

test('campaign info is exported as CSV and as XLSX', async ({ page, request }) => {
  const token = await tokenOf(request, 'editor');
  const campaign = await createCampaign(request, token, uniqueName('Exported'));
  await addStrategy(request, token, campaign, 'Exported strategy');
  await logIn(page, 'editor');
  await openCampaigns(page, `?search=${encodeURIComponent(campaign.name)}`);

  await rowOf(page, campaign.name)
    .getByRole('menuitem', { name: `Export ${campaign.name} info` })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Export campaign info' });
  await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaigns-export-1440.png' });
  let downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toBe(`campaign-${campaign.id}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(campaign.name);
  expect(csv).toContain('Exported strategy');
  await expect(dialog).toBeHidden();

  await rowOf(page, campaign.name)
    .getByRole('menuitem', { name: `Export ${campaign.name} info` })
    .click();
  dialog = page.getByRole('dialog', { name: 'Export campaign info' });
  await dialog.getByRole('radio', { name: 'Excel workbook (XLSX)' }).check();
  await expect(dialog).toContainText(`campaign-${campaign.id}.xlsx`);
  downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toBe(`campaign-${campaign.id}.xlsx`);
  const workbook = await readFile(await download.path());
  // An XLSX file is a ZIP archive: it starts with "PK".
  expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(workbook.length).toBeGreaterThan(500);
});

test('a viewer reads campaigns but sees no write action', async ({ page, request }) => {
  const token = await tokenOf(request, 'editor');
  const campaign = await createCampaign(request, token, uniqueName('Viewed'));
  await logIn(page, 'viewer');
  await openCampaigns(page, `?search=${encodeURIComponent(campaign.name)}`);
  const row = rowOf(page, campaign.name);
  await expect(row).toBeVisible();
  await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('menuitem', { name: `Duplicate ${campaign.name}` })).toHaveCount(0);
  await expect(row.getByRole('menuitem', { name: `Export ${campaign.name} info` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await checkAccessibility(page);
});

test('a new organization is invited to create its first campaign', async ({ page }) => {
  await signUpThroughForm(page, 'first_campaign');
  await expectPath(page, CAMPAIGNS_PATH);
  const empty = page.getByRole('region', { name: 'No campaigns yet' });
  await expect(empty).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaigns-empty-1440.png' });
  await empty.getByRole('link', { name: 'Create your first campaign' }).click();
  await expectPath(page, '/campaign/new');
});

test('the back office lists every organization’s campaigns with organization columns', async ({
  page,
  request,
}) => {
  // Two users and several scans.
  test.slow();
  const agency = await createCampaign(request, await tokenOf(request, 'editor'), uniqueName('Office Agency'));
  const northwind = await createCampaign(
    request,
    await tokenOf(request, 'reseller'),
    uniqueName('Office Northwind'),
  );
  await logIn(page, 'supervisor');
  await openCampaigns(page, '', BACKOFFICE_CAMPAIGNS_PATH);
  await expect(page.getByText('Back office', { exact: true }).first()).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Organization', exact: true })).toBeVisible();
  await expect(rowOf(page, agency.name)).toContainText('Demo Agency');
  await expect(rowOf(page, northwind.name)).toContainText('Northwind Media');
  await checkAccessibility(page);

  await openCampaigns(page, '?organization_name[is]=Northwind%20Media', BACKOFFICE_CAMPAIGNS_PATH);
  await expect(rowOf(page, northwind.name)).toBeVisible();
  await expect(rowOf(page, agency.name)).toHaveCount(0);
  await page.reload();
  await expect(rowOf(page, northwind.name)).toBeVisible();
  await expect(page.getByText('Organization equal Northwind Media', { exact: true })).toBeVisible();
  await checkAccessibility(page);

  // An owner of an agency may not open the back office.
  await switchUser(page, 'owner');
  await page.goto(BACKOFFICE_CAMPAIGNS_PATH);
  await expectPath(page, CAMPAIGNS_PATH);
});

for (const width of [1440, 600]) {
  test(`at ${width}px the campaigns page fits and reads well`, async ({ page, request }) => {
    // Two users, two pages.
    test.slow();
    const token = await tokenOf(request, 'editor');
    const prefix = uniqueName('Screen');
    const running = await createCampaign(request, token, `${prefix} spring sale`);
    await addStrategy(request, token, running);
    await createCampaign(request, token, `${prefix} summer draft`, { draft: true });
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'editor');
    await openCampaigns(page);
    await expect(rowOf(page, running.name)).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
    await settle(page);
    await page.screenshot({ path: `.tmp/screens/campaigns-${width}.png` });
    await rowOf(page, running.name).getByRole('checkbox').check();
    await settle(page);
    await page.screenshot({ path: `.tmp/screens/campaigns-selection-${width}.png` });

    await switchUser(page, 'supervisor');
    await openCampaigns(page, '', BACKOFFICE_CAMPAIGNS_PATH);
    await expect(rowOf(page, running.name)).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
    if (width >= 1280) {
      const box = await grid(page)
        .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " MuiDataGrid-root ")]')
        .boundingBox();
      expect(box?.height).toBe(BACKOFFICE_TABLE_HEIGHT.large);
    }
    await settle(page);
    await page.screenshot({ path: `.tmp/screens/backoffice-campaigns-${width}.png` });
  });
}
