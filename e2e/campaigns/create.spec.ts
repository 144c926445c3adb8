/**
 * The guided creation flow: a campaign of each type through the UI, with invalid input first (each
 * §5/§9 message seen under its field), then valid; a draft saved and completed later from the detail page.
 */
import { CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES } from '@beacon/domain/dictionary/campaigns';
import {
  BUNDLE_ID_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkAccessibility, expectPath, logIn } from '../support/console';
import {
  choose,
  createCampaignThroughApi,
  dateInput,
  dayFromNow,
  pick,
  textbox,
  tokenOf,
  uniqueName,
} from './detail-support';

// Each test walks a whole flow through the console.
test.describe.configure({ timeout: 90_000 });

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
/** A message under a field: the helper text describing it. */
const fieldMessage = (page: Page, message: string) =>
  page
    .locator('.MuiFormHelperText-root')
    .filter({ hasText: new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

const fillFlight = async (page: Page, budget = '2000') => {
  await dateInput(page, 'Start date').fill(dayFromNow(2));
  await dateInput(page, 'End date').fill(dayFromNow(40));
  await choose(page, /^Budget timespan/, 'Lifetime');
  await textbox(page, /^Budget/).fill(budget);
  await choose(page, /^Daily limits/, 'Auto');
  await choose(page, /^Max daily cost strategy/, 'Daily');
};

const createAndExpectDetail = async (page: Page, name: string) => {
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

test('/campaign/new offers the six types with what each is for', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new');
  const types = page.getByRole('list', { name: 'Campaign types' });
  for (const type of CAMPAIGN_TYPES) {
    await expect(
      types.getByRole('link', { name: new RegExp(`^${CAMPAIGN_TYPE_LABELS[type]}`) }),
    ).toBeVisible();
  }
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-types-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-new-types-600.png', fullPage: true });
  await types.getByRole('link', { name: /^Connected TV/ }).click();
  await expectPath(page, '/campaign/new/smart-tv');
  await expect(page.getByRole('heading', { level: 1, name: 'New Connected TV campaign' })).toBeVisible();
  await checkAccessibility(page);
});

test('App Marketing: name characters and a malformed bundle id are refused, then it is created', async ({
  page,
}) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new/app-promotion');
  const name = uniqueName('App install');
  await textbox(page, /^Campaign name/).fill(`${name} | #1`);
  await next(page);
  await expect(fieldMessage(page, CAMPAIGN_NAME_MESSAGE)).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-basics-error-1440.png', fullPage: true });
  await textbox(page, /^Campaign name/).fill(name);
  await expect(fieldMessage(page, CAMPAIGN_NAME_MESSAGE)).toHaveCount(0);
  await next(page);

  await expect(stepHeading(page, 'Flight and budget')).toBeVisible();
  await fillFlight(page);
  await next(page);

  await expect(stepHeading(page, 'Bidding')).toBeVisible();
  await choose(page, /^Pricing/, 'CPC');
  await textbox(page, /^Bid/).fill('0.0001');
  await choose(page, /^Tracking tool/, 'Adjust');
  await expect(page.getByText(/Attribution windows: impressions 1 day, clicks 7 days/)).toBeVisible();
  await next(page);
  await expect(fieldMessage(page, 'The minimum value is $0.001')).toBeVisible();
  await textbox(page, /^Bid/).fill('0.5');
  await next(page);

  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  await textbox(page, /^Bundle IDs/).fill('not a bundle');
  await textbox(page, /^Bundle IDs/).press('Enter');
  await expect(fieldMessage(page, BUNDLE_ID_MESSAGE)).toBeVisible();
  await next(page);
  // Still on targeting: at least one bundle id is needed.
  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  await textbox(page, /^Bundle IDs/).fill('com.example.game');
  await textbox(page, /^Bundle IDs/).press('Enter');
  await expect(
    page.getByRole('list', { name: 'Bundle IDs added' }).getByText('com.example.game'),
  ).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-targeting-1440.png', fullPage: true });
  await next(page);
  await createAndExpectDetail(page, name);
});

test('Multichannel: six countries, minimums and CPM bounds are refused, then it is created', async ({
  page,
}) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new/generic');
  const name = uniqueName('Multichannel');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);

  await fillFlight(page, '5');
  await choose(page, /^Daily limits/, 'Manual');
  await textbox(page, /^Daily budget/).fill('5');
  await textbox(page, /^Daily impressions/).fill('999');
  await textbox(page, /^Daily clicks/).fill('9');
  await next(page);
  // Money minimums in the organization's currency; counts as numbers.
  await expect(fieldMessage(page, 'The minimum value is $10.00')).toHaveCount(2);
  await expect(fieldMessage(page, 'The minimum value is 10')).toHaveCount(1);
  await expect(fieldMessage(page, 'The minimum value is 1000')).toBeVisible();
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-new-flight-error-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await textbox(page, /^Budget/).fill('3000');
  await textbox(page, /^Daily budget/).fill('100');
  await textbox(page, /^Daily impressions/).fill('5000');
  await textbox(page, /^Daily clicks/).fill('50');
  await next(page);

  await expect(page.getByText('CPM between $0.25 and $200.00')).toBeVisible();
  await textbox(page, /^Bid/).fill('0.1');
  await next(page);
  await expect(fieldMessage(page, 'The minimum value is $0.25')).toBeVisible();
  await textbox(page, /^Bid/).fill('250');
  await expect(fieldMessage(page, 'The maximum value is $200.00')).toBeVisible();
  await textbox(page, /^Bid/).fill('3');
  await next(page);

  for (const [typed, country] of [
    ['Spain', 'Spain'],
    ['France', 'France'],
    ['Germany', 'Germany'],
    ['Italy', 'Italy'],
    ['Portugal', 'Portugal'],
    ['Belgium', 'Belgium'],
  ] as const) {
    await pick(page, page, 'Countries', typed, country);
  }
  // The sixth country is flagged at once, before Next.
  await expect(fieldMessage(page, MAX_COUNTRIES_MESSAGE)).toBeVisible();
  await next(page);
  await expect(fieldMessage(page, MAX_COUNTRIES_MESSAGE)).toBeVisible();
  // Backspace in the empty input removes the last country chosen.
  await page.getByRole('combobox', { name: 'Countries' }).press('Backspace');
  await expect(fieldMessage(page, MAX_COUNTRIES_MESSAGE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Work hours' }).click();
  await next(page);
  await expect(page.getByText('Work hours · 08:00–18:00')).toBeVisible();
  await createAndExpectDetail(page, name);
});

test('Proximity: a region or city is required, then it is created', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new/proximity');
  const name = uniqueName('Stores nearby');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);
  await fillFlight(page);
  await next(page);
  await choose(page, /^Tracking tool/, 'Beacon Footfall');
  await expect(page.getByText(/visits 15 days · tracking price 0.45 USD CPM/)).toBeVisible();
  await textbox(page, /^Bid/).fill('1.5');
  await next(page);
  await next(page);
  await expect(fieldMessage(page, REQUIRED_MESSAGE)).toBeVisible();
  await expect(fieldMessage(page, LOCATION_REQUIRED_MESSAGE)).toBeVisible();
  await pick(page, page, 'Countries', 'Spain', 'Spain');
  await pick(page, page, 'Regions', 'Andal', /^Andalusia/);
  await next(page);
  await createAndExpectDetail(page, name);
});

