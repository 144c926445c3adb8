import { canSwitchBidding } from '@beacon/domain/access/permissions';
import type { TBiddingState, TBiddingUpdate } from '@beacon/domain/api/exchanges';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { BIDDING_ENABLED_SETTING, readBiddingEnabled } from '../../engine/bidder-state';
import { AppError } from '../../lib/app-error';
import { assertOperatorStaff } from '../exchanges/exchanges.service';
import { actorOf, recordHistory } from '../history/history.service';

/**
 * Platform bidding (spec §4 "Stop bidding"): one switch that stops every bid of the platform, read by the bidder
 * through engine/bidder-state.ts. Operator staff see it; admins switch it. Each switch records history (entity
 * `bidding`) and emails the tech team, so a stop never goes unnoticed.
 */

const BIDDING_ENTITY = 'bidding';

/** The transaction-scoped advisory lock that serializes switches (hashed to its key). */
const BIDDING_SWITCH_LOCK = 'beacon:bidding-switch';

/** The state, and the last switch of it (who and when), from history. */
const readBiddingState = async (db: Kysely<Database>): Promise<TBiddingState> => {
  const [enabled, last] = await Promise.all([
    readBiddingEnabled(db),
    db
      .selectFrom('history as h')
      .leftJoin('users as u', 'u.id', 'h.actor_user_id')
      .select(['h.created_at', 'u.id as user_id', 'u.name', 'u.username'])
      .where('h.entity', '=', BIDDING_ENTITY)
      .where('h.entity_id', '=', BIDDING_ENABLED_SETTING)
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .executeTakeFirst(),
  ]);
  return {
    enabled,
    changed_at: last?.created_at.toISOString() ?? null,
    changed_by:
      last?.user_id && last.name !== null && last.username !== null
        ? { id: Number(last.user_id), name: last.name, username: last.username }
        : null,
  };
};

export const getBidding = async (deps: Deps, principal: Principal): Promise<TBiddingState> => {
  assertOperatorStaff(principal);
  return readBiddingState(deps.db);
};

/** `2026-11-27 16:05 UTC`: the email's time, in the product's UTC. */
const utcMinute = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * `PUT /backoffice/bidding`: switches platform bidding. Sending the state it already has changes nothing (no
 * history, no email).
 */
export const setBidding = async (
  deps: Deps,
  principal: Principal,
  body: TBiddingUpdate,
): Promise<TBiddingState> => {
  assertOperatorStaff(principal);
  if (!canSwitchBidding(principal.role)) throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  // The setting, its history entry and the tech team's email are one transaction: a switch never stands without
  // its entry or its email (the outbox row; delivery over SMTP follows the commit).
  const email = await deps.db.transaction().execute(async (trx) => {
    // Switches one at a time, so that each reads the state the one before left and history is a chain.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${BIDDING_SWITCH_LOCK}))`.execute(trx);
    const before = await readBiddingEnabled(trx);
    if (before === body.enabled) return undefined;
    await trx
      .insertInto('platform_settings')
      .values({ key: BIDDING_ENABLED_SETTING, value: String(body.enabled) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(body.enabled) }))
      .execute();
    await recordHistory(trx, {
      entity: BIDDING_ENTITY,
      entityId: BIDDING_ENABLED_SETTING,
      organizationId: null,
      action: body.enabled ? 'start' : 'stop',
      actor: actorOf(principal),
      changes: [{ field: 'enabled', from: before, to: body.enabled }],
    });
    const user = await trx
      .selectFrom('users')
      .select(['name', 'username'])
      .where('id', '=', principal.userId)
      .executeTakeFirst();
    const who = user ? `${user.name} (${user.username})` : principal.username;
    const verb = body.enabled ? 'started' : 'stopped';
    return deps.mailer.queue(trx, {
      to: deps.config.techTeamEmail,
      subject: `Beacon: platform bidding ${verb}`,
      text: [
        `Platform bidding was ${verb} by ${who} at ${utcMinute(now)}.`,
        '',
        body.enabled
          ? 'The bidder answers bid requests again.'
          : 'The bidder answers no bid request with a bid until someone starts bidding again in the back office.',
        `${deps.config.publicUrl}/backoffice/bidding`,
      ].join('\n'),
    });
  });
  await email?.deliver();
  return readBiddingState(deps.db);
};
