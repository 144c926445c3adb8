/**
 * The campaign page: strategies (add, pause all → banner, resume, duplicate, delete), activation,
 * the lifetime start-date dialog, history, status, unsaved changes and a stale save (409) in the form and in the
 * strategy dialog, the internal tab by role (with the goal rates), and targeting alerts. Every page is scanned with axe; screenshots at 1440 and 600 px.
 */
import { START_DATE_RESETS_BUDGET_MESSAGE } from '@beacon/domain/validation/messages';
import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn, saveStaleThenReload } from '../support/console';
import {
  createCampaignThroughApi,
  createStrategyThroughApi,
  dateInput,
  dayFromNow,
  simulatedTokenOf,
  textbox,
  tokenOf,
  uniqueName,
} from './detail-support';

// Each test walks a whole flow through the console.
test.describe.configure({ timeout: 90_000 });

const BANNER_TITLE = 'Every strategy of this campaign is paused';

const openCampaign = async (page: Page, id: number, tab = 'properties') => {
  await page.goto(`/campaign/${id}/${tab}`);
  await expect(page.getByRole('tab', { name: 'Properties' })).toBeVisible();
};

const strategyRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Strategies' }).getByRole('row').filter({ hasText: name });

test('strategies: add one, activate, pause them all (banner), resume, duplicate, delete', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  const first = await createStrategyThroughApi(request, token, campaign.id, { name: uniqueName('Madrid') });
  await logIn(page, 'owner');
  const started = Date.now();
  await openCampaign(page, campaign.id, 'strategies');
  await expect(strategyRow(page, first.name)).toBeVisible();
  console.log(`campaign page with strategies shown in ${Date.now() - started} ms`);

  // A new strategy: too large a share is refused with the domain's message, then it is added.
  await page.getByRole('button', { name: 'Add strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New strategy' });
  const second = uniqueName('Paris');
  await textbox(dialog, /^Strategy name/).fill(second);
  await textbox(dialog, /^Budget share/).fill('90');
  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await expect(dialog.locator('.MuiFormHelperText-root').filter({ hasText: /100/ })).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-strategy-dialog-1440.png' });
  await textbox(dialog, /^Budget share/).fill('40');
  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(strategyRow(page, second)).toBeVisible();

  // Active with its strategies: pausing them all is what stops it.
  await page.getByRole('button', { name: 'Activate campaign' }).click();
  await expect(page.getByRole('button', { name: 'Pause campaign' })).toBeVisible();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  for (const name of [first.name, second]) {
    await page.getByRole('switch', { name: `${name} bidding` }).click();
    await expect(strategyRow(page, name).getByText('Paused')).toBeVisible();
  }
  await expect(page.getByText(BANNER_TITLE)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delivery status: Paused strategies/ })).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-strategies-paused-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-strategies-paused-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Resume strategies' }).click();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  await expect(page.getByRole('switch', { name: `${first.name} bidding` })).toBeChecked();

  await page.getByRole('button', { name: `Edit ${first.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${first.name}` });
  await textbox(edit, /^Bid/).fill('0.1');
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await expect(edit.getByText('The minimum value is $0.25')).toBeVisible();
  await textbox(edit, /^Bid/).fill('3');
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await expect(edit).toHaveCount(0);
  await expect(strategyRow(page, first.name).getByText('$3.000')).toBeVisible();

  await page.getByRole('button', { name: `Duplicate ${first.name}` }).click();
  await expect(page.getByRole('table', { name: 'Strategies' }).getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: `Delete ${second}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${second}?` });
  await confirm.getByRole('textbox').fill('Delete');
  await confirm.getByRole('button', { name: 'Delete strategy' }).click();
  await expect(strategyRow(page, second)).toHaveCount(0);

  await page.getByRole('button', { name: /^Delivery status/ }).click();
  const status = page.getByRole('dialog', { name: 'Delivery status' });
  await expect(status.getByText('Strategies bidding')).toBeVisible();
  await expect(status.getByText('2 of 2')).toBeVisible();
  await checkAccessibility(page);
  await status.getByRole('button', { name: 'Close' }).click();
});

