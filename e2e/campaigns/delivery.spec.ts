/**
 * Delivery end to end (docs/engine.md "Traffic simulator", "Delivery figures", "Bidding diagnostics"): a campaign
 * created in the console's guided flow and activated there, the traffic simulator run against the suite's
 * server as the demo exchange, and its figures read where traders read them: the campaigns grid, the campaign
 * page and the bidding dialog.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn, operatorToken } from '../support/console';
import {
  choose,
  createStrategyThroughApi,
  dateInput,
  pick,
  textbox,
  tokenOf,
  uniqueName,
} from './detail-support';

// The guided flow, 20 s of traffic and the counters' flush: about 45 s on a desk.
test.describe.configure({ timeout: 120_000 });

const MAIN_JS = path.resolve('packages/server/dist/main.js');

/** YYYY-MM-DD (UTC) `days` from now. */
const day = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every banner size the simulator sends (traffic/catalog.ts BANNER_SIZES). */
const BANNER_SIZES = [
  [300, 250],
  [320, 50],
  [728, 90],
  [300, 600],
  [320, 480],
] as const;

/**
 * Banner tags of every size the simulator sends, linked to the campaign and approved by an operator (test
 * setup through the API; the creatives' own flows have their specs). With every size, about a third of the
 * simulator's requests fit the campaign, so that the bidder's sampled requests (about one a second) find it bid.
 */
const linkApprovedBanners = async (
  request: APIRequestContext,
  token: string,
  campaignId: number,
  prefix: string,
): Promise<void> => {
  const ids: number[] = [];
  for (const [width, height] of BANNER_SIZES) {
    const created = await request.post('/api/creative', {
      headers: bearer(token),
      data: {
        type: 'tag',
        name: `${prefix} ${width}x${height}`,
        width,
        height,
        html_markup: `<div style="background:#2f6fb3;color:#fff;width:${width}px;height:${height}px">Beacon</div>`,
        click_url: 'https://example.com/landing',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push((await created.json()).id);
  }
  const linked = await request.put(`/api/campaign/${campaignId}/creatives`, {
    headers: bearer(token),
    data: { links: ids.map((creative_id) => ({ creative_id, state: 'active' })) },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const operator = await operatorToken(request);
  for (const id of ids) {
    const approved = await request.post(`/api/backoffice/creative/${id}/approve`, {
      headers: bearer(operator),
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }
};

/** `beacon traffic` as a child process, as an operator runs it; resolves with its output once it exits 0. */
const runSimulator = (target: string, durationSeconds: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        MAIN_JS,
        'traffic',
        '--target',
        target,
        '--exchange',
        'demo',
        '--rate',
        '100',
        '--duration',
        String(durationSeconds),
        '--seed',
        '7',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`beacon traffic exited with ${code}:\n${output}`)),
    );
  });

/** The number a figure shows, whatever the session's digit grouping. */
const countOf = async (locator: Locator): Promise<number> =>
  Number(((await locator.textContent()) ?? '').replace(/\D/g, '') || '0');

/** A figure of the campaign page's delivery summary: the value under its label. */
const figure = (page: Page, label: string): Locator =>
  page
    .locator('dl[aria-label="Delivery figures"] dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a campaign created in the console delivers the simulated traffic: grid, campaign page and bidding dialog', async ({
  page,
  request,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  if (baseURL === undefined) throw new Error('the suite has no baseURL');
  const name = uniqueName('Delivered');
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

  // The guided flow: a multichannel campaign on every device in the countries the simulator sends most, with a
  // CPM bid above the simulated competitors' (traffic/auction.ts) and the demo's other campaigns'.
  await logIn(page, 'owner');
  await page.goto('/campaign/new/generic');
  await textbox(page, /^Campaign name/).fill(name);
  await next();
  // Yesterday (UTC) is today or earlier in every time zone: the flight has begun in the campaign's zone.
  await dateInput(page, 'Start date').fill(day(-1));
  await dateInput(page, 'End date').fill(day(30));
  await choose(page, /^Budget timespan/, 'Lifetime');
  await textbox(page, /^Budget/).fill('3000');
  await choose(page, /^Daily limits/, 'Auto');
  await choose(page, /^Max daily cost strategy/, 'Daily');
  await next();
  await expect(page.getByRole('heading', { level: 2, name: 'Bidding' })).toBeVisible();
  await textbox(page, /^Bid/).fill('25');
  await next();
  await expect(page.getByRole('heading', { level: 2, name: 'Targeting' })).toBeVisible();
  for (const country of ['United States', 'United Kingdom', 'Spain', 'France', 'Germany']) {
    await pick(page, page, 'Countries', country, country);
  }
  const devices = page.getByRole('group', { name: /^Device types/ }).getByRole('checkbox');
  for (const device of await devices.all()) await device.check();
  await next();
  await expect(page.getByRole('heading', { level: 2, name: 'Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/properties$/);
  const campaignId = Number(/\/campaign\/(\d+)\//.exec(page.url())?.[1]);

  // Test setup through the API: creatives and a strategy, which have flows and specs of their own.
  const token = await tokenOf(request, 'owner');
  await linkApprovedBanners(request, token, campaignId, name);
  const strategy = await createStrategyThroughApi(request, token, campaignId, {
    start_date: day(-1),
    budget_share: 100,
  });

  // Activated in the console.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Activate campaign' }).click();
  await expect(page.getByRole('button', { name: 'Pause campaign' })).toBeVisible();

  // The simulator plays the demo exchange; the bidder's index takes the change within a second or two. The
  // bidder diagnoses about one request a second, and only a quarter to a third of the sampled requests fit the
  // campaign (the others are screens, video, native or other countries): 20 s give some twenty samples, so that
  // one at least finds the strategy bidding however they fall (5 s would miss in one run in five or so).
  const output = await runSimulator(baseURL, 20);
  await testInfo.attach('beacon traffic', { body: output, contentType: 'text/plain' });

  // The counters flush every 5 s: the grid shows the impressions once they are in the rollups. The grid draws
  // only the columns in view: it is scrolled sideways until the row's Impressions cell is drawn.
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  // The search finds this campaign alone: its row is the grid's only one (its name cell may be out of view).
  const impressions = grid.getByRole('gridcell').and(grid.locator('[data-field="impressions"]'));
  await expect(async () => {
    await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
    await expect(page.getByText('1 matching', { exact: true })).toBeVisible({ timeout: 5_000 });
    await expect(grid.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(async () => {
      await grid.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => {
        scroller.scrollLeft += 300;
      });
      await expect(impressions).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
    expect(await countOf(impressions)).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  const gridImpressions = await countOf(impressions);

  // The campaign page shows the same figures.
  await page.goto(`/campaign/${campaignId}/properties`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('dl[aria-label="Delivery figures"]')).toBeVisible();
  expect(await countOf(figure(page, 'Impressions'))).toBeGreaterThanOrEqual(gridImpressions);
  await expect(figure(page, 'Spend')).toHaveText(/[1-9]/);
  // Pacing: what is left of the $3,000 over the days left to the end date (about 31, by the campaign's zone).
  await expect(figure(page, "Today's target")).toHaveText(/^\$(9\d\.\d\d|100\.00)$/);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-delivery-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-delivery-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The bidding dialog: the sampled requests that reached the strategy, among them some it bid on.
  await page.getByRole('button', { name: 'Bidding', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Bidding of ${name}` });
  const steps = dialog.getByRole('table', { name: strategy.name });
  await expect(
    steps.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Bid', exact: true }) }),
  ).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-bidding-dialog-1440.png' });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-bidding-dialog-600.png' });
});
