import type { UserRole } from '@beacon/domain/dictionary/roles';
import type { HistoryActor } from '../modules/history/history.service';
import { createOrganization } from '../modules/organizations/organizations.service';
import { createUser } from '../modules/users/users.service';
import type { TestContext } from './test-app';

export const SEED_ACTOR: HistoryActor = { userId: null, impersonatorUserId: null };

export type Account = {
  id: string;
  organizationId: string;
  username: string;
  email: string;
  password: string;
};

let sequence = 0;
/** A suffix no other factory call in this process returns. */
export const uniqueSuffix = (): string => {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 8)}`;
};

/** A fresh user (in a fresh organization unless one is given), so that no scenario shares state with another. */
export const createAccount = async (
  ctx: TestContext,
  options: { role?: UserRole; organizationId?: string; passwordChangedAt?: Date; prefix?: string } = {},
): Promise<Account> => {
  const suffix = uniqueSuffix();
  const prefix = options.prefix ?? 'test';
  const organizationId =
    options.organizationId ??
    (
      await createOrganization(
        ctx.db,
        { name: `Org ${prefix} ${suffix}`, role: 'regular', country: 'GB' },
        SEED_ACTOR,
      )
    ).id;
  const username = `${prefix}_${suffix}`;
  const email = `${username}@example.com`;
  const password = `Pass-${suffix}-1`;
  const user = await createUser(
    ctx.db,
    {
      organizationId,
      username,
      email,
      name: `User ${prefix} ${suffix}`,
      role: options.role ?? 'owner',
      password,
      passwordChangedAt: options.passwordChangedAt ?? ctx.clock.now(),
    },
    SEED_ACTOR,
  );
  return { id: user.id, organizationId, username, email, password };
};
