import { readFile } from 'node:fs/promises';
import { BACKOFFICE_TABLE_HEIGHT } from '@beacon/domain/dictionary/constants';
import { GRID_ERROR_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import { USERNAME_TAKEN_MESSAGE } from '@beacon/domain/validation/messages';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  accountButton,
  checkAccessibility,
  expectPath,
  logIn,
  newUserValues,
  operatorToken,
  pathOf,
  saveStaleThenReload,
  settle,
} from '../support/console';

const ORGANIZATIONS_PATH = '/backoffice/organizations';

/** A 1×1 PNG, the smallest logo there is. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Organizations' });
const rowOf = (page: Page, name: string): Locator =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search organizations' });

/** A fresh organization with its main user, created through the API as the admin (test setup). */
const createOrganizationThroughApi = async (
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: number; name: string; version: number }> => {
  const user = newUserValues('org_owner');
  const response = await request.post('/api/v2/organization', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      country: 'ES',
      currency: 'eur',
      invoicing_currency: 'eur',
      payment_terms: 'net30',
      main_user: {
        name: user.name,
        username: user.username,
        email: user.email,
        password: user.password,
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const organization = await response.json();
  return { id: organization.id, name: organization.name, version: organization.version };
};

/** A name no other test uses, so that a search finds exactly what the test made. */
const uniqueName = (prefix: string): string => `${prefix} ${Date.now().toString(36)}`;

const openOrganizations = async (page: Page, search = ''): Promise<void> => {
  await page.goto(`${ORGANIZATIONS_PATH}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
};

/** The organization's edit dialog, opened from its row. */
const openEdit = async (page: Page, name: string): Promise<Locator> => {
  await rowOf(page, name)
    .getByRole('menuitem', { name: `Edit ${name}` })
    .click();
  return page.getByRole('dialog', { name: `Edit ${name}` });
};

/** A fresh organization (through the API) and its edit dialog, opened by an operator. */
const editNewOrganization = async (page: Page, request: APIRequestContext, prefix: string) => {
  const token = await operatorToken(request);
  const organization = await createOrganizationThroughApi(request, token, uniqueName(prefix));
  await logIn(page, 'admin');
  await openOrganizations(page, `?search=${encodeURIComponent(organization.name)}`);
  return { token, organization, dialog: await openEdit(page, organization.name) };
};

/** Chooses an option of a MUI select (a combobox opening a listbox) by their names. */
const choose = async (scope: Page | Locator, page: Page, label: string | RegExp, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
};

test('/backoffice opens the organizations grid', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/backoffice');
  await expectPath(page, ORGANIZATIONS_PATH);
  await expect(rowOf(page, 'Demo Agency')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back office' }),
  ).toHaveClass(/active/);
  await checkAccessibility(page);
});

test('an operator creates an organization with its main user, who then logs in', async ({
  page,
  browser,
}) => {
  // Two sign-ins and a long form.
  test.slow();
  const owner = newUserValues('new_org');
  const company = uniqueName('Created Company');
  await logIn(page, 'admin');
  await openOrganizations(page);

  await page.getByRole('button', { name: 'New organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await expect(dialog.getByRole('heading', { name: 'Main user' })).toBeVisible();
  await checkAccessibility(page);

  // Sent empty, every required field says so inline (§5), and the first one takes the focus.
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  const companyName = dialog.getByRole('textbox', { name: 'Company name' });
  await expect(companyName).toBeFocused();
  await expect(companyName).toHaveAccessibleDescription('This field is required');
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
    'This field is required',
  );
  await expect(dialog.getByRole('navigation', { name: 'Form sections' })).toContainText('Main user');
  await checkAccessibility(page);

  await companyName.fill(company);
  await dialog.getByRole('combobox', { name: 'Country' }).fill('Germany');
  await page.getByRole('option', { name: 'Germany', exact: true }).click();
  const vat = dialog.getByRole('textbox', { name: 'VAT number' });
  await expect(vat).toHaveAccessibleDescription(/A country code followed by 9 alphanumeric characters/);
  await vat.fill('DE136695977');
  await vat.blur();
  await expect(vat).toHaveAccessibleDescription('The VAT number is not valid');
  await vat.fill('DE136695976');
  await expect(vat).toHaveAccessibleDescription('Valid VAT number of Germany');
  await choose(dialog, page, /^Invoicing entity/, 'Beacon Media EU S.L.');
  // The entity's region is chosen with it.
  await expect(dialog.getByRole('combobox', { name: /^Region/ })).toHaveText('Europe');
  await choose(dialog, page, /^Payment terms/, 'Net 30');
  await dialog.getByRole('textbox', { name: 'Full name' }).fill(owner.name);
  await dialog.getByRole('textbox', { name: 'Username' }).fill(owner.username);
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(owner.email);
  await dialog.getByLabel(/^Password[\s*]*$/).fill(owner.password);
  await dialog.getByLabel(/^Confirm the password[\s*]*$/).fill('Not-the-same-1');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByLabel(/^Confirm the password[\s*]*$/)).toHaveAccessibleDescription(
    'The password does not match',
  );
  await dialog.getByLabel(/^Confirm the password[\s*]*$/).fill(owner.password);
  // A username already in use anywhere on the platform: the server's answer lands on the field.
  await dialog.getByRole('textbox', { name: 'Username' }).fill('admin');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
    USERNAME_TAKEN_MESSAGE,
  );
  await dialog.getByRole('textbox', { name: 'Username' }).fill(owner.username);
  await dialog.getByRole('checkbox', { name: 'Ad quality scans' }).check();
  // Contacts are chosen among the operator's staff.
  await dialog.getByRole('combobox', { name: 'Sales owner' }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /^Mia Manager/ })
    .click();
  await expect(dialog.getByRole('combobox', { name: 'Sales owner' })).toContainText('Mia Manager');
  await dialog.getByRole('button', { name: 'Create organization' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${company} created`)).toBeVisible();
  await searchBox(page).fill(company);
  // The search reaches the URL after its debounce; only then is the filtered list loading (or loaded).
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(company);
  const row = rowOf(page, company);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Germany (DE)');
  await expect(row).toContainText('Net 30');
  await checkAccessibility(page);

  // The main user signs in on a browser of their own.
  const context = await browser.newContext();
  try {
    const ownerPage = await context.newPage();
    await logIn(ownerPage, owner.username, { password: owner.password, name: owner.name });
    await expect(accountButton(ownerPage, owner.name)).toBeVisible();
    await expect(ownerPage.getByRole('banner')).toContainText(company);
  } finally {
    await context.close();
  }
});

