import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { PASSWORD_EXPIRED_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  DEMO_PASSWORD,
  EXPIRED_USER,
  expectPath,
  passwordInput,
  submitLogin,
} from '../support/console';

// expired_user is an editor of Demo Agency whose password changed 400 days ago (e2e/support/start-server.mjs).
test('an expired password is changed on /access/expired, then the user goes on as after a login', async ({
  page,
}) => {
  await page.goto('/access/login');
  await submitLogin(page, EXPIRED_USER.username);

  await expectPath(page, '/access/expired');
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_EXPIRED_MESSAGE);
  await expect(page.getByRole('main')).toContainText(`The password of ${EXPIRED_USER.username} has expired`);
  await checkAccessibility(page);

  const form = page.getByRole('form', { name: 'Choose a new password' });
  await passwordInput(form, 'Current password').fill(DEMO_PASSWORD);
  await passwordInput(form, 'New password').fill('Renewed-pass-1');
  await passwordInput(form, 'Confirm the new password').fill('Renewed-pass-1');
  await form.getByRole('button', { name: 'Change password and continue' }).click();

  await expect(accountButton(page, EXPIRED_USER.name)).toBeVisible();
  await expectPath(page, reachableRoute(fallbackRoute('editor', 'regular')));
  await checkAccessibility(page);
});

test('/access/expired opened directly explains what to do', async ({ page }) => {
  // Without the restricted token of a login there is no form: log in again, or reset the password by email.
  await page.goto('/access/expired');
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_EXPIRED_MESSAGE);
  await checkAccessibility(page);
  await page.getByRole('link', { name: 'Reset my password by email' }).click();
  await expectPath(page, '/access/remember');
});
