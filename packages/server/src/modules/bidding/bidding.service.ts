import { canSwitchBidding } from '@beacon/domain/access/permissions';
import type { TBiddingState, TBiddingUpdate } from '@beacon/domain/api/exchanges';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { BIDDING_ENABLED_SETTING, readBiddingEnabled, writeBiddingEnabled } from '../../engine/bidder-state';
import { AppError } from '../../lib/app-error';
import { assertOperatorStaff } from '../exchanges/exchanges.service';
import { actorOf, latestHistoryEntry, recordHistory } from '../history/history.service';
import { findUserById } from '../users/users.service';

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
    latestHistoryEntry(db, BIDDING_ENTITY, BIDDING_ENABLED_SETTING),
  ]);
  const actor = last?.actor_user_id ? await findUserById(db, last.actor_user_id) : undefined;
  return {
    enabled,
    changed_at: last?.created_at.toISOString() ?? null,
    changed_by: actor ? { id: Number(actor.id), name: actor.name, username: actor.username } : null,
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
    await writeBiddingEnabled(trx, body.enabled);
    await recordHistory(trx, {
      entity: BIDDING_ENTITY,
      entityId: BIDDING_ENABLED_SETTING,
      organizationId: null,
      action: body.enabled ? 'start' : 'stop',
      actor: actorOf(principal),
      changes: [{ field: 'enabled', from: before, to: body.enabled }],
    });
    const user = await findUserById(trx, principal.userId);
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