test('the search, filters and sort live in the URL', async ({ page }) => {
  // Three loads of the grid, a reload and three scans, each after the grid has settled.
  test.slow();
  await logIn(page, 'admin');
  await openOrganizations(page);

  await searchBox(page).fill('Demo');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Demo');
  await expect(rowOf(page, 'Demo Agency')).toBeVisible();
  await expect(rowOf(page, 'Demo Advertiser')).toBeVisible();
  await expect(rowOf(page, 'Northwind Media')).toHaveCount(0);

  const nameHeader = grid(page).getByRole('columnheader', { name: 'Name' });
  await nameHeader.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
  // One click, then another once the arrow shows (the campaigns grid test double-clicks).
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-name');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Demo Agency');

  // The state survives a reload.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('Demo');
  await expect(rowOf(page, 'Demo Advertiser')).toBeVisible();
  await expect(rowOf(page, 'Northwind Media')).toHaveCount(0);
  await checkAccessibility(page);

  // A filter chosen in the panel: the country is GB.
  await searchBox(page).fill('');
  await expect.poll(() => new URL(page.url()).searchParams.has('search')).toBe(false);
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  await checkAccessibility(page);
  const condition = panel.getByRole('group', { name: 'Condition 1' });
  await choose(condition, page, 'Column', 'Country');
  await choose(condition, page, 'Operator', 'equal');
  await condition.getByRole('textbox', { name: 'Value' }).fill('GB');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect.poll(() => pathOf(page)).toContain('country[is]=GB');
  await expect(rowOf(page, 'Demo Agency')).toBeVisible();
  await expect(rowOf(page, 'Data Partner Co')).toHaveCount(0);

  // A link with a filter opens the grid filtered.
  await openOrganizations(page, '?role[is]=customized');
  await expect(rowOf(page, 'Northwind Media')).toBeVisible();
  await expect(rowOf(page, 'Demo Agency')).toHaveCount(0);
  await checkAccessibility(page);
});