test('Connected TV and DOOH ask only what they need, and are created', async ({ page }) => {
  await logIn(page, 'owner');
  for (const [type, label] of [
    ['smart-tv', 'Connected TV'],
    ['dooh', 'DOOH'],
  ] as const) {
    await page.goto(`/campaign/new/${type}`);
    await next(page);
    await expect(fieldMessage(page, REQUIRED_MESSAGE)).toBeVisible();
    const name = uniqueName(label);
    await textbox(page, /^Campaign name/).fill(name);
    if (type === 'dooh') {
      // The agency's owner may run it for its child advertiser.
      await page.getByRole('combobox', { name: /^Advertiser/ }).click();
      await page.getByRole('option', { name: /^Demo Advertiser/ }).click();
    }
    await next(page);
    await fillFlight(page);
    await next(page);
    // CPM only: no choice of CPC.
    await page.getByRole('combobox', { name: /^Pricing/ }).click();
    await expect(page.getByRole('option', { name: 'CPC' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await textbox(page, /^Bid/).fill('4');
    await next(page);
    await expect(page.getByRole('checkbox', { name: 'Desktop' })).toHaveCount(0);
    if (type === 'dooh') await expect(page.getByRole('group', { name: 'Device types' })).toHaveCount(0);
    await next(page);
    await createAndExpectDetail(page, name);
    await expect(page.getByText(`· ${type === 'dooh' ? 'Demo Advertiser' : 'Demo Agency'} ·`)).toBeVisible();
  }
});

test('Synchronized: the source campaign is required, then linked', async ({ page, request }) => {
  const token = await tokenOf(request, 'owner');
  const source = await createCampaignThroughApi(request, token, { name: uniqueName('Source') });
  await logIn(page, 'owner');
  await page.goto('/campaign/new/synchronized');
  const name = uniqueName('Follower');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);
  await expect(page.locator('.MuiFormHelperText-root', { hasText: REQUIRED_MESSAGE })).toBeVisible();
  await pick(page, page, /^Source campaign/, source.name, source.name);
  await next(page);
  await expect(dateInput(page, 'Start date')).toHaveCount(0);
  await choose(page, /^Budget timespan/, 'Daily');
  await textbox(page, /^Budget/).fill('50');
  await choose(page, /^Daily limits/, 'Auto');
  await choose(page, /^Max daily cost strategy/, 'Automatic');
  await next(page);
  await textbox(page, /^Bid/).fill('1');
  await next(page);
  await next(page);
  await createAndExpectDetail(page, name);
  const link = page.getByRole('link', { name: source.name });
  await expect(link).toBeVisible();
  await expect(page.getByText(/cannot be unlinked/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Source campaign/ })).toHaveCount(0);
});

test('a draft saved halfway is completed later from the detail page', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new/generic');
  const name = uniqueName('Draft');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);
  await textbox(page, /^Budget/).fill('800');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delivery status: Draft/ })).toBeVisible();
  await checkAccessibility(page);

  // Activation needs a complete campaign: the server says so.
  await page.getByRole('button', { name: 'Activate campaign' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Complete the campaign|strategy/ })).toBeVisible();

  await dateInput(page, 'Start date').fill(dayFromNow(3));
  await choose(page, /^Budget timespan/, 'Lifetime');
  await choose(page, /^Daily limits/, 'Auto');
  await choose(page, /^Max daily cost strategy/, 'Daily');
  await textbox(page, /^Bid/).fill('2');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Campaign saved')).toBeVisible();
  await expect(textbox(page, /^Budget/)).toHaveValue(/^800/);
  await page.getByRole('button', { name: 'Complete draft' }).click();
  await expect(page.getByRole('button', { name: /^Delivery status: (?!Draft)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete draft' })).toHaveCount(0);
});

test('the operator’s staff create a campaign for a client, and see whose each campaign is', async ({
  page,
}) => {
  await logIn(page, 'supervisor');
  await page.goto('/campaign/new/generic');
  const name = uniqueName('For a client');
  await textbox(page, /^Campaign name/).fill(name);
  // Staff choose whom the campaign is for: it never lands in the operator's own organization unasked.
  await next(page);
  await expect(fieldMessage(page, REQUIRED_MESSAGE)).toBeVisible();
  await page.getByRole('combobox', { name: /^Advertiser/ }).click();
  await page.getByRole('option', { name: /^Demo Advertiser/ }).click();
  await checkAccessibility(page);
  await next(page);
  await expect(stepHeading(page, 'Flight and budget')).toBeVisible();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('· Demo Advertiser ·')).toBeVisible();

  await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  await expect(grid.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: name })).toContainText('Demo Advertiser');
  await checkAccessibility(page);
});

