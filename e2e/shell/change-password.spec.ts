import { expect, test } from '@playwright/test';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  logIn,
  logOut,
  openUserMenu,
  passwordInput,
  signUpThroughForm,
  submitLogin,
} from '../support/console';

test('a wrong current password is reported on its field', async ({ page }) => {
  const editor = demoUser('editor');
  await logIn(page, 'editor');
  const menu = await openUserMenu(page, editor.name);
  await menu.getByRole('menuitem', { name: 'Change password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await checkAccessibility(page);
  const current = passwordInput(dialog, 'Current password');
  await current.fill('Not-the-password-1');
  await passwordInput(dialog, 'New password').fill('Another-pass-1');
  await passwordInput(dialog, 'Confirm the new password').fill('Another-pass-1');
  await dialog.getByRole('button', { name: 'Change password' }).click();

  await expect(current).toHaveAccessibleDescription('The current password is not correct');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Still signed in with the same session.
  await page.reload();
  await expect(accountButton(page, editor.name)).toBeVisible();
});

test('a user changes its password and logs in with the new one', async ({ page }) => {
  const user = await signUpThroughForm(page, 'changer');
  // The home page's Security card opens the same dialog as the user menu (sign-up lands on /campaigns).
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Security' })
    .getByRole('button', { name: 'Change password' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const newPassword = 'Changed-pass-2';
  await passwordInput(dialog, 'Current password').fill(user.password);
  await passwordInput(dialog, 'New password').fill(newPassword);
  await passwordInput(dialog, 'Confirm the new password').fill('Changed-pass-3');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordInput(dialog, 'Confirm the new password')).toHaveAccessibleDescription(
    'The password does not match',
  );
  await passwordInput(dialog, 'Confirm the new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(accountButton(page, user.name)).toBeVisible();
  await checkAccessibility(page);

  await logOut(page, user.name);
  await submitLogin(page, user.username, user.password);
  await expect(page.getByRole('alert')).toHaveText('The username or password is not correct');
  await submitLogin(page, user.username, newPassword);
  await expect(accountButton(page, user.name)).toBeVisible();
});
