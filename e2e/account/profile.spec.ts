import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { expect, type Page, test } from '@playwright/test';
import {
  accountButton,
  checkAccessibility,
  expectPath,
  logIn,
  openUserMenu,
  signUpThroughForm,
  storedSession,
} from '../support/console';
import { minimalPdf, solidPng } from './files';

const chooseFile = async (
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
};

test('a user edits its profile: name, decimal mark and a logo with its preview', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await signUpThroughForm(page, 'profile');
  const menu = await openUserMenu(page, user.name);
  await menu.getByRole('menuitem', { name: 'My account' }).click();
  await expectPath(page, '/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page).toHaveTitle(/^Profile · /);
  const form = page.getByRole('form', { name: 'Profile' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(user.name);
  await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue(user.email);
  await expect(form.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await checkAccessibility(page);

  // The §5 messages show under their fields.
  await name.fill('');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(name).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await checkAccessibility(page);

  const newName = `${user.name} Renamed`;
  await name.fill(newName);
  await expect(name).not.toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await form.getByRole('radio', { name: 'Comma (1.234,56)' }).check();
  await expect(form).toContainText('Numbers will read like 1.234.567,89.');

  // A file of another kind is refused at once, in the server's words.
  await chooseFile(page, 'Upload logo', {
    name: 'logo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(form).toContainText('The profile logo must be a PNG, JPEG or PDF file');

  await chooseFile(page, 'Upload logo', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(64, [190, 24, 93]),
  });
  const preview = form.getByRole('img', { name: 'Logo preview' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(form.getByRole('button', { name: 'Keep the current logo' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Clear logo' })).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/account-profile-1440.png', fullPage: true });

  // Unsaved changes hold navigation until the user decides.
  await page.getByRole('link', { name: 'Home' }).first().click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await checkAccessibility(page);
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expectPath(page, '/account/profile');

  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved')).toBeVisible();
  // The session follows without logging in again: the app bar's name and picture, the decimal mark.
  await expect(accountButton(page, newName)).toBeVisible();
  await expect(accountButton(page, newName).locator('img')).toHaveAttribute(
    'src',
    /^\/api\/files\/[0-9a-f]{64}\.png$/,
  );
  await expect(preview).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}\.png$/);
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem('beacon.session') ?? '{}').state?.session?.decimal_mark,
    ),
  ).toBe(',');
  await expect(form.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await checkAccessibility(page);

  await page.reload();
  await expect(name).toHaveValue(newName);
  await expect(form.getByRole('radio', { name: 'Comma (1.234,56)' })).toBeChecked();
  expect((await storedSession(page))?.token).toBeTruthy();

  // A PDF logo is shown as a file, not as an image.
  await chooseFile(page, 'Replace logo', {
    name: 'logo.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(),
  });
  await expect(form.getByText('logo.pdf')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  await checkAccessibility(page);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Open the current logo (PDF)' })).toHaveAttribute(
    'href',
    /^\/api\/files\/[0-9a-f]{64}\.pdf$/,
  );

  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: '.tmp/screens/account-profile-600.png', fullPage: true });
  await checkAccessibility(page);
});

test('the account tabs follow §6: users only for those who manage them', async ({ page }) => {
  const user = await signUpThroughForm(page, 'tabs');
  await page.goto('/account');
  await expectPath(page, '/account/profile');
  const tabs = page.getByRole('tablist', { name: 'Account sections' });
  // A new sign-up owns its organization, so it manages its users.
  await expect(tabs.getByRole('tab')).toHaveText(['Profile', 'Users']);
  await tabs.getByRole('tab', { name: 'Users' }).click();
  await expectPath(page, '/account/users');
  await expect(page.getByRole('grid', { name: 'Users' })).toContainText(user.username);
  await checkAccessibility(page);
  // No billing section until it exists.
  await page.goto('/account/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an owner sets the time zone its new campaigns start in', async ({ page }) => {
  // A sign-up, the new-campaign flow and four accessibility scans.
  test.setTimeout(120_000);
  const user = await signUpThroughForm(page, 'zone');
  // The new-campaign flow reads the organization's zone once: it must read it again after the change.
  await page.goto('/campaign/new/generic');
  await expect(page.getByRole('textbox', { name: /^Campaign name/ })).toBeVisible();
  await (await openUserMenu(page, user.name)).getByRole('menuitem', { name: 'My account' }).click();
  await expectPath(page, '/account/profile');

  const section = page.getByRole('region', { name: 'Organization settings' });
  await expect(section).toContainText(`Shared by everyone in ${user.company}.`);
  const form = section.getByRole('form', { name: 'Organization settings' });
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  await expect(zone).toHaveAccessibleDescription(
    'New campaigns start in this time zone. Existing campaigns keep their own.',
  );
  await expect(form.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  await checkAccessibility(page);

  await zone.fill('Lisbon');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
  await expect(zone).toHaveValue('Europe/Lisbon');
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(zone).toHaveValue('UTC');
  await zone.fill('Lisbon');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
  await form.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('The time zone has been saved')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/account-organization-settings-1440.png', fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/account-organization-settings-600.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Back in the new-campaign flow without a reload, the organization's new zone is the one offered.
  await page.goBack();
  await expectPath(page, '/campaign/new/generic');
  await page.getByRole('textbox', { name: /^Campaign name/ }).fill(`Lisbon ${Date.now()}`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Europe/Lisbon');

  await page.goto('/account/profile');
  await expect(zone).toHaveValue('Europe/Lisbon');
});

test('only the owner sets the organization’s time zone on its account page', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Sign-in and security' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization settings' })).toHaveCount(0);
});

test('a time zone saved by somebody else meanwhile is shown again with a warning, not overwritten', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughForm(page, 'stale');
  await page.goto('/account/profile');
  const form = page
    .getByRole('region', { name: 'Organization settings' })
    .getByRole('form', { name: 'Organization settings' });
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  await zone.fill('Lisbon');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).click();

  // Somebody else saves another zone while the form is open.
  const session = await storedSession(page);
  const headers = { authorization: `Bearer ${session?.token ?? ''}` };
  const me = await (await page.request.get('/api/session', { headers })).json();
  const organizationId: number = me.organization.id;
  const current = await (
    await page.request.get(`/api/v2/organization/${organizationId}`, { headers })
  ).json();
  const other = await page.request.put(`/api/v2/organization/${organizationId}`, {
    headers,
    data: { time_zone: 'Asia/Tokyo', version: current.version },
  });
  expect(other.status()).toBe(200);

  await form.getByRole('button', { name: 'Save time zone' }).click();
  await expect(form.getByRole('alert')).toContainText('Somebody else changed the organization');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(form.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
});
