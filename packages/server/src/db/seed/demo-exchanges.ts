import { newToken } from '../../lib/tokens';
import { insertExchangeWithHistory } from '../../modules/exchanges/exchanges.service';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';

/**
 * The demo world's exchanges (docs/engine.md): "Demo exchange" (key `demo`), enabled, first price in USD, which
 * admits requests from this machine without a token, so that the traffic simulator can bid on a fresh
 * `npm start`; and a disabled example of a real partner's exchange, admitted only with its token or from its
 * documentation address block.
 */
export const DEMO_EXCHANGE_KEY = 'demo';

export const seedDemoExchanges = async (db: Db, actor: HistoryActor): Promise<void> => {
  await insertExchangeWithHistory(
    db,
    {
      name: 'Demo exchange',
      key: DEMO_EXCHANGE_KEY,
      partner: null,
      auction_type: 1,
      currency: 'usd',
      enabled: true,
      qps_limit: null,
      token: newToken(),
      allowed_addresses: [],
      allow_loopback: true,
    },
    actor,
  );
  await insertExchangeWithHistory(
    db,
    {
      name: 'Magnite (example)',
      key: 'magnite-example',
      partner: 'magnite',
      auction_type: 2,
      currency: 'usd',
      enabled: false,
      qps_limit: 5000,
      token: newToken(),
      allowed_addresses: ['203.0.113.0/24'],
      allow_loopback: false,
    },
    actor,
  );
};
