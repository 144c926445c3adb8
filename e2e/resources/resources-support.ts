import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/console';

/** The bearer of a demo user, for the API checks of what a screen stored (or did not). */
export const tokenOf = async (request: APIRequestContext, username: string): Promise<string> => {
  const response = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token;
};

/** How many rows of a list the API answers for a search, deleted ones included. */
export const countNamed = async (
  request: APIRequestContext,
  token: string,
  path: string,
  name: string,
): Promise<number> => {
  const response = await request.get(`/api${path}`, {
    params: { search: name, 'state[any]': 'active,deleted' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).length;
};

/** The map of a resource's areas, and its circles (SVG paths drawn by Leaflet). */
export const areasMap = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: `Map of ${name}` });

export const circlesOf = (map: Locator): Locator => map.locator('path.leaflet-interactive');

/** Screenshots of the page at the desktop width and at a narrow one, for looking at the layout. */
export const screenshotBothWidths = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-600.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
};
