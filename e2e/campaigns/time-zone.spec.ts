/**
 * A campaign's time zone (docs/engine.md "Time zones"): the creation flow offers the advertiser's zone, takes
 * another from the searchable list, says it on the Review step and next to the schedule, and the campaign
 * page shows the zone it was created with.
 */
import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';
import { choose, dateInput, dayFromNow, textbox, uniqueName } from './detail-support';

test.describe.configure({ timeout: 90_000 });

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a new campaign takes the advertiser’s zone, or the one chosen, and says it', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/campaign/new/generic');
  const name = uniqueName('Tokyo hours');
  await textbox(page, /^Campaign name/).fill(name);
  await next(page);

  await expect(stepHeading(page, 'Flight and budget')).toBeVisible();
  const zone = page.getByRole('combobox', { name: /^Time zone/ });
  // The demo organization's zone.
  await expect(zone).toHaveValue('UTC');
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await expect(zone).toHaveValue('Asia/Tokyo');
  await dateInput(page, 'Start date').fill(dayFromNow(2));
  await dateInput(page, 'End date').fill(dayFromNow(40));
  await choose(page, /^Budget timespan/, 'Lifetime');
  await textbox(page, /^Budget/).fill('2000');
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-time-zone-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/campaign-new-time-zone-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await next(page);

  await expect(stepHeading(page, 'Bidding')).toBeVisible();
  await textbox(page, /^Bid/).fill('2.5');
  await next(page);
  await expect(stepHeading(page, 'Targeting')).toBeVisible();
  await expect(page.getByText('Days and hours in Asia/Tokyo')).toBeVisible();
  await next(page);

  await expect(stepHeading(page, 'Review')).toBeVisible();
  const review = page.locator('dl');
  await expect(review.getByText('Asia/Tokyo', { exact: true })).toBeVisible();
  await expect(review.getByText(/in Asia\/Tokyo$/)).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-new-review-time-zone-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Asia/Tokyo');
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/campaign-properties-time-zone-1440.png', fullPage: true });
});
