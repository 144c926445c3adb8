import { ZGoalRates } from '@beacon/domain/api/goal-rates';
import type { AppInstance } from '../../app-types';
import { principalOf } from '../../lib/resources';
import { ZIdParams } from '../campaigns/campaigns.schemas';
import { campaignGoalRates } from './goal-rates.service';

/**
 * The learnt goal rates of a campaign's strategies (decision 051), on the campaign page's internal tab: §6 `internal
 * campaign` for the route, the internal staff (§6 "Internal") for the answer.
 */
export const goalRatesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  app.get('/campaign/:id/goal-rates', {
    config: { access: 'internal-campaign' },
    schema: {
      summary: 'The goal rates a campaign’s strategies have learnt, and what they bid on them',
      description:
        'Per strategy, the rate of the campaign’s goal event (its price model’s, refined by its event optimisation) ' +
        'learnt from the delivery of the last `window_days` days, overall and at its top placements (app bundle, ' +
        'else publisher), the prior it starts from, and the value per impression and CPM the bidder offers now. ' +
        'Internal staff only (supervisor, admin, account manager): 404 outside the caller’s scope, then 403.',
      tags: ['campaigns'],
      params: ZIdParams,
      response: { 200: ZGoalRates },
    },
    handler: async (request) => campaignGoalRates(deps, principalOf(request), request.params.id),
  });
};
