/** GET /campaign/{id}/goal-rates: the goal rates a campaign's strategies learnt (the internal tab, decision 051). */
import type { TGoalRates } from '@beacon/domain/api/goal-rates';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { campaignQueryKey } from './get-campaign';

export type GoalRates = TGoalRates;

export const goalRatesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignQueryKey(id), 'goal-rates'],
    queryFn: ({ signal }) => api<GoalRates>(`/campaign/${id}/goal-rates`, { signal }),
  });
