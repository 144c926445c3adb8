/**
 * The strategy dialog's optional frequency cap (docs/engine.md "Frequency caps"): a bad number is refused under
 * its field, a cap is saved and read back, and blanking it removes it. Screenshots at 1440 and 600 px.
 */
import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import {
  choose,
  createCampaignThroughApi,
  createStrategyThroughApi,
  textbox,
  tokenOf,
  uniqueName,
} from './detail-support';

test.describe.configure({ timeout: 90_000 });

test('sets, checks and removes a strategy frequency cap', async ({ page, request }) => {
  const token = await tokenOf(request, 'owner');
  const campaign = await createCampaignThroughApi(request, token);
  const strategy = await createStrategyThroughApi(request, token, campaign.id, {
    name: uniqueName('Capped'),
  });
  await logIn(page, 'owner');
  await page.goto(`/campaign/${campaign.id}/strategies`);

  await page.getByRole('button', { name: `Edit ${strategy.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${strategy.name}` });
  await expect(dialog.getByRole('heading', { name: 'Frequency cap (optional)' })).toBeVisible();
  // Without a number the period is not asked for.
  await expect(dialog.getByRole('combobox', { name: /^Period/ })).toBeDisabled();
  await textbox(dialog, /^Impressions per user/).fill('0');
  await dialog.getByRole('button', { name: 'Save strategy' }).click();
  await expect(dialog.getByText('The minimum value is 1')).toBeVisible();
  await textbox(dialog, /^Impressions per user/).fill('2');
  await choose(page, /^Period/, 'Per hour');
  await dialog.getByRole('combobox', { name: /^Period/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/strategy-frequency-cap-1440.png' });
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Save strategy' }).click();
  await expect(dialog).toHaveCount(0);

  const saved = await request.get(`/api/strategy/${strategy.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await saved.json()).frequency_cap).toEqual({ impressions: 2, period: 'hour', fingerprint: 'soft' });

  await page.setViewportSize({ width: 600, height: 900 });
  await page.getByRole('button', { name: `Edit ${strategy.name}` }).click();
  const again = page.getByRole('dialog', { name: `Edit ${strategy.name}` });
  await expect(textbox(again, /^Impressions per user/)).toHaveValue('2');
  await textbox(again, /^Impressions per user/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/strategy-frequency-cap-600.png' });
  await textbox(again, /^Impressions per user/).fill('');
  await again.getByRole('button', { name: 'Save strategy' }).click();
  await expect(again).toHaveCount(0);
  const cleared = await request.get(`/api/strategy/${strategy.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await cleared.json()).frequency_cap).toBeNull();
});
