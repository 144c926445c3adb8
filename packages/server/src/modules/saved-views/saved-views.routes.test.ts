import {
  MAX_SAVED_VIEWS_PER_GRID,
  SAVED_VIEW_NAME_TAKEN_MESSAGE,
  SAVED_VIEWS_LIMIT_MESSAGE,
} from '@beacon/domain/api/saved-views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

/**
 * Saved views (docs/api.md "Saved views"): each user reads and writes only their own (another user's id is
 * 404, also for an operator), names are unique per user and grid, a grid keeps at most 50 views, and what is
 * not a view state is a 400 that stores nothing.
 */

const STATE = {
  search: 'spring',
  sort: { field: 'name', direction: 'desc' },
  filters: [
    { field: 'state', operator: 'any', value: ['active', 'paused'] },
    { field: 'budget', operator: 'gte', value: 100 },
  ],
  columns: { organization_name: false },
} as const;

let ctx: TestContext;
let editor: string;
let owner: string;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp();
  editor = await loginAs(ctx.app, 'editor');
  owner = await loginAs(ctx.app, 'owner');
  admin = await loginAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });

const save = (token: string, grid: string, name: string, state: Record<string, unknown> = STATE) =>
  call(token, 'POST', '/saved-views', { grid, name, state });

describe('saved views', () => {
  it('saves, lists by name, renames, overwrites the state and deletes a view', async () => {
    const created = await save(editor, 'campaigns.list', '  Spring active  ');
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ grid: 'campaigns.list', name: 'Spring active', state: STATE });
    expect(new Date(view.created_at).toISOString()).toBe(view.created_at);
    expect((await save(editor, 'campaigns.list', 'A first')).statusCode).toBe(201);

    const list = await call(editor, 'GET', '/saved-views?grid=campaigns.list');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { name: string }) => row.name)).toEqual(['A first', 'Spring active']);
    // Another grid's views stay apart.
    expect((await call(editor, 'GET', '/saved-views?grid=deals.list')).json()).toEqual([]);

    const renamed = await call(editor, 'PATCH', `/saved-views/${view.id}`, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: view.id, name: 'Renamed', state: STATE });
    const restated = await call(editor, 'PATCH', `/saved-views/${view.id}`, { state: { search: 'x' } });
    expect(restated.json()).toMatchObject({
      name: 'Renamed',
      state: { search: 'x', sort: null, filters: [], columns: {} },
    });

    expect((await call(editor, 'DELETE', `/saved-views/${view.id}`)).statusCode).toBe(204);
    expect((await call(editor, 'DELETE', `/saved-views/${view.id}`)).statusCode).toBe(404);
    expect(
      (await call(editor, 'GET', '/saved-views?grid=campaigns.list'))
        .json()
        .map((row: { name: string }) => row.name),
    ).toEqual(['A first']);
  });

  it("answers 404 for another user's view, to every call, and leaves it alone", async () => {
    const view = (await save(owner, 'deals.list', 'Owner only')).json();
    for (const token of [editor, admin]) {
      expect((await call(token, 'PATCH', `/saved-views/${view.id}`, { name: 'Taken over' })).statusCode).toBe(
        404,
      );
      expect((await call(token, 'DELETE', `/saved-views/${view.id}`)).statusCode).toBe(404);
      expect((await call(token, 'GET', '/saved-views?grid=deals.list')).json()).toEqual([]);
    }
    expect((await call(owner, 'PATCH', '/saved-views/999999999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/saved-views?grid=deals.list')).json()).toMatchObject([
      { id: view.id, name: 'Owner only' },
    ]);
  });

  it('refuses a name already used on the grid by the same user, but not by another user or grid', async () => {
    expect((await save(editor, 'geolists.list', 'Mine')).statusCode).toBe(201);
    const again = await save(editor, 'geolists.list', 'Mine ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SAVED_VIEW_NAME_TAKEN',
      message: SAVED_VIEW_NAME_TAKEN_MESSAGE,
      details: [{ path: 'name', message: SAVED_VIEW_NAME_TAKEN_MESSAGE }],
    });
    expect((await save(owner, 'geolists.list', 'Mine')).statusCode).toBe(201);
    expect((await save(editor, 'deals.list', 'Mine')).statusCode).toBe(201);
    const other = (await save(editor, 'geolists.list', 'Other')).json();
    const rename = await call(editor, 'PATCH', `/saved-views/${other.id}`, { name: 'Mine' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('SAVED_VIEW_NAME_TAKEN');
    // Keeping its own name is no clash.
    expect((await call(editor, 'PATCH', `/saved-views/${other.id}`, { name: 'Other' })).statusCode).toBe(200);
  });

  it('keeps at most 50 views per grid and user, with a clear message', async () => {
    for (let index = 0; index < MAX_SAVED_VIEWS_PER_GRID; index += 1) {
      expect((await save(admin, 'organizations.list', `View ${index}`, {})).statusCode).toBe(201);
    }
    const over = await save(admin, 'organizations.list', 'One too many', {});
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SAVED_VIEWS_LIMIT_REACHED',
      message: SAVED_VIEWS_LIMIT_MESSAGE,
    });
    expect((await call(admin, 'GET', '/saved-views?grid=organizations.list')).json()).toHaveLength(
      MAX_SAVED_VIEWS_PER_GRID,
    );
    // Another grid still has room.
    expect((await save(admin, 'users', 'Fine', {})).statusCode).toBe(201);
  });

  it('never passes the limit with saves sent at once: one user counts their views one at a time', async () => {
    const attempts = MAX_SAVED_VIEWS_PER_GRID + 10;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) => save(owner, 'audiences.list', `Parallel ${index}`, {})),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(MAX_SAVED_VIEWS_PER_GRID);
    expect(codes.filter((code) => code === 409)).toHaveLength(attempts - MAX_SAVED_VIEWS_PER_GRID);
    expect((await call(owner, 'GET', '/saved-views?grid=audiences.list')).json()).toHaveLength(
      MAX_SAVED_VIEWS_PER_GRID,
    );
  });

  it('refuses what is not a view with a 400 and stores nothing', async () => {
    const refused = [
      { grid: 'campaigns.list', name: '', state: {} },
      { grid: 'campaigns.list', name: '   ', state: {} },
      { grid: 'campaigns.list', name: 'x'.repeat(61), state: {} },
      { grid: 'bad grid!', name: 'Fine', state: {} },
      {
        grid: 'campaigns.list',
        name: 'Fine',
        state: { filters: [{ field: 'a', operator: 'like', value: 'x' }] },
      },
      { grid: 'campaigns.list', name: 'Fine', state: { unknown: true } },
      {
        grid: 'campaigns.list',
        name: 'Fine',
        state: { filters: Array.from({ length: 6 }, () => ({ field: 'name', operator: 'is', value: 'x' })) },
      },
      { grid: 'campaigns.list', name: 'Fine' },
    ];
    for (const body of refused) {
      const response = await call(owner, 'POST', '/saved-views', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await save(owner, 'campaigns.list', 'x'.repeat(60), {})).statusCode).toBe(201);
    expect((await call(owner, 'GET', '/saved-views?grid=campaigns.list')).json()).toHaveLength(1);
    expect((await call(owner, 'GET', '/saved-views')).statusCode).toBe(400);
    const view = (await call(owner, 'GET', '/saved-views?grid=campaigns.list')).json()[0];
    expect((await call(owner, 'PATCH', `/saved-views/${view.id}`, {})).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', '/saved-views/abc', { name: 'x' })).statusCode).toBe(400);
  });

  it('needs a session, and demo mode reads but does not write', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/saved-views?grid=campaigns.list' });
    expect(anonymous.statusCode).toBe(401);
    const demo = await call(
      admin,
      'POST',
      '/saved-views',
      { grid: 'x', name: 'Demo', state: {} },
      { 'x-demo': '1' },
    );
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');
    expect((await call(admin, 'GET', '/saved-views?grid=x', undefined, { 'x-demo': '1' })).statusCode).toBe(
      200,
    );
  });
});
