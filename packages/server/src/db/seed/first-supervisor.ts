import { AppError } from '../../lib/app-error';
import { createOrganization, isDatabaseEmpty } from '../../modules/organizations/organizations.service';
import { createUser } from '../../modules/users/users.service';
import type { Db } from '../database';
import { syncOrganizationIds } from './demo';

export type FirstSupervisorInput = {
  organizationName: string;
  username: string;
  email: string;
  name: string;
  password: string;
};

/** Creates the operator's organization and its first supervisor on a fresh production database. */
export const createFirstSupervisor = async (
  db: Db,
  input: FirstSupervisorInput,
  options: { operatorOrganizationId: number },
): Promise<{ organizationId: string; userId: string }> =>
  db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) {
      throw new AppError('DATABASE_NOT_EMPTY', {
        message:
          'The database already has organizations: the first supervisor can only be created on an empty one',
      });
    }
    const actor = { userId: null, impersonatorUserId: null };
    const organization = await createOrganization(
      trx,
      { id: options.operatorOrganizationId, name: input.organizationName, role: 'regular' },
      actor,
    );
    await syncOrganizationIds(trx);
    const user = await createUser(
      trx,
      {
        organizationId: organization.id,
        username: input.username,
        email: input.email,
        name: input.name,
        role: 'supervisor',
        password: input.password,
      },
      actor,
    );
    return { organizationId: organization.id, userId: user.id };
  });
