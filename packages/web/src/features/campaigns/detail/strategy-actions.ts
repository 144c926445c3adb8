/** Pausing and resuming strategies: each is a PUT of its state with the version read. */
import type { StrategyState } from '@beacon/domain/dictionary/campaigns';
import { type Strategy, updateStrategy } from '../api/strategies';

export const setStrategyState = (strategy: Strategy, state: StrategyState): Promise<Strategy> =>
  updateStrategy(strategy.id, { state, version: strategy.version });

/** Resumes every paused strategy; answers how many were resumed. */
export const resumeStrategies = async (strategies: readonly Strategy[]): Promise<number> => {
  const paused = strategies.filter((strategy) => strategy.state === 'paused');
  await Promise.all(paused.map((strategy) => setStrategyState(strategy, 'bidding')));
  return paused.length;
};