test('the strategy dialog asks before discarding changes, and a stale save reloads keeping what was typed', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  const strategy = await createStrategyThroughApi(request, token, campaign.id, { name: uniqueName('Lyon') });
  await logIn(page, 'owner');
  await openCampaign(page, campaign.id, 'strategies');
  await page.getByRole('button', { name: `Edit ${strategy.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${strategy.name}` });
  await textbox(edit, /^Bid/).fill('3');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await checkAccessibility(page);
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toHaveCount(0);
  await expect(textbox(edit, /^Bid/)).toHaveValue('3');

  // Someone else saves the strategy meanwhile: the server's message, and a reload that keeps the typed bid.
  const other = await request.put(`/api/strategy/${strategy.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { budget_share: 20, version: strategy.version },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await saveStaleThenReload(page, edit, 'Save strategy');
  await expect(textbox(edit, /^Budget share/)).toHaveValue('20');
  await expect(textbox(edit, /^Bid/)).toHaveValue('3');
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await expect(edit).toHaveCount(0);
  await expect(strategyRow(page, strategy.name).getByText('$3.000')).toBeVisible();
  await expect(strategyRow(page, strategy.name).getByText('20%')).toBeVisible();
});

test('a lifetime start date changes through its dialog, which says the budget resets; history shows it', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  await logIn(page, 'owner');
  await openCampaign(page, campaign.id);
  await expect(dateInput(page, 'Start date')).toBeDisabled();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-properties-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-properties-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Modify start date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify campaign start date' });
  await expect(dialog.getByText(START_DATE_RESETS_BUDGET_MESSAGE)).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-start-date-1440.png' });
  const newStart = dayFromNow(5);
  await dateInput(dialog, 'New start date').fill(newStart);
  await dialog.getByRole('button', { name: 'Change date and reset budget' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(dateInput(page, 'Start date')).toHaveValue(newStart);

  // A change made while the supervisor simulates the owner names both.
  const simulated = await simulatedTokenOf(request, 'supervisor', 'owner');
  const fresh = await request.get(`/api/campaign/${campaign.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const change = await request.put(`/api/campaign/${campaign.id}`, {
    headers: { authorization: `Bearer ${simulated}` },
    data: { end_date: dayFromNow(90), version: (await fresh.json()).version },
  });
  expect(change.ok(), await change.text()).toBe(true);

  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${campaign.name}` });
  await expect(history.getByText('by Olga Owner, as simulated by Sam Supervisor')).toBeVisible();
  await expect(history.getByText('by Olga Owner', { exact: true }).first()).toBeVisible();
  // Each change in words: labels, dates, money with its currency and dictionary labels, never field names or JSON.
  await expect(history.getByText('Start date changed and budget reset', { exact: true })).toBeVisible();
  await expect(history.getByText(`Start date: ${dayFromNow(1)} → ${newStart}`)).toBeVisible();
  await expect(history.getByText(`End date: ${dayFromNow(60)} → ${dayFromNow(90)}`)).toBeVisible();
  await expect(history.getByText('Created', { exact: true })).toBeVisible();
  await expect(history.getByText('Budget: $5,000.00', { exact: true })).toBeVisible();
  await expect(history.getByText('Type: Multichannel', { exact: true })).toBeVisible();
  await expect(history.getByText('Targeting › Countries: Spain, France', { exact: true })).toBeVisible();
  await expect(history.getByText(/start_date|\{"/)).toHaveCount(0);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-history-1440.png' });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-history-600.png' });
});

test('unsaved changes ask before leaving, and a stale save keeps what was typed', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  await logIn(page, 'owner');
  await openCampaign(page, campaign.id);
  const typed = `${campaign.name} renamed`;
  await textbox(page, /^Campaign name/).fill(typed);
  await page.getByRole('tab', { name: 'Targeting' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await checkAccessibility(page);
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(textbox(page, /^Campaign name/)).toHaveValue(typed);

  // Someone else saves the campaign meanwhile.
  const other = await request.put(`/api/campaign/${campaign.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { budget: '7000', version: campaign.version },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Someone else changed this campaign/)).toBeVisible();
  await expect(textbox(page, /^Campaign name/)).toHaveValue(typed);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(textbox(page, /^Budget/)).toHaveValue(/^7000/);
  await expect(textbox(page, /^Campaign name/)).toHaveValue(typed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Campaign saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: typed })).toBeVisible();

  // Nothing unsaved now: the tab changes without asking.
  await page.getByRole('tab', { name: 'Targeting' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}/targeting$`));
  await expect(page.getByRole('dialog', { name: 'Discard unsaved changes?' })).toHaveCount(0);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-targeting-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}/strategies$`));
});

test('targeting alerts show as warnings', async ({ page, request }) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token, {
    schedule: { preset: 'custom', days: ['monday'], ranges: [] },
  });
  await logIn(page, 'owner');
  await openCampaign(page, campaign.id, 'targeting');
  await expect(page.getByText('Inconsistent targeting')).toBeVisible();
  await checkAccessibility(page);
});

