import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Reference snapshot of exchange rates (units of each currency per 1 USD) so that conversions work on a fresh
 * install. Operators replace them with current rates; `as_of` tells how old a rate is.
 */
export const USD_RATES_SNAPSHOT = {
  asOf: '2026-11-02',
  rates: {
    usd: '1',
    eur: '0.8650',
    gbp: '0.7610',
    inr: '88.70',
    thb: '32.40',
    idr: '16650',
    myr: '4.1900',
    mxn: '18.45',
    cop: '3870',
    brl: '5.3800',
    aed: '3.6725',
    aud: '1.5300',
  },
} as const;

export const up = async (db: Kysely<unknown>): Promise<void> => {
  const values = Object.entries(USD_RATES_SNAPSHOT.rates)
    .map(([quote, rate]) => `('usd', '${quote}', ${rate}, DATE '${USD_RATES_SNAPSHOT.asOf}')`)
    .join(',\n      ');
  await runSqlScript(db, `INSERT INTO currency_rates (base, quote, rate, as_of) VALUES\n      ${values};`);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'DELETE FROM currency_rates;');
};
