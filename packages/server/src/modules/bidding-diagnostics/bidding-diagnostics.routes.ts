import { ZBiddingDiagnostics } from '@beacon/domain/api/bidding-diagnostics';
import { DIAGNOSTIC_STEP_LABELS, type DiagnosticStep } from '@beacon/domain/dictionary/bidding-steps';
import type { AppInstance } from '../../app-types';
import type { Bidder } from '../../engine/bidder';
import { principalOf } from '../../lib/resources';
import { ZIdParams } from '../campaigns/campaigns.schemas';
import { campaignStrategyNames } from '../campaigns/strategies.service';

/**
 * "Why is this not bidding" (the bidding dialog of §2, docs/engine.md "Bidding diagnostics"): per strategy of a
 * campaign, where the requests of the last hour stopped, from the requests this process's bidder diagnosed.
 */
export const biddingDiagnosticsRoutes = async (
  app: AppInstance,
  options: { bidder: Bidder },
): Promise<void> => {
  const { deps } = app;
  app.get('/campaign/:id/bidding', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Why the strategies of a campaign bid or not: where the last hour’s requests stopped',
      description:
        'About one request a second is diagnosed: every strategy is taken through the targeting rules, the ' +
        'budget, the frequency cap, the creative and the price, and the step it stopped at is counted (or ' +
        '`bid`, or `outbid` when it passed them all but another strategy bid higher). `estimated` scales the ' +
        'sampled count to every request received. Counts are kept in memory by the bidder of this process.',
      tags: ['campaigns'],
      params: ZIdParams,
      response: { 200: ZBiddingDiagnostics },
    },
    handler: async (request) => {
      const strategies = await campaignStrategyNames(deps, principalOf(request), request.params.id);
      const now = deps.clock.now().getTime();
      const reading = options.bidder.diagnostics?.lastHour(
        strategies.map((strategy) => strategy.id),
        now,
      );
      const scale = reading === undefined || reading.samples === 0 ? 0 : reading.requests / reading.samples;
      return {
        from: (reading?.from ?? new Date(now)).toISOString(),
        to: (reading?.to ?? new Date(now)).toISOString(),
        requests: reading?.requests ?? 0,
        sampled: reading?.samples ?? 0,
        strategies: strategies.map((strategy) => {
          const counts = reading?.strategies.get(strategy.id) ?? new Map<DiagnosticStep, number>();
          return {
            ...strategy,
            steps: [...counts]
              .sort((a, b) => b[1] - a[1])
              .map(([step, sampled]) => ({
                step,
                label: DIAGNOSTIC_STEP_LABELS[step],
                sampled,
                estimated: Math.round(sampled * scale),
              })),
          };
        }),
      };
    },
  });
};
