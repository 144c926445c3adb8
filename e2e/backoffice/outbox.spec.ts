import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';

/**
 * Without SMTP the emails Beacon writes — password reset links among them — are delivered only to its
 * outbox: operators read them in the back office and pass a reset link on.
 */
test('an operator finds a password reset email in the back office outbox, with its link', async ({
  page,
  request,
}) => {
  const asked = await request.post('/api/password/forgot', {
    data: { email: 'viewer@demo.beacon.localhost' },
  });
  expect(asked.status()).toBe(202);

  await logIn(page, 'admin');
  await page.goto('/backoffice/organizations');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/backoffice\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page).toHaveTitle(/^Outbox · Back office/);

  await page.getByRole('searchbox', { name: 'Recipient' }).fill('viewer@demo');
  await expect(
    page.getByRole('button', { name: /Reset your Beacon password/ }).filter({ hasNotText: 'viewer@demo' }),
  ).toHaveCount(0);
  const email = page
    .getByRole('button', { name: /Reset your Beacon password.*viewer@demo\.beacon\.localhost/ })
    .first();
  await expect(email).toBeVisible();
  await email.click();
  await expect(page.getByRole('link', { name: /\/access\/reset\?token=/ }).first()).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('searchbox', { name: 'Recipient' }).fill('nobody@nowhere.example');
  await expect(page.getByText('No email was written to nobody@nowhere.example.')).toBeVisible();
});
