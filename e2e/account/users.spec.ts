import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import { confirmWordMessage } from '@beacon/domain/validation/messages';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { invitableRoles } from '../../packages/web/src/features/account/users/roles';
import {
  accountButton,
  checkAccessibility,
  demoUser,
  type FreshUser,
  logIn,
  newUserValues,
  openUserMenu,
  passwordInput,
} from '../support/console';

const owner = demoUser('owner');
const DEMO_AGENCY_ID = 2;

/** The roles the owner of Demo Agency may give (decision 011), as the console computes them. */
const OWNER_ROLES = invitableRoles({
  role: owner.role,
  organizationId: DEMO_AGENCY_ID,
  organizationRole: owner.organizationRole,
  isTest: false,
});

const article = (label: string) => (/^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`);

const usersGrid = (page: Page): Locator => page.getByRole('grid', { name: 'Users' });

const rowOf = (page: Page, username: string): Locator =>
  usersGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: username, exact: true }) });

/** Fills and sends an invite dialog already open. */
const inviteThrough = async (dialog: Locator, user: FreshUser): Promise<void> => {
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await dialog.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(user.email);
  await passwordInput(dialog, 'Password').fill(user.password);
  await passwordInput(dialog, 'Confirm the password').fill(user.password);
};

/** A new browser context (nothing stored): the user logs in with its own credentials. */
const expectCanLogIn = async (browser: Browser, user: FreshUser, password = user.password): Promise<void> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, user.username, { password, name: user.name });
    await checkAccessibility(page);
  } finally {
    await context.close();
  }
};

/** Searches the grid for a username (the list's search: username, name and email). */
const searchFor = async (page: Page, text: string): Promise<void> => {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
};

test.describe('an owner manages the users of its organization', () => {
  test('the owner may give every customer role', () => {
    expect(OWNER_ROLES).toEqual([
      'owner',
      'editor',
      'viewer',
      'advertiser',
      'adexchange',
      'audience_manager',
      'creative_manager',
    ]);
  });

  test('"New user" in the user menu opens the invite dialogs, one per role with what the role can do', async ({
    page,
  }) => {
    await logIn(page, 'owner');
    const menu = await openUserMenu(page, owner.name);
    await menu.getByRole('menuitem', { name: 'New user' }).click();
    const chooser = page.getByRole('dialog', { name: 'Invite a user' });
    const roles = chooser.getByRole('list', { name: 'Roles' });
    await expect(roles.getByRole('button')).toHaveCount(OWNER_ROLES.length);
    await checkAccessibility(page);
    await page.screenshot({ path: '.tmp/screens/account-invite-chooser-1440.png' });
    await roles.getByRole('button', { name: /^Viewer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a Viewer' });
    await expect(dialog.getByRole('note', { name: 'What a Viewer can do' })).toContainText('Read only');
    await checkAccessibility(page);
    await page.screenshot({ path: '.tmp/screens/account-invite-viewer-1440.png' });

    // Sending it empty shows the §5 messages on the fields; closing with changes asks first.
    await dialog.getByRole('button', { name: 'Invite Viewer' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(
      'This field is required',
    );
    await checkAccessibility(page);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Somebody');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
  });

  // Two invites through the dialogs: a role with every right and the one with its own field (advertisers).
  // That every role the owner may give is invited and logs in with it is a rule: users.routes.test.ts.
  for (const role of ['owner', 'advertiser'] as const) {
    test(`the owner invites ${article(USER_ROLE_LABELS[role])} who can then log in`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      const user = newUserValues(`invited_${role}`);
      await logIn(page, 'owner');
      await page.goto('/account/users');
      await expect(usersGrid(page)).toContainText(owner.name);
      await page.getByRole('button', { name: 'Invite user' }).click();
      await page
        .getByRole('dialog', { name: 'Invite a user' })
        .getByRole('button', { name: new RegExp(`^${USER_ROLE_LABELS[role]}`) })
        .click();
      const dialog = page.getByRole('dialog', { name: `Invite ${article(USER_ROLE_LABELS[role])}` });
      await inviteThrough(dialog, user);
      if (role === 'advertiser') {
        // An advertiser is restricted to the advertisers (child organizations) it is given.
        await dialog.getByRole('combobox', { name: 'Advertisers' }).click();
        await page.getByRole('option', { name: 'Demo Advertiser' }).click();
        await expect(page.getByRole('listbox')).toHaveCount(0);
        await checkAccessibility(page);
      }
      await dialog.getByRole('button', { name: `Invite ${USER_ROLE_LABELS[role]}` }).click();
      await expect(page.getByText(`${user.name} can now log in as ${user.username}`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await searchFor(page, user.username);
      await expect(rowOf(page, user.username)).toContainText(USER_ROLE_LABELS[role]);
      if (role === 'advertiser') await expect(rowOf(page, user.username)).toContainText('1 advertiser');
      await checkAccessibility(page);
      await expectCanLogIn(browser, user);
    });
  }

  test('a taken username is refused on its field', async ({ page }) => {
    await logIn(page, 'owner');
    await page.goto('/account/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page
      .getByRole('dialog', { name: 'Invite a user' })
      .getByRole('button', { name: /^Editor/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Invite an Editor' });
    await inviteThrough(dialog, { ...newUserValues('taken'), username: 'editor' });
    await dialog.getByRole('button', { name: 'Invite Editor' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'This username is already in use',
    );
    await checkAccessibility(page);
  });

  test('the owner edits a user, sets its password, changes users in bulk and deletes them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const first = newUserValues('managed');
    const second = newUserValues('managed');
    await logIn(page, 'owner');
    await page.goto('/account/users');
    for (const user of [first, second]) {
      await page.getByRole('button', { name: 'Invite user' }).click();
      await page
        .getByRole('dialog', { name: 'Invite a user' })
        .getByRole('button', { name: /^Editor/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Invite an Editor' });
      await inviteThrough(dialog, user);
      await dialog.getByRole('button', { name: 'Invite Editor' }).click();
      await expect(dialog).toBeHidden();
    }
    await searchFor(page, 'managed_');
    await expect(rowOf(page, first.username)).toBeVisible();
    await expect(rowOf(page, second.username)).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/account-users-1440.png' });

    // Edit: role and a visibility flag.
    await rowOf(page, first.username)
      .getByRole('menuitem', { name: `Edit ${first.name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${first.name}` });
    await expect(edit.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await expect(edit.getByRole('note', { name: 'What a Viewer can do' })).toBeVisible();
    await edit.getByRole('checkbox', { name: 'View all KPIs' }).check();
    await checkAccessibility(page);
    await page.screenshot({ path: '.tmp/screens/account-edit-user-1440.png' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, first.username)).toContainText('Viewer');
    await expect(rowOf(page, first.username)).toContainText('All KPIs');

    // A new password set by the owner.
    const newPassword = 'Reset-pass-2';
    await rowOf(page, first.username)
      .getByRole('menuitem', { name: `Set the password of ${first.name}` })
      .click();
    const setPassword = page.getByRole('dialog', { name: `Set the password of ${first.name}` });
    await passwordInput(setPassword, 'New password').fill(newPassword);
    await passwordInput(setPassword, 'Confirm the new password').fill(newPassword);
    await checkAccessibility(page);
    await setPassword.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(`${first.name} has a new password`)).toBeVisible();
    await expectCanLogIn(browser, first, newPassword);

    // Bulk change of both.
    for (const user of [first, second]) {
      await rowOf(page, user.username).getByRole('checkbox').check();
    }
    const selected = page.getByRole('region', { name: 'Selected users' });
    await expect(selected).toContainText('2 users selected');
    await checkAccessibility(page);
    await selected.getByRole('button', { name: 'Change' }).click();
    const bulk = page.getByRole('dialog', { name: 'Change 2 users' });
    await bulk.getByRole('combobox', { name: 'View all campaigns' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await checkAccessibility(page);
    await bulk.getByRole('button', { name: 'Apply to 2 users' }).click();
    await expect(bulk).toBeHidden();
    await expect(rowOf(page, first.username)).toContainText('All campaigns');
    await expect(rowOf(page, second.username)).toContainText('All campaigns');

    // Delete one, with the word typed.
    await rowOf(page, second.username)
      .getByRole('menuitem', { name: `Delete ${second.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${second.name}?` });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(confirm.getByRole('textbox')).toHaveAccessibleDescription(confirmWordMessage('Delete'));
    await confirm.getByRole('textbox').fill('Delete');
    await checkAccessibility(page);
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, second.username)).toHaveCount(0);
    await expect(page.getByText(`${second.name} has been deleted`)).toBeVisible();

    // Bulk delete of the other.
    await rowOf(page, first.username).getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'Selected users' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const bulkDelete = page.getByRole('dialog', { name: 'Delete 1 user?' });
    await bulkDelete.getByRole('textbox').fill('Delete');
    await bulkDelete.getByRole('button', { name: 'Delete 1 user' }).click();
    await expect(bulkDelete).toBeHidden();
    await expect(usersGrid(page)).toContainText('No user matches this search or filter.');
    await checkAccessibility(page);

    // A deleted user can no longer log in.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/access/login');
    await other.getByRole('textbox', { name: 'Username' }).fill(second.username);
    await passwordInput(other).fill(second.password);
    await other.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(other.getByRole('alert')).toBeVisible();
    await expect(accountButton(other, second.name)).toHaveCount(0);
    await context.close();
  });

  test('the users of the child organizations join the list on request', async ({ page }) => {
    await logIn(page, 'owner');
    await page.goto('/account/users');
    const grid = usersGrid(page);
    await expect(grid).toContainText(owner.name);
    await expect(grid.getByRole('columnheader', { name: 'Organization' })).toHaveCount(0);
    const toggle = page.getByRole('switch', { name: 'Include child organizations' });
    // The toggle lives in the URL, which React Router updates a moment after the click.
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(page).toHaveURL(/children=1/);
    await expect(grid.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
    await expect(rowOf(page, 'owner')).toContainText('Demo Agency');
    await checkAccessibility(page);
    // Sorting by name is the server's, and stays in the URL with the toggle.
    await grid.getByRole('columnheader', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).toHaveURL(/children=1/);
  });

  test('the users page at 600 px', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await logIn(page, 'owner');
    await page.goto('/account/users');
    await expect(usersGrid(page)).toContainText(owner.name);
    await checkAccessibility(page);
    await page.screenshot({ path: '.tmp/screens/account-users-600.png', fullPage: true });
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page
      .getByRole('dialog', { name: 'Invite a user' })
      .getByRole('button', { name: /^Owner/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Invite an Owner' })).toBeVisible();
    await checkAccessibility(page);
    await page.screenshot({ path: '.tmp/screens/account-invite-owner-600.png' });
  });
});

test('users who may not manage users have no users tab and no "New user"', async ({ page }) => {
  const role: UserRole = 'editor';
  const editor = demoUser(role);
  await logIn(page, 'editor');
  await page.goto('/account/users');
  // §6: the route guard sends the editor to its fallback.
  await expect(page).not.toHaveURL(/\/account\/users/);
  await page.goto('/account/profile');
  await expect(page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab')).toHaveText([
    'Profile',
  ]);
  const menu = await openUserMenu(page, editor.name);
  await expect(menu.getByRole('menuitem', { name: 'New user' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeVisible();
  // An editor of a regular organization has no branding to set.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Organization branding' })).toHaveCount(0);
  await checkAccessibility(page);
});
