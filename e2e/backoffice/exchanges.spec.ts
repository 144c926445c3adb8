import { confirmWordMessage } from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn, operatorToken, saveStaleThenReload } from '../support/console';

/**
 * The bidder's exchanges and the platform's bidding switch in the back office (docs/engine.md, spec §4 "Stop
 * bidding"): an operator creates an exchange, sees its token and edits it; stops bidding by typing the word
 * and starts it again.
 */
test('an operator creates an exchange, sees its token and edits it', async ({ page }) => {
  const key = `e2e-${Date.now().toString(36)}`;
  await logIn(page, 'admin');
  await page.goto('/backoffice/organizations');
  await page.getByRole('tab', { name: 'Exchanges' }).click();
  await expect(page).toHaveURL(/\/backoffice\/exchanges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exchanges' })).toBeVisible();
  await expect(page).toHaveTitle(/^Exchanges · Back office/);
  const grid = page.getByRole('grid', { name: 'Exchanges' });
  await expect(grid.getByRole('row', { name: /Demo exchange/ })).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'New exchange' }).click();
  const form = page.getByRole('dialog', { name: 'New exchange' });
  await form.getByRole('textbox', { name: 'Name' }).fill('E2E exchange');
  await form.getByRole('textbox', { name: 'Key' }).fill('demo');
  await form.getByRole('textbox', { name: 'Allowed addresses' }).fill('203.0.113.0/24');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('This key is already used by another exchange')).toBeVisible();
  await form.getByRole('textbox', { name: 'Key' }).fill(key);
  await form.getByRole('button', { name: 'Create' }).click();

  // The new exchange's token is shown at once, to set the exchange up with.
  const tokenDialog = page.getByRole('dialog', { name: 'Token of E2E exchange' });
  await expect(tokenDialog.getByRole('textbox', { name: 'Token' })).toHaveValue(/^[\w-]{43}$/);
  await expect(tokenDialog.getByRole('button', { name: 'Copy token' })).toBeEnabled();
  await page.screenshot({ path: '.tmp/screens/backoffice-exchange-token.png' });
  await checkAccessibility(page);
  await tokenDialog.getByRole('button', { name: 'Close' }).click();

  const row = grid.getByRole('row', { name: /E2E exchange/ });
  await expect(row).toContainText(key);
  await expect(row).toContainText('First price');
  await row.getByRole('menuitem', { name: 'Edit E2E exchange' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit E2E exchange' });
  await edit.getByRole('textbox', { name: 'QPS limit' }).fill('2500');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('2,500');
  await page.screenshot({ path: '.tmp/screens/backoffice-exchanges.png' });
});

test('a stale save shows the server message, and Reload brings the other changes keeping what was typed', async ({
  page,
  request,
}) => {
  const token = await operatorToken(request);
  const key = `e2e-stale-${Date.now().toString(36)}`;
  const created = await request.post('/api/backoffice/exchanges', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Stale ${key}`, key },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const exchange = await created.json();
  await logIn(page, 'admin');
  await page.goto('/backoffice/exchanges');
  await page.getByRole('menuitem', { name: `Edit ${exchange.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${exchange.name}` });
  await edit.getByRole('textbox', { name: 'QPS limit' }).fill('2500');

  // Someone else disables the exchange meanwhile.
  const other = await request.put(`/api/backoffice/exchanges/${exchange.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: exchange.version, enabled: false },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await saveStaleThenReload(page, edit, 'Save');
  await expect(edit.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'QPS limit' })).toHaveValue('2500');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const row = page.getByRole('grid', { name: 'Exchanges' }).getByRole('row', { name: new RegExp(key) });
  await expect(row).toContainText('2,500');
  await expect(row).toContainText('Disabled');
});

test('an operator stops platform bidding by typing the word, and starts it again', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/backoffice/exchanges');
  await page.getByRole('tab', { name: 'Bidding' }).click();
  await expect(page).toHaveTitle(/^Bidding · Back office/);
  await expect(page.getByText('Platform bidding is on')).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Stop bidding' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop bidding' });
  await stop.getByRole('textbox', { name: 'Type "Stop bidding" to confirm' }).fill('stop');
  await stop.getByRole('button', { name: 'Stop bidding' }).click();
  await expect(stop.getByText(confirmWordMessage('Stop bidding'))).toBeVisible();
  await stop.getByRole('textbox', { name: 'Type "Stop bidding" to confirm' }).fill('Stop bidding');
  await stop.getByRole('button', { name: 'Stop bidding' }).click();
  await expect(stop).toBeHidden();
  await expect(page.getByText('Platform bidding is stopped', { exact: true })).toBeVisible();
  await expect(page.getByText(/by Ada Admin/)).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/backoffice-bidding-stopped.png' });
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'Start bidding' }).click();
  const start = page.getByRole('dialog', { name: 'Start bidding' });
  await start.getByRole('button', { name: 'Start bidding' }).click();
  await expect(start).toBeHidden();
  await expect(page.getByText('Platform bidding is on')).toBeVisible();
});
