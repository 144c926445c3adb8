import { expect, test } from '@playwright/test';
import { checkAccessibility, logIn } from '../support/console';

/**
 * Every grid: skeleton rows stand where the rows will be while the first page loads (not a blank body), and the
 * row density the user chooses is kept in this browser for every grid.
 */

test('a grid shows skeleton rows while its first page loads, and keeps the chosen row density', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'owner');
  // A slow list: the first page answers after a pause.
  await page.route(/\/api\/campaigns(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/campaigns');
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  await expect(grid.getByTestId('grid-skeleton')).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(grid.getByTestId('grid-skeleton')).toHaveCount(0);
  await page.unroute(/\/api\/campaigns(\?|$)/);

  const density = page.getByRole('group', { name: 'Row density' });
  await expect(density.getByRole('button', { name: 'Standard rows' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const rowHeight = async () => (await grid.getByRole('row').nth(1).boundingBox())?.height ?? 0;
  const standard = await rowHeight();
  await density.getByRole('button', { name: 'Compact rows' }).click();
  await expect(density.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(rowHeight).toBeLessThan(standard);
  await checkAccessibility(page);

  // Kept across a reload and on another grid.
  await page.goto('/creatives');
  await expect(
    page.getByRole('group', { name: 'Row density' }).getByRole('button', { name: 'Compact rows' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