const resourceThroughApi = async (
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown>,
): Promise<{ id: number; name: string }> => {
  const response = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
};

/** A label carrying the required mark: its text ends with the asterisk. */
const requiredLabel = (page: Page, name: string) =>
  page
    .locator('.MuiFormLabel-root', { has: page.locator('.MuiFormLabel-asterisk') })
    .filter({ hasText: new RegExp(`^${name}[^a-z]*$`, 'i') });

test('required fields are marked and defaulted, limits flagged at once, minimums in dollars, review in words', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const geolist = await resourceThroughApi(request, token, '/geolist', {
    name: uniqueName('Seville shops'),
    country: 'ESP',
  });
  await logIn(page, 'owner');
  await page.goto('/campaign/new/generic');
  await expect(requiredLabel(page, 'Campaign name')).toBeVisible();
  const name = uniqueName('Words only');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);

  await expect(stepHeading(page, 'Flight and budget')).toBeVisible();
  for (const label of [
    'Start date',
    'Budget timespan',
    'Budget',
    'Daily limits',
    'Max daily cost strategy',
  ]) {
    await expect(requiredLabel(page, label)).toBeVisible();
  }
  // Sensible defaults: a daily budget, paced automatically.
  await expect(page.getByRole('combobox', { name: /^Budget timespan/ })).toHaveText('Daily');
  await expect(page.getByRole('combobox', { name: /^Daily limits/ })).toHaveText('Auto');
  await expect(page.getByRole('combobox', { name: /^Max daily cost strategy/ })).toHaveText('Automatic');
  await expect(page.getByText('At least $10.00 a day', { exact: true })).toBeVisible();
  await dateInput(page, 'Start date').fill(dayFromNow(2));
  await textbox(page, /^Budget/).fill('5');
  await next(page);
  await expect(fieldMessage(page, 'The minimum value is $10.00')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-minimum-1440.png', fullPage: true });
  await textbox(page, /^Budget/).fill('1250.5');
  await expect(fieldMessage(page, 'The minimum value is $10.00')).toHaveCount(0);
  await next(page);

  await expect(stepHeading(page, 'Bidding')).toBeVisible();
  for (const label of ['Pricing', 'Price model', 'Bid'])
    await expect(requiredLabel(page, label)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Pricing/ })).toHaveText('CPM');
  await textbox(page, /^Bid/).fill('3');
  await next(page);

  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  for (const country of ['Spain', 'France', 'Germany', 'Italy', 'Portugal', 'Belgium']) {
    await pick(page, page, 'Countries', country, country);
  }
  await expect(fieldMessage(page, MAX_COUNTRIES_MESSAGE)).toBeVisible();
  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-countries-flag-1440.png', fullPage: true });
  await page.getByRole('combobox', { name: 'Countries' }).press('Backspace');
  await expect(fieldMessage(page, MAX_COUNTRIES_MESSAGE)).toHaveCount(0);
  await pick(page, page, 'Regions', 'Andal', /^Andalusia/);
  await pick(page, page, 'Geolists', geolist.name, new RegExp(geolist.name));
  await next(page);

  await expect(stepHeading(page, 'Review')).toBeVisible();
  const review = page.locator('dl');
  const row = (label: string) =>
    review.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Advertiser')).toHaveText('Demo Agency');
  await expect(row('Budget')).toHaveText('$1,250.50 · Daily');
  await expect(row('Bid')).toHaveText('CPM $3.00');
  await expect(row('Price model')).toHaveText('CPM');
  await expect(row('Max daily cost strategy')).toHaveText('Automatic');
  await expect(row('Regions')).toHaveText('Andalusia (ES-AN)');
  await expect(row('Geolists')).toHaveText(geolist.name);
  await expect(review).not.toContainText('#');
  await expect(review).not.toContainText('chosen');
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-review-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-new-review-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await createAndExpectDetail(page, name);
});

