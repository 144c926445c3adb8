import { z } from 'zod';
import { DIAGNOSTIC_STEPS } from '../dictionary/bidding-steps';

/**
 * `GET /campaign/{id}/bidding` (the bidding dialog of §2, docs/engine.md "Bidding diagnostics"): per strategy of
 * a campaign, where the requests of the last hour stopped, from the requests the bidder diagnosed.
 */
const ZStepCount = z.object({
  step: z.enum(DIAGNOSTIC_STEPS),
  label: z.string(),
  sampled: z.number().int().meta({ description: 'Diagnosed requests that stopped at this step' }),
  estimated: z
    .number()
    .int()
    .meta({ description: 'The same scaled to every request the bidder received: an estimate' }),
});

export const ZBiddingDiagnostics = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  requests: z.number().int().meta({ description: 'Requests the bidder received in the window' }),
  sampled: z.number().int().meta({ description: 'Of them, diagnosed (about one a second)' }),
  strategies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.string(),
      steps: z.array(ZStepCount).meta({ description: 'The steps met, most frequent first' }),
    }),
  ),
});
export type TBiddingDiagnostics = z.infer<typeof ZBiddingDiagnostics>;
