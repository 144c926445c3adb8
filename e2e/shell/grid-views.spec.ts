import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { checkAccessibility, DEMO_PASSWORD, logIn, pathOf } from '../support/console';

/**
 * Every server-side grid: several filter conditions at once (ANDed by the list, kept in the URL), shown as
 * removable chips, and the user's saved views of the grid (docs/api.md "Saved views") — here on the campaigns
 * grid.
 */

const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Campaigns' });
const rowOf = (page: Page, name: string): Locator =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const filtersPanel = (page: Page): Locator => page.getByRole('dialog', { name: 'Filters' });

const day = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const tokenOf = async (request: APIRequestContext, username: string): Promise<string> => {
  const response = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token;
};

/** A campaign made through the API (test setup): a draft, or a complete inactive DOOH campaign. */
const createCampaign = async (
  request: APIRequestContext,
  token: string,
  name: string,
  isDraft: boolean,
): Promise<void> => {
  const data = isDraft
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
};

/** Chooses an option of a MUI select (a combobox opening a listbox) by their names. */
const choose = async (scope: Locator, page: Page, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
};

const screenshotBothWidths = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-600.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
};

test('several filter conditions narrow the grid, survive a reload and are kept as a saved view', async ({
  page,
  request,
}) => {
  // Many steps, each with an accessibility scan.
  test.slow();
  const token = await tokenOf(request, 'editor');
  const prefix = `Saved ${Date.now().toString(36)}`;
  const drafts = [`${prefix} draft one`, `${prefix} draft two`];
  const complete = `${prefix} complete`;
  await createCampaign(request, token, drafts[0] ?? '', true);
  await createCampaign(request, token, drafts[1] ?? '', true);
  await createCampaign(request, token, complete, false);
  await logIn(page, 'editor');
  await page.goto('/campaigns');
  await expect(grid(page)).toBeVisible();

  // First condition: the name holds the prefix — all three campaigns.
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = filtersPanel(page);
  await expect(panel).toBeVisible();
  const first = panel.getByRole('group', { name: 'Condition 1' });
  await choose(first, page, 'Column', 'Name');
  await choose(first, page, 'Operator', 'contains');
  await first.getByRole('textbox', { name: 'Value' }).fill(prefix);

  // A second condition, first with a value the list would refuse: its message, and nothing is sent.
  await panel.getByRole('button', { name: 'Add condition' }).click();
  const second = panel.getByRole('group', { name: 'Condition 2' });
  await choose(second, page, 'Column', 'Budget');
  await choose(second, page, 'Operator', 'at least');
  await second.getByRole('textbox', { name: 'Value' }).fill('lots');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(second).toContainText('Enter a number, such as 10 or 2.5');
  // The operator's name is read whole in its field.
  const operator = second.getByRole('combobox', { name: 'Operator' });
  expect(await operator.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(panel).toBeVisible();
  expect(pathOf(page)).not.toContain('name[contains]');
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'grid-filters-panel');

  // The second condition becomes the state: only the drafts.
  await choose(second, page, 'Column', 'State');
  await choose(second, page, 'Operator', 'equal');
  await choose(second, page, 'Value', 'Draft');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect.poll(() => pathOf(page)).toContain('state[is]=preview');
  expect(new URL(page.url()).searchParams.get('name[contains]')).toBe(prefix);
  for (const name of drafts) await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, complete)).toHaveCount(0);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText(`Name contains ${prefix}`, { exact: true })).toBeVisible();
  await expect(chips.getByText('State equal Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (2 active)' })).toBeVisible();

  // Both conditions survive a reload.
  await page.reload();
  await expect(chips.getByText('State equal Draft', { exact: true })).toBeVisible();
  for (const name of drafts) await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, complete)).toHaveCount(0);
  await checkAccessibility(page);

  // Saved as a view.
  const viewName = `Drafts ${prefix}`;
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save current view' });
  await saveDialog.getByRole('textbox', { name: 'View name' }).fill(viewName);
  await checkAccessibility(page);
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog).toBeHidden();

  // Cleared: the chips go and the complete campaign is back.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => pathOf(page)).not.toContain('state[is]');
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(prefix);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(prefix);
  await expect(rowOf(page, complete)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('');
  await expect.poll(() => new URL(page.url()).searchParams.has('search')).toBe(false);

  // Applied again from the menu.
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('menuitem', { name: viewName }).click();
  await expect(chips.getByText(`Name contains ${prefix}`, { exact: true })).toBeVisible();
  await expect(chips.getByText('State equal Draft', { exact: true })).toBeVisible();
  for (const name of drafts) await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, complete)).toHaveCount(0);

  // One chip removed with the keyboard: the other condition stays.
  await chips.getByRole('button', { name: 'State equal Draft', exact: true }).press('Delete');
  await expect(chips.getByText('State equal Draft', { exact: true })).toHaveCount(0);
  await expect(rowOf(page, complete)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('name[contains]')).toBe(prefix);

  // Deleted, after a confirmation.
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Saved views' });
  await manage.getByRole('button', { name: `Delete ${viewName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the view "${viewName}"?` });
  await expect(confirm).toBeVisible();
  await checkAccessibility(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(manage.getByText(viewName, { exact: true })).toHaveCount(0);
  await manage.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: viewName })).toHaveCount(0);
});
