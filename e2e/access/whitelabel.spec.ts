import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { expect, test } from '@playwright/test';
import { reachableRoute } from '../../packages/web/src/app/areas';
import { accountButton, checkAccessibility, demoUser, expectPath, submitLogin } from '../support/console';

test.describe('white-label host', () => {
  test('northwind.localhost shows Northwind Media before and after logging in', async ({ page, baseURL }) => {
    const northwind = `http://northwind.localhost:${new URL(baseURL ?? '').port}`;
    const reseller = demoUser('reseller');

    await page.goto(`${northwind}/access/login`);
    await expect(page).toHaveTitle('Log in · Northwind Media');
    await expect(page.getByRole('main').getByRole('img', { name: 'Northwind Media' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'About Northwind Media' })).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml/);
    await checkAccessibility(page);

    // A user of another organization is refused there as if the password were wrong (decision 037).
    await submitLogin(page, 'owner');
    await expect(page.getByText('The username or password is not correct')).toBeVisible();
    await expect(accountButton(page, demoUser('owner').name)).toHaveCount(0);

    await submitLogin(page, reseller.username);
    await expect(accountButton(page, reseller.name)).toBeVisible();
    await expectPath(page, reachableRoute(fallbackRoute(reseller.role, reseller.organizationRole)));
    const banner = page.getByRole('banner');
    await expect(
      banner.getByRole('link', { name: 'Home' }).getByRole('img', { name: 'Northwind Media' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Campaigns · Northwind Media');
    await checkAccessibility(page);
  });
});
