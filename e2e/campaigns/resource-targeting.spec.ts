/**
 * Resource targeting (decision 021): resources created through the API are targeted from a campaign's
 * targeting tab, saved and seen again after a reload; a publisher both allowed and blocked shows the §5 alert;
 * a retargeting campaign without audiences shows the §5 hint. Every page is scanned with axe.
 */
import { AUDIENCES_REQUIRED_MESSAGE, PUBLISHER_CONFLICT_MESSAGE } from '@beacon/domain/validation/messages';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import { createCampaignThroughApi, dayFromNow, pick, tokenOf, uniqueName } from './detail-support';

test.describe.configure({ timeout: 90_000 });

const createThroughApi = async (
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown>,
): Promise<{ id: number; name: string }> => {
  const response = await request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
};

const openTargeting = async (page: Page, id: number) => {
  await page.goto(`/campaign/${id}/targeting`);
  await expect(page.getByRole('combobox', { name: 'Geolists' })).toBeVisible();
};

test('resources are targeted from the campaign, saved, shown after a reload, with the publisher alert', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const geolist = await createThroughApi(request, token, '/geolist', {
    name: uniqueName('Madrid stores'),
    country: 'ESP',
  });
  const deal = await createThroughApi(request, token, '/deal', {
    external_id: `e2e-${Date.now().toString(36)}`,
    name: uniqueName('Premium video deal'),
    supply_partner: 'magnite',
    type: 'private_auction',
    floor_price: '1.5',
    start_date: dayFromNow(0),
  });
  const visitors = await createThroughApi(request, token, '/location-audience', {
    name: uniqueName('Fair visitors'),
    areas: [{ latitude: 40.4168, longitude: -3.7038, radius: 500, name: 'Fair' }],
    start_date: dayFromNow(0),
    end_date: dayFromNow(20),
    max_users: 10_000,
  });
  const buyers = await createThroughApi(request, token, '/audience', {
    name: uniqueName('Buyers'),
    type: 'private',
  });
  const allow = await createThroughApi(request, token, '/publisher-list', {
    name: uniqueName('Premium sites'),
    kind: 'allow',
    publishers: ['news-e2e.example.com', 'com.example.e2egame'],
  });
  const block = await createThroughApi(request, token, '/publisher-list', {
    name: uniqueName('Unsafe sites'),
    kind: 'block',
    publishers: ['com.example.e2egame'],
  });
  const campaign = await createCampaignThroughApi(request, token);

  await logIn(page, 'owner');
  await openTargeting(page, campaign.id);
  await checkAccessibility(page);
  await pick(page, page, 'At least one of them', buyers.name, new RegExp(buyers.name));
  await pick(page, page, 'Location audiences', visitors.name, new RegExp(visitors.name));
  await pick(page, page, 'Geolists', geolist.name, new RegExp(geolist.name));
  await pick(page, page, 'Publisher allowlists', allow.name, new RegExp(allow.name));
  await pick(page, page, 'Publisher blocklists', block.name, new RegExp(block.name));
  await pick(page, page, 'Deals', deal.name, new RegExp(deal.name));
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Campaign saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Geolists' })).toBeVisible();
  for (const name of [buyers.name, visitors.name, geolist.name, allow.name, block.name, deal.name]) {
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  const alert = page.getByRole('alert').filter({ hasText: 'Inconsistent targeting' });
  await expect(alert).toContainText(PUBLISHER_CONFLICT_MESSAGE);
  await expect(alert).toContainText('com.example.e2egame');
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-resource-targeting-1440.png', fullPage: true });

  // A strategy narrows the campaign with its own audiences and geolists.
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await page.getByRole('button', { name: 'Add strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New strategy' });
  const strategyName = uniqueName('Madrid shoppers');
  await dialog.getByRole('textbox', { name: /^Strategy name/ }).fill(strategyName);
  await dialog.getByRole('textbox', { name: /^Budget share/ }).fill('40');
  await pick(dialog, page, 'Excluded', buyers.name, new RegExp(buyers.name));
  await pick(dialog, page, 'Geolists', geolist.name, new RegExp(geolist.name));
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-strategy-resources-1440.png' });
  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await expect(dialog).toHaveCount(0);
  // Excluding the campaign's required audience raises the §3 alert, naming the strategy.
  await expect(alert).toContainText(`Strategy "${strategyName}"`);
  await expect(alert).toContainText(buyers.name);

  const saved = await request.get(`/api/campaign/${campaign.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await saved.json()).targeting).toMatchObject({
    audiences: { at_least_one_of: [buyers.id], mandatory: [], excluded: [] },
    location_audiences: [visitors.id],
    geolists: [geolist.id],
    publisher_allowlists: [allow.id],
    publisher_blocklists: [block.id],
    deals: [deal.id],
  });
  const strategies = await request.get(`/api/campaign/${campaign.id}/strategies`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await strategies.json())[0].targeting).toEqual({
    audiences: { at_least_one_of: [], mandatory: [], excluded: [buyers.id] },
    location_audiences: [],
    geolists: [geolist.id],
  });
});

test('a retargeting campaign without audiences shows the §5 hint until one is chosen', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'owner');
  const buyers = await createThroughApi(request, token, '/audience', {
    name: uniqueName('Past buyers'),
    type: 'private',
  });
  const campaign = await createThroughApi(request, token, '/campaign', {
    name: uniqueName('Win back'),
    type: 'app-promotion',
    objective: 'retargeting',
    state: 'preview',
  });
  await logIn(page, 'owner');
  await openTargeting(page, campaign.id);
  const hint = page.getByText(AUDIENCES_REQUIRED_MESSAGE);
  await expect(hint).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-audiences-hint-1440.png', fullPage: true });
  await pick(page, page, 'Mandatory ones', buyers.name, new RegExp(buyers.name));
  await expect(hint).toHaveCount(0);
});