test('the internal tab is for internal roles: a supervisor edits notes, an owner never sees it', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);

  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await logIn(supervisor, 'supervisor');
  await openCampaign(supervisor, campaign.id);
  await supervisor.getByRole('tab', { name: 'Internal' }).click();
  await textbox(supervisor, /^Internal notes/).fill('Managed by the Madrid desk');
  await supervisor.getByRole('checkbox', { name: 'Managed service' }).check();
  await supervisor.getByRole('button', { name: 'Save changes' }).click();
  await expect(supervisor.getByText('Campaign saved')).toBeVisible();
  await checkAccessibility(supervisor);
  await supervisor.screenshot({ path: '.tmp/screens/campaign-internal-1440.png', fullPage: true });
  await supervisor.reload();
  await expect(textbox(supervisor, /^Internal notes/)).toHaveValue('Managed by the Madrid desk');
  await supervisorContext.close();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await logIn(owner, 'owner');
  await openCampaign(owner, campaign.id);
  await expect(owner.getByRole('tab', { name: 'Internal' })).toHaveCount(0);
  // The creatives tab came with the creatives issue: every campaign role has it.
  await expect(owner.getByRole('tab', { name: 'Creatives' })).toBeVisible();
  // The route guard refuses the internal tab (§6 internal campaign) and sends the owner to the landing page.
  await owner.goto(`/campaign/${campaign.id}/internal`);
  await expect(owner).toHaveURL(/\/campaigns$/);
  await ownerContext.close();
});

test('the internal tab shows the internal staff the goal rates learnt, and the priors before any delivery', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  // A CPA goal: $20 a conversion of event 1, at most a $5 CPM.
  const campaign = await createCampaignThroughApi(request, token, {
    price_model: 'cpa1',
    cpc_target: '20',
    bid: '5',
  });
  const strategy = await createStrategyThroughApi(request, token, campaign.id, { name: uniqueName('Goal') });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin');
  await openCampaign(admin, campaign.id, 'internal');
  const section = admin.getByRole('region', { name: 'Goal optimisation' });
  await expect(section.getByText(/^Goal: conversions of event 1 at \$20\.00 each/)).toBeVisible();
  await expect(section.getByText('No delivery in the last 30 days: the priors are in use.')).toBeVisible();
  // A new strategy bids on the prior: 0.01 % × $20 = $0.002 an impression, a $2.00 CPM.
  const overall = section
    .getByRole('table', { name: strategy.name })
    .getByRole('row', { name: /All placements/ });
  await expect(overall).toContainText('0.0100%');
  await expect(overall).toContainText('$0.002');
  await expect(overall).toContainText('$2.00');
  await checkAccessibility(admin);
  await admin.screenshot({ path: '.tmp/screens/campaign-goal-rates-1440.png', fullPage: true });
  await adminContext.close();

  // Support opens the internal tab (§6 internal campaign) but the rates are the internal staff's.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await logIn(support, 'support');
  await openCampaign(support, campaign.id, 'internal');
  await expect(support.getByRole('region', { name: 'Internal' })).toBeVisible();
  await expect(support.getByRole('region', { name: 'Goal optimisation' })).toHaveCount(0);
  await supportContext.close();
});

test('more actions: duplicate opens the copy, delete asks for the word and leaves for the grid', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  await logIn(page, 'owner');
  await openCampaign(page, campaign.id);

  await page.getByRole('button', { name: 'More actions' }).click();
  await checkAccessibility(page);
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: `Duplicate ${campaign.name}` });
  await duplicate.getByRole('button', { name: /^Duplicate/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${campaign.name} (copy)` })).toBeVisible();

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${campaign.name} (copy)?` });
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(confirm.getByText(/You should correctly type the word/)).toBeVisible();
  await confirm.getByRole('textbox').fill('Delete');
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('a viewer reads the campaign without ways to change it', async ({ page, request }) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  await createStrategyThroughApi(request, token, campaign.id);
  await logIn(page, 'viewer');
  await openCampaign(page, campaign.id);
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByText('Spain, France')).toBeVisible();
  await expect(textbox(page, /^Campaign name/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Activate campaign' })).toHaveCount(0);
  await checkAccessibility(page);
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await expect(page.getByRole('button', { name: 'Add strategy' })).toHaveCount(0);
  await expect(page.getByRole('switch').first()).toBeDisabled();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-viewer-strategies-1440.png', fullPage: true });
});
