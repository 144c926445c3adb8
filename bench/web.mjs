// Console measures: the JavaScript and CSS /access/login loads (gzipped, as the server sends them) and the
// time until its form is interactive in headless Chromium on loopback; the time until a campaign's detail
// page is interactive.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { budgets } from './budgets.mjs';

export const measureWeb = async (root, baseUrl) => {
  const executablePath = chromiumPath();
  if (!existsSync(path.join(root, 'packages/web/dist/index.html')) || !executablePath) return [];
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    let bytes = 0;
    {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') assets.push(response);
      });
      await page.goto(`${baseUrl}/access/login`, { waitUntil: 'networkidle' });
      // Bodies arrive decoded, so each is measured as gzip would send it.
      for (const response of assets) bytes += gzipSync(await response.body()).length;
      rows.push({
        name: `/access/login JS + CSS, gzipped (${assets.length} files)`,
        value: Math.round((bytes / 1024) * 10) / 10,
        unit: 'KB',
        budget: budgets.loginPageGzipKb,
      });
      await context.close();
    }
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${baseUrl}/access/login`, { waitUntil: 'commit' });
      await page.getByLabel('Username').first().waitFor({ state: 'visible' });
      await page.waitForFunction(() => {
        const input = document.querySelector('input[name="username"], input[autocomplete="username"]');
        return input instanceof HTMLInputElement && !input.disabled;
      });
      times.push(performance.now() - started);
      await context.close();
    }
    times.sort((a, b) => a - b);
    rows.push({
      name: '/access/login interactive, cold cache (median of 5)',
      value: Math.round(times[2] * 10) / 10,
      unit: 'ms',
      budget: budgets.loginInteractiveMs,
    });
    return rows;
  } finally {
    await browser.close();
  }
};

/**
 * a signed-in user opens /campaign/{id}/properties with a cold cache (a new browser context that
 * keeps only the stored session) and the page is interactive once the campaign's name is in its enabled
 * "Campaign name" field. `campaign` is `{ id, name }` of a campaign the demo owner sees; median of 5.
 */
export const measureCampaignPage = async (root, baseUrl, campaign, { webRoot } = {}) => {
  const executablePath = chromiumPath();
  const index = path.join(webRoot ?? path.join(root, 'packages/web/dist'), 'index.html');
  if (!existsSync(index) || !executablePath) return [];
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    // Sign in once through the form; each measured visit starts from that stored session only.
    const signIn = await browser.newContext();
    const loginPage = await signIn.newPage();
    await loginPage.goto(`${baseUrl}/access/login`);
    await loginPage.getByRole('textbox', { name: 'Username' }).fill('owner');
    await loginPage.getByLabel(/^Password[\s*]*$/).fill('Beacon-demo-1');
    await loginPage.getByRole('button', { name: 'Log in', exact: true }).click();
    await loginPage.waitForURL((url) => !url.pathname.startsWith('/access/'));
    const storageState = await signIn.storageState();
    await signIn.close();

    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const context = await browser.newContext({ storageState });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${baseUrl}/campaign/${campaign.id}/properties`, { waitUntil: 'commit' });
      const name = page.getByRole('textbox', { name: /^Campaign name/ });
      await name.waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction(
        ([input, expected]) => input.value === expected && !input.disabled && !input.readOnly,
        [await name.elementHandle(), campaign.name],
        { timeout: 15_000 },
      );
      times.push(performance.now() - started);
      await context.close();
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: '/campaign/{id}/properties interactive, owner, cold cache (median of 5)',
        value: Math.round(times[2] * 10) / 10,
        unit: 'ms',
        budget: budgets.campaignPageInteractiveMs,
      },
    ];
  } finally {
    await browser.close();
  }
};
