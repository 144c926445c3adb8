import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from '../support/console';

/**
 * Every server-side grid pages (§3 lists, 32 rows a page): "next page" shows rows 33 onwards, the page is kept
 * in the URL, and a reload shows the same page. Each grid gets more than a page of rows of its own through the
 * API first; they are deleted again afterwards, so that the specs after this one see the demo world.
 */

type Grid = {
  readonly label: string;
  readonly path: string;
  /** The grid's page parameter in the URL (a page with two grids prefixes its own). */
  readonly pageParam: string;
  readonly user: 'owner' | 'supervisor';
  /** Creates one row through the API and answers the call that deletes it again. */
  readonly create: (api: Api, index: number) => Promise<() => Promise<unknown>>;
};

type Api = {
  readonly post: (path: string, data: unknown) => Promise<{ id: number }>;
  readonly send: (method: 'PUT' | 'DELETE', path: string, data?: unknown) => Promise<unknown>;
  readonly agency: number;
};

const ROWS = 34;
const suffix = Date.now().toString(36);

/** Rows are deleted at the version they were created with. */
const deleting = (api: Api, path: string) => () => api.send('DELETE', `${path}?version=1`);

const GRIDS: readonly Grid[] = [
  {
    label: 'Campaigns',
    path: '/campaigns',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/campaign', {
        name: `Paging ${suffix} ${index}`,
        type: 'generic',
        state: 'preview',
      });
      return deleting(api, `/campaign/${id}`);
    },
  },
  {
    label: 'Creatives',
    path: '/creatives',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/creative', {
        type: 'tag',
        name: `Paging ${suffix} ${index}`,
        html_markup: '<div>ad</div>',
        width: 300,
        height: 250,
      });
      return deleting(api, `/creative/${id}`);
    },
  },
  {
    label: 'Geolists',
    path: '/resources/geolists',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/geolist', {
        name: `Paging ${suffix} ${index}`,
        areas: [{ latitude: 40.4, longitude: -3.7 }],
      });
      return deleting(api, `/geolist/${id}`);
    },
  },
  {
    label: 'Publisher lists',
    path: '/resources/publisher-lists',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/publisher-list', {
        name: `Paging ${suffix} ${index}`,
        kind: 'allow',
        publishers: ['paging.example.com'],
      });
      return deleting(api, `/publisher-list/${id}`);
    },
  },
  {
    label: 'Deals',
    path: '/resources/deals',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const today = new Date();
      const day = (offset: number) =>
        new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const { id } = await api.post('/deal', {
        external_id: `PAGING-${suffix}-${index}`,
        name: `Paging ${suffix} ${index}`,
        supply_partner: 'google_adx',
        type: 'private_auction',
        floor_price: '4.5',
        start_date: day(1),
        end_date: day(31),
      });
      return deleting(api, `/deal/${id}`);
    },
  },
  {
    label: 'Audiences',
    path: '/resources/audiences',
    pageParam: 'audience.page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/audience', { name: `Paging ${suffix} ${index}`, type: 'private' });
      return deleting(api, `/audience/${id}`);
    },
  },
  {
    label: 'Location audiences',
    path: '/resources/audiences',
    pageParam: 'location.page',
    user: 'owner',
    create: async (api, index) => {
      const { id } = await api.post('/location-audience', {
        name: `Paging ${suffix} ${index}`,
        areas: [{ latitude: 40.47, longitude: -3.56, radius: 900 }],
        start_date: '2030-01-01',
        end_date: '2030-01-31',
        max_users: 25_000,
        precision: 'high',
      });
      return deleting(api, `/location-audience/${id}`);
    },
  },
  {
    label: 'Users',
    path: '/account/users',
    pageParam: 'page',
    user: 'owner',
    create: async (api, index) => {
      const username = `paging_${suffix}_${index}`;
      const { id } = await api.post(`/organization/${api.agency}/user`, {
        name: `Paging ${index}`,
        username,
        email: `${username}@example.com`,
        role: 'viewer',
        password: 'Paging-pass-1!',
      });
      return deleting(api, `/organization/${api.agency}/user/${id}`);
    },
  },
  {
    label: 'Organizations',
    path: '/backoffice/organizations',
    pageParam: 'page',
    user: 'supervisor',
    create: async (api, index) => {
      const username = `paging_org_${suffix}_${index}`;
      const { id } = await api.post('/v2/organization', {
        name: `Paging ${suffix} ${index}`,
        country: 'DE',
        currency: 'eur',
        invoicing_currency: 'eur',
        payment_terms: 'net30',
        main_user: {
          name: 'Pat Paging',
          username,
          email: `${username}@example.com`,
          password: 'Paging-pass-1!',
        },
      });
      return () => api.send('PUT', '/backoffice/organizations', { ids: [id], changes: { state: 'DELETED' } });
    },
  },
];

const apiOf = async (request: APIRequestContext, username: string): Promise<Api> => {
  const login = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, organization } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  return {
    agency: Number(organization.id),
    post: async (path, data) => {
      const response = await request.post(`/api${path}`, { data, headers });
      expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
      return response.json();
    },
    send: async (method, path, data) => {
      const response = await request.fetch(`/api${path}`, { method, data, headers });
      expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
      return response.status() === 204 ? undefined : response.json();
    },
  };
};

/** The grid's whole frame: rows, toolbar and pagination footer. */
const frameOf = (page: Page, label: string): Locator =>
  page.locator('.MuiDataGrid-root').filter({ has: page.getByRole('grid', { name: label, exact: true }) });

const displayedRows = (frame: Locator): Locator => frame.locator('.MuiTablePagination-displayedRows');

for (const grid of GRIDS) {
  test(`the ${grid.label} grid pages past 32 rows, keeps the page in the URL and after a reload`, async ({
    page,
    request,
  }) => {
    // A CI machine of 2 cores creates and deletes the rows of a page and a half in about as long as the rest.
    test.setTimeout(120_000);
    const api = await apiOf(request, grid.user);
    const removals: (() => Promise<unknown>)[] = [];
    try {
      for (let start = 0; start < ROWS; start += 8) {
        const batch = Array.from({ length: Math.min(8, ROWS - start) }, (_, offset) => start + offset);
        removals.push(...(await Promise.all(batch.map((index) => grid.create(api, index)))));
      }
      await logIn(page, grid.user);
      await page.goto(grid.path);
      const frame = frameOf(page, grid.label);
      await expect(displayedRows(frame)).toHaveText(/^1–32 of \d+$/);
      const total = Number((await displayedRows(frame).textContent())?.split(' of ')[1]);
      expect(total).toBeGreaterThan(32);
      const firstOnPageOne = await frame.getByRole('row').nth(1).textContent();

      await frame.getByRole('button', { name: 'Go to next page' }).click();
      await expect(displayedRows(frame)).toHaveText(`33–${Math.min(64, total)} of ${total}`);
      await expect(page).toHaveURL(new RegExp(`[?&]${grid.pageParam.replace('.', '\\.')}=1(&|$)`));
      await expect(frame.getByRole('row').nth(1)).not.toHaveText(firstOnPageOne ?? '');

      await page.reload();
      await expect(displayedRows(frameOf(page, grid.label))).toHaveText(
        `33–${Math.min(64, total)} of ${total}`,
      );
      await frameOf(page, grid.label).getByRole('button', { name: 'Go to previous page' }).click();
      await expect(displayedRows(frameOf(page, grid.label))).toHaveText(`1–32 of ${total}`);
    } finally {
      await Promise.all(removals.map((remove) => remove()));
    }
  });
}