test('a list that fails to load shows the grid error and can be tried again', async ({ page }) => {
  await logIn(page, 'admin');
  let isFailing = true;
  await page.route('**/api/organizations?*', (route) =>
    isFailing ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
  );
  await page.goto(ORGANIZATIONS_PATH);
  const alert = page.getByRole('alert').filter({ hasText: GRID_ERROR_MESSAGE });
  await expect(alert).toBeVisible();
  await checkAccessibility(page);
  isFailing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(rowOf(page, 'Demo Agency')).toBeVisible();
  await expect(alert).toBeHidden();
});

test('bulk delete removes the selected organizations after confirmation', async ({ page, request }) => {
  const token = await operatorToken(request);
  const prefix = uniqueName('Bulk Gone');
  const first = await createOrganizationThroughApi(request, token, `${prefix} one`);
  const second = await createOrganizationThroughApi(request, token, `${prefix} two`);
  await logIn(page, 'admin');
  await openOrganizations(page, `?search=${encodeURIComponent(prefix)}`);
  await expect(rowOf(page, first.name)).toBeVisible();
  await expect(rowOf(page, second.name)).toBeVisible();

  await rowOf(page, first.name).getByRole('checkbox').check();
  await rowOf(page, second.name).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete 2 selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 organizations?' });
  await expect(dialog).toContainText(first.name);
  await expect(dialog).toContainText(second.name);
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/backoffice-delete-organizations-1440.png' });

  // The word must be typed exactly (§5).
  const confirm = dialog.getByRole('button', { name: 'Delete 2 organizations' });
  await dialog.getByRole('textbox', { name: 'Type "Delete" to confirm' }).fill('delete it');
  await confirm.click();
  await expect(dialog).toContainText('You should correctly type the word Delete to continue');
  await dialog.getByRole('textbox', { name: 'Type "Delete" to confirm' }).fill('Delete');
  await confirm.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 organizations deleted')).toBeVisible();
  await expect(rowOf(page, first.name)).toHaveCount(0);
  await expect(rowOf(page, second.name)).toHaveCount(0);
  await expect(grid(page)).toContainText('No organization matches the search or filters');
  await checkAccessibility(page);

  // Deleted, not gone: a filter on the state still finds them (§4).
  await openOrganizations(page, `?search=${encodeURIComponent(prefix)}&state[is]=DELETED`);
  await expect(rowOf(page, first.name)).toBeVisible();
  await expect(rowOf(page, second.name)).toBeVisible();
});

test('the CSV download holds the rows of the current filters', async ({ page }) => {
  await logIn(page, 'admin');
  await openOrganizations(page, '?country[is]=GB');
  await expect(rowOf(page, 'Demo Agency')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('organizations.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  expect(csv).toContain('Demo Agency');
  expect(csv).toContain('Demo Advertiser');
  expect(csv).not.toContain('Northwind Media');
  expect(csv).not.toContain('Beacon Operations');
});

test('an organization is duplicated under a new name, and its children are listed', async ({ page }) => {
  const copyName = uniqueName('Agency Copy');
  await logIn(page, 'admin');
  await openOrganizations(page, '?search=Demo%20Agency');

  await rowOf(page, 'Demo Agency').getByRole('menuitem', { name: 'Duplicate Demo Agency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate Demo Agency' });
  const name = dialog.getByRole('textbox', { name: 'Name of the copy' });
  await expect(name).toHaveValue('Demo Agency (copy)');
  await dialog.getByRole('checkbox', { name: 'Create a main user for the copy' }).check();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/backoffice-duplicate-organization-1440.png' });
  await dialog.getByRole('checkbox', { name: 'Create a main user for the copy' }).uncheck();
  await name.fill(copyName);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${copyName} created as a copy of Demo Agency`)).toBeVisible();
  await searchBox(page).fill(copyName);
  await expect(rowOf(page, copyName)).toContainText('United Kingdom (GB)');

  await openOrganizations(page, '?search=Demo%20Agency');
  await rowOf(page, 'Demo Agency').getByRole('menuitem', { name: 'Children of Demo Agency' }).click();
  const children = page.getByRole('dialog', { name: 'Children of Demo Agency' });
  await expect(children.getByRole('link', { name: 'Demo Advertiser' })).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: '.tmp/screens/backoffice-organization-children-1440.png' });
  await children.getByRole('link', { name: 'Show them in the grid' }).click();
  await expect(children).toBeHidden();
  await expect.poll(() => pathOf(page)).toMatch(/parent\[is\]=\d+/);
  await expect(rowOf(page, 'Demo Advertiser')).toBeVisible();
  await expect(rowOf(page, 'Demo Agency')).toHaveCount(0);
});

test('editing asks before discarding changes and saves only on submit', async ({ page, request }) => {
  const { organization, dialog } = await editNewOrganization(page, request, 'Edited Company');
  await expect(dialog.getByRole('textbox', { name: 'Company name' })).toHaveValue(organization.name);
  await expect(dialog.getByRole('heading', { name: 'Main user' })).toHaveCount(0);
  await checkAccessibility(page);

  await dialog.getByRole('textbox', { name: 'City' }).fill('Sevilla');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await checkAccessibility(page);
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Sevilla');

  // White label fields appear for the customized role.
  await choose(dialog, page, /^Organization role/, 'Customized (white-label)');
  await expect(dialog.getByRole('heading', { name: 'White label' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Edited Brand');
  await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('#0a7d42');
  await dialog
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(dialog.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${organization.name} saved`)).toBeVisible();
  await expect(rowOf(page, organization.name)).toContainText('Customized (white-label)');

  const reopened = await openEdit(page, organization.name);
  await expect(reopened.getByRole('textbox', { name: 'City' })).toHaveValue('Sevilla');
  await expect(reopened.getByRole('textbox', { name: 'Title' })).toHaveValue('Edited Brand');
  // The logo went up with the changes (multipart) and is served from the file store.
  await expect(reopened.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /\/api\/files\//);
});

test('a stale save shows the server message, and Reload brings the other changes keeping what was typed', async ({
  page,
  request,
}) => {
  const { token, organization, dialog } = await editNewOrganization(page, request, 'Stale Company');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Sevilla');

  // Someone else saves the organization meanwhile.
  const other = await request.put(`/api/v2/organization/${organization.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: organization.version, billing_address: 'Calle Mayor 1' },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await saveStaleThenReload(page, dialog, 'Save changes');
  await expect(dialog.getByRole('textbox', { name: 'Billing address' })).toHaveValue('Calle Mayor 1');
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Sevilla');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${organization.name} saved`)).toBeVisible();

  const reopened = await openEdit(page, organization.name);
  await expect(reopened.getByRole('textbox', { name: 'Billing address' })).toHaveValue('Calle Mayor 1');
  await expect(reopened.getByRole('textbox', { name: 'City' })).toHaveValue('Sevilla');
});

