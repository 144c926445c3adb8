import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { EMAIL_MESSAGE, PASSWORD_RULE_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  expectPath,
  fillSignUp,
  newUserValues,
  passwordInput,
  storedSession,
} from '../support/console';

test('sign-up validates the form, then logs the new owner in', async ({ page }) => {
  await page.goto('/access/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await checkAccessibility(page);

  const submit = page.getByRole('button', { name: 'Create account' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  const password = passwordInput(page);

  await submit.click();
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await expect(email).toHaveAccessibleDescription(REQUIRED_MESSAGE);

  const user = newUserValues('signup');
  await fillSignUp(page, { ...user, email: 'not-an-email', password: 'weakpass' });
  await submit.click();
  await expect(email).toHaveAccessibleDescription(EMAIL_MESSAGE);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(PASSWORD_RULE_MESSAGE);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectPath(page, '/access/signup');
  await checkAccessibility(page);

  // The messages follow the values once the form has been sent.
  await email.fill(user.email);
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  await password.fill(user.password);
  await passwordInput(page, 'Confirm the password').fill(user.password);
  await expect(password).toHaveAttribute('aria-invalid', 'false');
  await submit.click();

  await expect(accountButton(page, user.name)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(user.company);
  const landing = fallbackRoute('owner', 'regular');
  await expectPath(page, reachableRoute(landing));
  expect(await storedSession(page)).toMatchObject({ landing });
  await checkAccessibility(page);
});

test('a username already in use is reported on its field', async ({ page }) => {
  await page.goto('/access/signup');
  await fillSignUp(page, { ...newUserValues('taken'), username: 'owner' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
    'This username is already in use',
  );
  await expectPath(page, '/access/signup');
  await checkAccessibility(page);
});
