import {
  CHUNK_LOAD_FAILED_MESSAGE,
  CHUNK_LOAD_FAILED_TITLE,
} from '@beacon/domain/dictionary/error-catalogue';
import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';

/**
 * A page's code that fails to load (a dropped connection, or chunk names changed by an upgrade) is asked for
 * again before anything is shown; only when it keeps failing does the console say so, with a reload.
 */

const CREATIVES_CHUNK = /\/assets\/CreativesPage-[^/]+\.js$/;

/** Aborts the creatives page's chunk `times` times (every time when undefined); answers how often it did. */
const failCreativesChunk = async (page: Page, times?: number): Promise<() => number> => {
  let failures = 0;
  await page.route(CREATIVES_CHUNK, async (route) => {
    if (times === undefined || failures < times) {
      failures += 1;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  return () => failures;
};

const openCreativesFromMenu = async (page: Page) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Creatives', exact: true }).first().click();
};

test('a page whose code fails to load twice is loaded on the next try, without an error', async ({
  page,
}) => {
  const failures = await failCreativesChunk(page, 2);
  await logIn(page, 'editor');
  await openCreativesFromMenu(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Creatives' })).toBeVisible();
  expect(failures()).toBe(2);
  await expect(page.getByText(CHUNK_LOAD_FAILED_TITLE)).toHaveCount(0);
});

test('a page whose code keeps failing to load says so and offers a reload that works', async ({ page }) => {
  const failures = await failCreativesChunk(page);
  await logIn(page, 'editor');
  await openCreativesFromMenu(page);
  await expect(page.getByRole('heading', { level: 1, name: CHUNK_LOAD_FAILED_TITLE })).toBeVisible();
  await expect(page.getByText(CHUNK_LOAD_FAILED_MESSAGE)).toBeVisible();
  expect(failures()).toBeGreaterThanOrEqual(4);
  await checkAccessibility(page);

  await page.unroute(CREATIVES_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creatives' })).toBeVisible();
});
