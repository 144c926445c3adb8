import { ZBiddingState, ZBiddingUpdate } from '@beacon/domain/api/exchanges';
import type { AppInstance } from '../../app-types';
import { principalOf } from '../../lib/resources';
import { getBidding, setBidding } from './bidding.service';

/** Platform bidding (spec §4 "Stop bidding"): operator staff read it, admins switch it. */
export const biddingRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/backoffice/bidding', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Whether platform bidding is on, and who last switched it and when',
      tags: ['backoffice'],
      response: { 200: ZBiddingState },
    },
    handler: async (request) => getBidding(deps, principalOf(request)),
  });

  app.put('/backoffice/bidding', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Stop or start platform bidding (admins); records history and emails the tech team',
      tags: ['backoffice'],
      body: ZBiddingUpdate,
      response: { 200: ZBiddingState },
    },
    handler: async (request) => setBidding(deps, principalOf(request), request.body),
  });
};
