import { type APIRequestContext, expect, test } from '@playwright/test';
import { accessiblePrimary } from '../../packages/web/src/app/theme';
import {
  accountButton,
  checkAccessibility,
  DEMO_PASSWORD,
  demoUser,
  expectPath,
  logIn,
  openUserMenu,
  submitLogin,
} from '../support/console';
import { cssRgb } from './files';

const reseller = demoUser('reseller');
const ORIGINAL = { title: 'Northwind Media', color: '#0b6e4f' };
const CHANGED = { title: 'Northwind Studio', color: '#8e24aa' };

type Organization = { id: number; title: string | null; color: string | null; version: number };

/** The reseller's own organization through the API, and a way to change its branding behind the console's back. */
const resellerApi = async (request: APIRequestContext) => {
  const login = await request.post('/api/login', {
    data: { username: reseller.username, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const session = await login.json();
  const headers = { authorization: `Bearer ${session.token}` };
  const id: number = session.organization.id;
  const read = async (): Promise<Organization> => {
    const response = await request.get(`/api/v2/organization/${id}`, { headers });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const write = async (changes: { title: string; color: string }): Promise<void> => {
    const { version } = await read();
    const response = await request.put(`/api/v2/organization/${id}`, {
      headers,
      data: { ...changes, version },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  return { read, write };
};

test.afterAll(async ({ request }) => {
  // Other specs expect Northwind Media as seeded.
  await (await resellerApi(request)).write(ORIGINAL);
});

test('the reseller changes its colour and title with a live preview, and the console follows', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  await logIn(page, reseller.username);
  await (await openUserMenu(page, reseller.name)).getByRole('menuitem', { name: 'My account' }).click();
  await expectPath(page, '/account/profile');
  await expect(page).toHaveTitle(`Profile · ${ORIGINAL.title}`);
  const section = page.getByRole('region', { name: 'Organization branding' });
  const form = section.getByRole('form', { name: 'Organization branding' });
  const preview = section.getByRole('figure', { name: 'Live preview' });
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(ORIGINAL.title);
  await expect(form.getByRole('textbox', { name: 'Colour', exact: true })).toHaveValue(ORIGINAL.color);
  await checkAccessibility(page);

  // Somebody else saves first: the console says so and shows the saved branding again.
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(CHANGED.title);
  await (await resellerApi(request)).write({ title: 'Northwind Elsewhere', color: ORIGINAL.color });
  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'Somebody else changed the branding while you were editing',
  );
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Northwind Elsewhere');
  await checkAccessibility(page);

  // The preview follows what is typed before anything is saved.
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(CHANGED.title);
  await form.getByRole('textbox', { name: 'Colour', exact: true }).fill(CHANGED.color);
  await expect(preview).toContainText(CHANGED.title);
  await expect(preview).toHaveAttribute('data-primary', accessiblePrimary(CHANGED.color));
  await expect(preview.getByTestId('branding-preview-login').locator('div').first()).toHaveCSS(
    'background-color',
    cssRgb(accessiblePrimary(CHANGED.color)),
  );
  // …while the console itself still shows the saved branding.
  await expect(page).toHaveTitle('Profile · Northwind Elsewhere');
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/account-branding-1440.png', fullPage: true });

  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('The branding has been saved')).toBeVisible();
  // The console follows without a new login: title, logo text and the app bar's brand colour.
  await expect(page).toHaveTitle(`Profile · ${CHANGED.title}`);
  const banner = page.getByRole('banner');
  await expect(
    banner.getByRole('link', { name: 'Home' }).getByRole('img', { name: CHANGED.title }),
  ).toBeVisible();
  await expect(accountButton(page, reseller.name).locator('.MuiAvatar-root')).toHaveCSS(
    'background-color',
    cssRgb(accessiblePrimary(CHANGED.color)),
  );
  await checkAccessibility(page);

  // The login page on Northwind's own host too.
  const northwind = `http://northwind.localhost:${new URL(baseURL ?? '').port}`;
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto(`${northwind}/access/login`);
    await expect(visitor).toHaveTitle(`Log in · ${CHANGED.title}`);
    await expect(visitor.getByRole('complementary', { name: `About ${CHANGED.title}` })).toHaveCSS(
      'background-color',
      cssRgb(accessiblePrimary(CHANGED.color)),
    );
    await checkAccessibility(visitor);
    await submitLogin(visitor, reseller.username);
    await expect(accountButton(visitor, reseller.name)).toBeVisible();
    await expect(visitor).toHaveTitle(new RegExp(` · ${CHANGED.title}$`));
  } finally {
    await context.close();
  }

  await page.setViewportSize({ width: 600, height: 900 });
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/account-branding-600.png', fullPage: true });
});

test('only the owner of a customized organization sees the branding section', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/account/profile');
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization branding' })).toHaveCount(0);
});
