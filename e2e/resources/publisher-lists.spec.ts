import { PUBLISHER_FILE_WRONG_MESSAGE, PUBLISHER_MESSAGE } from '@beacon/domain/validation/messages';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkAccessibility, DEMO_PASSWORD, expectPath, logIn } from '../support/console';

/**
 * Publisher lists: a list created by upload — a file with a bad line is refused with the line's
 * number and nothing is stored, the fixed file is accepted — then a publisher found with the search
 * publishers dialog is added, and the list is deleted after confirmation. Axe on every page and dialog.
 */

const LISTS_PATH = '/resources/publisher-lists';

const tokenOf = async (request: APIRequestContext, username: string): Promise<string> => {
  const response = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token;
};

/** How many lists of that name the API answers (deleted ones too). */
const listsNamed = async (request: APIRequestContext, token: string, name: string): Promise<number> => {
  const response = await request.get('/api/publisher-lists', {
    params: { search: name, 'state[any]': 'active,deleted' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).length;
};

const chooseFile = async (page: Page, name: string, content: string): Promise<void> => {
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
};

test('create a publisher list by upload, add a publisher by search, delete it', async ({ page, request }) => {
  // One flow through three pages and four dialogs, each scanned by axe, on a machine shared with other suites.
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'editor');
  const name = `Blocked apps ${Date.now().toString(36)}`;
  await logIn(page, 'editor');

  await page.goto(LISTS_PATH);
  const grid = page.getByRole('grid', { name: 'Publisher lists' });
  await expect(grid.getByRole('link', { name: 'Premium news and weather' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Publisher lists', selected: true })).toBeVisible();
  await checkAccessibility(page);

  // A file with one bad line: its message and line number, and nothing stored.
  await page.getByRole('button', { name: 'New publisher list' }).click();
  const dialog = page.getByRole('dialog', { name: 'New publisher list' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: 'Blocklist' }).check();
  await chooseFile(
    page,
    'blocked.txt',
    'publisher\nspammy-site.example\nnot a publisher\ncom.example.noisygame\n',
  );
  await expect(dialog.getByText('blocked.txt')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const rejection = dialog.getByRole('alert');
  await expect(rejection).toContainText(PUBLISHER_FILE_WRONG_MESSAGE);
  await expect(rejection).toContainText(`Line 3: ${PUBLISHER_MESSAGE}`);
  await checkAccessibility(page);
  expect(await listsNamed(request, token, name)).toBe(0);

  // The fixed file is accepted and the list's page opens.
  await chooseFile(page, 'blocked-fixed.txt', 'publisher\nspammy-site.example\ncom.example.noisygame\n');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/publisher\/\d+$/);
  await expect(page.getByText('2 publishers')).toBeVisible();
  const publishers = page.getByRole('grid', { name: `Publishers of ${name}` });
  await expect(publishers.getByRole('gridcell', { name: 'spammy-site.example' })).toBeVisible();
  await expect(publishers.getByRole('gridcell', { name: 'com.example.noisygame' })).toBeVisible();
  await checkAccessibility(page);

  // Search the catalogue and add a well-known app.
  await page.getByRole('button', { name: 'Search publishers' }).click();
  const search = page.getByRole('dialog', { name: 'Search publishers' });
  await search.getByRole('searchbox', { name: 'Search publishers and apps' }).fill('candy crush');
  const candy = search.getByRole('checkbox', { name: /Candy Crush Saga \(Android\)/ });
  await expect(candy).toBeVisible();
  await checkAccessibility(page);
  await candy.check();
  await search.getByRole('button', { name: 'Add 1 publisher' }).click();
  await expect(search).toBeHidden();
  await expect(publishers.getByRole('gridcell', { name: 'com.king.candycrushsaga' })).toBeVisible();
  await expect(page.getByText('3 publishers')).toBeVisible();

  // Delete, confirmed in a dialog: back to the lists, where it is no longer shown.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete publisher list' });
  await expect(confirm).toContainText(name);
  await checkAccessibility(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectPath(page, LISTS_PATH);
  await page.getByRole('searchbox', { name: 'Search publisher lists' }).fill(name);
  await expect(grid.getByText('No publisher list matches the search or filters')).toBeVisible();
  await checkAccessibility(page);
  expect(await listsNamed(request, token, name)).toBe(1);
});
