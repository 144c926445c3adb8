import { DEAL_MONITOR_UNAVAILABLE_MESSAGE, dealDuplicationMessage } from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn, settle } from '../support/console';
import { screenshotBothWidths } from './resources-support';

/**
 * Deals: create a deal in the dialog, duplicate it keeping its ID at the exchange (§8's deal
 * duplication error), then with another ID; the monitor dialog shows the API's explanation, not numbers.
 */

test('create a deal, see the duplication error, duplicate it with another ID, monitor it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const name = `Premium video ${suffix}`;
  const externalId = `PMP-${suffix}`;
  await logIn(page, 'editor');

  await page.goto('/resources/deals');
  await expect(page.getByRole('tab', { name: 'Deals', selected: true })).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'New deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New deal' });
  await dialog.getByRole('textbox', { name: 'Deal ID at the exchange' }).fill(externalId);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // Cancel with changes asks first; keeping on editing loses nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await dialog.getByRole('combobox', { name: 'Supply partner' }).click();
  await page.getByRole('option', { name: 'Magnite' }).click();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Private auction' }).click();
  await dialog.getByRole('textbox', { name: 'Floor price' }).fill('2.50');
  await checkAccessibility(page);

  // Dates are typed or picked from a calendar, and always read YYYY-MM-DD (§9). With the mouse: the calendar
  // opens on the typed day's month, and a day clicked replaces the text.
  const startDate = dialog.getByRole('textbox', { name: 'Start date', exact: true });
  await startDate.fill('2031-03-10');
  await dialog.getByRole('button', { name: 'Choose Start date from a calendar' }).click();
  const startCalendar = page.getByRole('dialog', { name: 'Start date calendar' });
  await expect(startCalendar.getByText('March 2031')).toBeVisible();
  await expect(startCalendar.getByRole('gridcell', { name: '10', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/date-calendar-1440.png' });
  await startCalendar.getByRole('gridcell', { name: '20', exact: true }).click();
  await expect(startCalendar).toBeHidden();
  await expect(startDate).toHaveValue('2031-03-20');
  // With the keyboard: the empty end date's calendar opens on its first allowed day, the start date; the arrow
  // moves to the next day and Enter picks it. Escape closes a calendar and gives focus back to its button.
  const endDate = dialog.getByRole('textbox', { name: 'End date', exact: true });
  const endButton = dialog.getByRole('button', { name: 'Choose End date from a calendar' });
  await endButton.click();
  const endCalendar = page.getByRole('dialog', { name: 'End date calendar' });
  await expect(endCalendar.getByRole('gridcell', { name: '20', exact: true })).toBeFocused();
  await expect(endCalendar.getByRole('gridcell', { name: '19', exact: true })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(endCalendar).toBeHidden();
  await expect(endDate).toHaveValue('2031-03-21');
  await endButton.click();
  await expect(endCalendar).toBeVisible();
  await page.setViewportSize({ width: 600, height: 900 });
  await settle(page);
  await page.screenshot({ path: '.tmp/screens/date-calendar-600.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await expect(endCalendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(endButton).toBeFocused();
  await expect(endDate).toHaveValue('2031-03-21');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const grid = page.getByRole('grid', { name: 'Deals' });
  await page.getByRole('searchbox', { name: 'Search deals' }).fill(suffix);
  await expect(grid.getByRole('gridcell', { name, exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: externalId })).toBeVisible();

  await grid.getByRole('menuitem', { name: `Duplicate ${name}`, exact: true }).click();
  const duplicate = page.getByRole('dialog', { name: `Duplicate deal ${name}` });
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(duplicate.getByRole('alert')).toHaveText(dealDuplicationMessage(externalId, 'Magnite'));
  await checkAccessibility(page);
  await duplicate.getByRole('textbox', { name: 'Deal ID at the exchange' }).fill(`${externalId}-B`);
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(duplicate).toBeHidden();
  await expect(grid.getByRole('gridcell', { name: `${name} (copy)` })).toBeVisible();

  await grid.getByRole('menuitem', { name: `Monitor ${name}`, exact: true }).click();
  const monitor = page.getByRole('dialog', { name: `Monitor ${name}` });
  await expect(monitor.getByRole('alert')).toHaveText(DEAL_MONITOR_UNAVAILABLE_MESSAGE);
  await expect(monitor.getByText('Requests:')).toHaveCount(0);
  await checkAccessibility(page);
  await monitor.getByRole('button', { name: 'Close' }).click();
  await screenshotBothWidths(page, 'deals-grid');
});
