/**
 * Helpers shared by the specs: the demo accounts, logging in through the form, reading the stored session and
 * waiting for a page to settle before the accessibility scan.
 */
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';

export const DEMO_PASSWORD = 'Beacon-demo-1';

export type DemoUser = {
  readonly username: string;
  readonly name: string;
  readonly role: UserRole;
  readonly organization: string;
  readonly organizationRole: OrganizationRole;
};

/** The demo world of packages/server/src/db/seed/demo.ts (docs/architecture.md). */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'supervisor',
    name: 'Sam Supervisor',
    role: 'supervisor',
    organization: 'Beacon Operations',
    organizationRole: 'regular',
  },
  {
    username: 'admin',
    name: 'Ada Admin',
    role: 'admin',
    organization: 'Beacon Operations',
    organizationRole: 'regular',
  },
  {
    username: 'account_manager',
    name: 'Mia Manager',
    role: 'account_manager',
    organization: 'Beacon Operations',
    organizationRole: 'regular',
  },
  {
    username: 'support',
    name: 'Sol Support',
    role: 'support',
    organization: 'Beacon Operations',
    organizationRole: 'regular',
  },
  {
    username: 'owner',
    name: 'Olga Owner',
    role: 'owner',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'editor',
    name: 'Eddie Editor',
    role: 'editor',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'viewer',
    name: 'Vera Viewer',
    role: 'viewer',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'advertiser',
    name: 'Arno Advertiser',
    role: 'advertiser',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'adexchange',
    name: 'Xavi Exchange',
    role: 'adexchange',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'audience_manager',
    name: 'Aude Audiences',
    role: 'audience_manager',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'creative_manager',
    name: 'Cleo Creative',
    role: 'creative_manager',
    organization: 'Demo Agency',
    organizationRole: 'regular',
  },
  {
    username: 'reseller',
    name: 'Rita Reseller',
    role: 'owner',
    organization: 'Northwind Media',
    organizationRole: 'customized',
  },
  {
    username: 'data_partner',
    name: 'Dana Data',
    role: 'owner',
    organization: 'Data Partner Co',
    organizationRole: 'data-partner',
  },
  {
    username: 'other_partner',
    name: 'Otto Other',
    role: 'owner',
    organization: 'Other Partner Co',
    organizationRole: 'other-partner',
  },
];

export const demoUser = (username: string): DemoUser => {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
};

/** The fixture e2e/support/start-server.mjs adds: an editor of Demo Agency whose password has expired. */
export const EXPIRED_USER = {
  username: 'expired_user',
  email: 'expired.user@demo.beacon.localhost',
  name: 'Exa Expired',
} as const;

/** Path of the page's URL with its query string. */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Waits for the URL's path (query string ignored) to be exactly `path`. */
export const expectPath = async (page: Page, path: string): Promise<void> => {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
};

/** No loading bar, no running transition (menus, dialogs fading in): what axe sees is what users see. */
export const settle = async (page: Page): Promise<void> => {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
};

/** The accessibility check of every visited page, once it has settled. */
export const checkAccessibility = async (page: Page): Promise<void> => {
  await settle(page);
  await expectAccessible(page);
};

/**
 * Saves after someone else has (409 `STALE_VERSION`): the dialog shows the server's message with Reload
 * (scanned by axe), and Reload reads the row again and clears the message.
 */
export const saveStaleThenReload = async (page: Page, dialog: Locator, saveLabel: string): Promise<void> => {
  await dialog.getByRole('button', { name: saveLabel }).click();
  const stale = dialog.getByRole('alert').filter({ hasText: /^Someone else changed this item/ });
  await expect(stale).toBeVisible();
  await checkAccessibility(page);
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toBeHidden();
};

export const usernameInput = (page: Page): Locator => page.getByRole('textbox', { name: 'Username' });
/**
 * A password input by its label. Password inputs have no ARIA role, and getByLabel reads the label's text,
 * which ends with the required asterisk: the label, then nothing but spaces and the asterisk.
 */
export const passwordInput = (page: Page | Locator, label = 'Password'): Locator =>
  page.getByLabel(new RegExp(`^${label}[\\s*]*$`));

/** Fills and sends the login form of the page already open on /access/login. */
export const submitLogin = async (page: Page, username: string, password = DEMO_PASSWORD): Promise<void> => {
  await usernameInput(page).fill(username);
  await passwordInput(page).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
};

/** The account button of the app bar, named after the user in use. */
export const accountButton = (page: Page, name: string): Locator =>
  page.getByRole('banner').getByRole('button', { name: `Account menu of ${name}` });

/** Opens /access/login, logs in and waits for the signed-in shell of `name`. */
export const logIn = async (
  page: Page,
  username: string,
  options: { password?: string; name?: string } = {},
): Promise<void> => {
  await page.goto('/access/login');
  await submitLogin(page, username, options.password ?? DEMO_PASSWORD);
  const name = options.name ?? demoUser(username).name;
  await expect(accountButton(page, name)).toBeVisible();
};

/** Opens the user menu and answers it (the menu of the account popover). */
export const openUserMenu = async (page: Page, name: string): Promise<Locator> => {
  await accountButton(page, name).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  return menu;
};

export const logOut = async (page: Page, name: string): Promise<void> => {
  const menu = await openUserMenu(page, name);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expectPath(page, '/access/login');
};

/** The session the console keeps in localStorage (app/session/session-store.ts, key beacon.session). */
export const storedSession = async (
  page: Page,
): Promise<{ token: string; landing: string; simulation: { token: string } | null } | null> =>
  page.evaluate(() => {
    const raw = localStorage.getItem('beacon.session');
    return raw ? (JSON.parse(raw).state?.session ?? null) : null;
  });

export type FreshUser = {
  readonly username: string;
  readonly email: string;
  readonly name: string;
  readonly company: string;
  readonly password: string;
};

let freshUserCount = 0;

/** A new account nobody else uses, so a test may change its password. */
export const newUserValues = (prefix: string): FreshUser => {
  freshUserCount += 1;
  const stamp = `${Date.now().toString(36)}${freshUserCount}`;
  return {
    username: `${prefix}_${stamp}`,
    email: `${prefix}.${stamp}@example.com`,
    name: `Fresh ${prefix} ${stamp}`,
    company: `Fresh Company ${stamp}`,
    password: 'Fresh-pass-1',
  };
};

/** Fills the sign-up form of the page already open on /access/signup. */
export const fillSignUp = async (
  page: Page,
  user: FreshUser,
  confirmation = user.password,
): Promise<void> => {
  await page.getByRole('textbox', { name: 'Company' }).fill(user.company);
  await page.getByRole('textbox', { name: 'Your name' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await page.getByRole('textbox', { name: 'Email address' }).fill(user.email);
  await passwordInput(page).fill(user.password);
  await passwordInput(page, 'Confirm the password').fill(confirmation);
};

/** Signs a fresh user up through /access/signup and waits for the console. */
export const signUpThroughForm = async (page: Page, prefix: string): Promise<FreshUser> => {
  const user = newUserValues(prefix);
  await page.goto('/access/signup');
  await fillSignUp(page, user);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(accountButton(page, user.name)).toBeVisible();
  return user;
};

/** An operator's bearer for the back-office API (the outbox). */
export const operatorToken = async (request: APIRequestContext): Promise<string> => {
  const response = await request.post('/api/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token;
};