test('event optimisation keeps the §3 labels and says in words what each one optimises for', async ({
  page,
}) => {
  await logIn(page, 'owner');
  // Only App Marketing asks it (domain campaign-types.ts).
  await page.goto('/campaign/new/app-promotion');
  await textbox(page, /^Campaign name/).fill(uniqueName('Event words'));
  await next(page);
  await fillFlight(page);
  await next(page);

  await expect(stepHeading(page, 'Bidding')).toBeVisible();
  await textbox(page, /^Bid/).fill('0.5');
  await choose(page, /^Tracking tool/, 'Adjust');
  const field = page.getByRole('combobox', { name: /^Event optimisation/ });
  // The default, in the spec's words, described under the field.
  await expect(field).toHaveText('Not optimizing');
  await expect(field).toHaveAccessibleDescription('Bid without optimising for conversion events');
  await field.click();
  const options = page.getByRole('listbox').getByRole('option');
  // The label stays the spec's word for word; the line under it names what it is.
  await expect(options.filter({ hasText: /^All events/ })).toContainText(
    'Optimise for conversion events 1 to 5 together',
  );
  await expect(options.filter({ hasText: /^events2/ })).toContainText(
    'Optimise for conversion event 2 (postback Event 2)',
  );
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-event-optimisation-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-new-event-optimisation-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await options.filter({ hasText: /^events2/ }).click();
  await expect(field).toHaveText('events2');
  await expect(field).toHaveAccessibleDescription('Optimise for conversion event 2 (postback Event 2)');
  await next(page);

  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  await textbox(page, /^Bundle IDs/).fill('com.example.game');
  await textbox(page, /^Bundle IDs/).press('Enter');
  await next(page);
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expect(
    page.locator('dl dt', { hasText: 'Event optimisation' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('events2 — Optimise for conversion event 2 (postback Event 2)');
  await page.screenshot({ path: '.tmp/screens/campaign-new-event-review-1440.png', fullPage: true });
});
