import { ZGeolistCreate } from '@beacon/domain/validation/geolist-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GEOLISTS } from '../../db/seed/demo-geolists';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { unknownPlaceIssues } from '../campaigns/places-check';
import type { TGeolist, TGeolistRow } from './geolists.schemas';

/** The demo geolists follow the geolist rules and are there after a demo seed. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('demo geolists', () => {
  it.each(DEMO_GEOLISTS.map((geolist) => [geolist.name, geolist] as const))(
    '%s satisfies the rules with known places',
    async (_name, { organization: _organization, ...body }) => {
      expect(ZGeolistCreate.safeParse(body).error?.issues ?? []).toEqual([]);
      const places = {
        regions: body.region ? [body.region] : [],
        cities: body.city ? [body.city] : [],
      };
      expect(await unknownPlaceIssues(places, [])).toEqual([]);
    },
  );

  it('are seeded with their areas and history', async () => {
    const token = await loginAs(ctx.app, 'owner');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/geolists?sort=name',
      headers: bearer(token),
    });
    expect(list.json<TGeolistRow[]>().map((row) => row.name)).toEqual(
      DEMO_GEOLISTS.map((geolist) => geolist.name).sort(),
    );
    for (const row of list.json<TGeolistRow[]>()) {
      const demo = DEMO_GEOLISTS.find((geolist) => geolist.name === row.name);
      const geolist = await ctx.app.inject({
        method: 'GET',
        url: `/api/geolist/${row.id}`,
        headers: bearer(token),
      });
      expect(geolist.json<TGeolist>().areas).toEqual(demo?.areas.map((area) => ({ name: null, ...area })));
      const history = await ctx.app.inject({
        method: 'GET',
        url: `/api/geolist/${row.id}/history`,
        headers: bearer(token),
      });
      expect(history.json<{ action: string }[]>().map((entry) => entry.action)).toEqual(['create']);
    }
  });
});