test('an organization conversion pixel is read and downloaded as pixel_{event}, and it records the event', async ({
  page,
  request,
}) => {
  const { dialog: edit } = await editNewOrganization(page, request, 'Pixel Company');
  await edit.getByRole('button', { name: 'Conversion pixels' }).click();

  const dialog = page.getByRole('dialog', { name: /conversion pixel/i });
  const url = dialog.getByRole('textbox', { name: /pixel url/i });
  await expect(url).toHaveValue(/\/api\/track\//);
  await checkAccessibility(page);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pixel_1(\.txt)?$/);
  const pixel = (await readFile(await download.path(), 'utf8')).trim();
  expect(pixel).toBe(await url.inputValue());

  // The pixel is a real address of Beacon's tracking endpoint.
  const hit = await request.get(pixel);
  expect([200, 204]).toContain(hit.status());
});

for (const { width, height } of [
  { width: 1440, height: BACKOFFICE_TABLE_HEIGHT.large },
  { width: 1024, height: BACKOFFICE_TABLE_HEIGHT.medium },
]) {
  test(`at ${width}px the table is ${height}px high and nothing overflows`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await logIn(page, 'admin');
    await openOrganizations(page);
    await expect(rowOf(page, 'Demo Agency')).toBeVisible();
    // The whole table: header, rows and footer with its border.
    const box = await grid(page)
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " MuiDataGrid-root ")]')
      .boundingBox();
    expect(box?.height).toBe(height);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `.tmp/screens/backoffice-organizations-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'New organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'New organization' });
    await expect(dialog.getByRole('heading', { name: 'Company' })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/backoffice-organization-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Company name' })).toBeFocused();
    await page.screenshot({ path: `.tmp/screens/backoffice-organization-dialog-errors-${width}.png` });

    await choose(dialog, page, /^Organization role/, 'Customized (white-label)');
    await dialog.getByRole('heading', { name: 'Contacts' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/screens/backoffice-organization-dialog-contacts-${width}.png` });
    await dialog.getByRole('heading', { name: 'White label' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('#f4c542');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Bright Brand');
    await dialog.getByText('Primary action', { exact: true }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `.tmp/screens/backoffice-organization-dialog-white-label-${width}.png` });
  });
}
