import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import {
  accountButton,
  checkAccessibility,
  expectPath,
  logOut,
  operatorToken,
  passwordInput,
  signUpThroughForm,
  submitLogin,
} from '../support/console';

test('a forgotten password is reset with the emailed link', async ({ page, request }) => {
  // A fresh account, so that changing its password cannot disturb another test.
  const user = await signUpThroughForm(page, 'forgetful');
  await logOut(page, user.name);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectPath(page, '/access/remember');
  await checkAccessibility(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();

  await expectPath(page, '/access/sent');
  expect(new URL(page.url()).searchParams.get('email')).toBe(user.email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(user.email);
  await checkAccessibility(page);

  // Without SMTP the email is in the outbox, which operators read through the API.
  const token = await operatorToken(request);
  const outbox = await request.get('/api/backoffice/outbox', {
    params: { recipient: user.email },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(outbox.ok(), await outbox.text()).toBe(true);
  const emails: { recipient: string; body: string }[] = await outbox.json();
  expect(emails).toHaveLength(1);
  const link = emails[0]?.body.match(/https?:\/\/\S+\/access\/reset\?token=\S+/)?.[0];
  expect(link, emails[0]?.body).toBeDefined();
  const resetUrl = new URL(link ?? '');

  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkAccessibility(page);
  const newPassword = 'Remembered-pass-2';
  await passwordInput(page, 'New password').fill(newPassword);
  await passwordInput(page, 'Confirm the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expectPath(page, '/access/login');
  await expect(page.getByRole('alert')).toHaveText(
    'Your password has been changed. Log in with the new one.',
  );
  await checkAccessibility(page);
  await submitLogin(page, user.username, newPassword);
  await expect(accountButton(page, user.name)).toBeVisible();
  // A signed-up user owns a regular organization.
  await expectPath(page, reachableRoute(fallbackRoute('owner', 'regular')));
});

test('a reset link without its token asks for a new one', async ({ page }) => {
  await page.goto('/access/reset');
  await expect(page.getByRole('alert')).toContainText('This link is incomplete');
  await checkAccessibility(page);
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expectPath(page, '/access/remember');
});

test('a reset link works once', async ({ page, request }) => {
  const user = await signUpThroughForm(page, 'twice');
  await logOut(page, user.name);
  const answer = await request.post('/api/password/forgot', { data: { email: user.email } });
  expect(answer.status()).toBe(202);
  const outbox = await request.get('/api/backoffice/outbox', {
    params: { recipient: user.email },
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
  });
  const [email] = await outbox.json();
  const link = new URL(String(email.body.match(/https?:\/\/\S+\/access\/reset\?token=\S+/)?.[0]));
  const used = await request.post('/api/password/reset', {
    data: {
      token: link.searchParams.get('token'),
      password: 'Used-once-pass-3',
      confirmation: 'Used-once-pass-3',
    },
  });
  expect(used.ok(), await used.text()).toBe(true);

  // The used link says so as soon as it opens: no form to fill in vain.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toContainText('This password reset link is not valid or has expired');
  await expect(passwordInput(page, 'New password')).toHaveCount(0);
  await expectPath(page, '/access/reset');
  await checkAccessibility(page);
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expectPath(page, '/access/remember');
});
