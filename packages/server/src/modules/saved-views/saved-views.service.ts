import {
  MAX_SAVED_VIEWS_PER_GRID,
  type TSavedView,
  type TSavedViewState,
  ZSavedViewState,
} from '@beacon/domain/api/saved-views';
import type { Deps, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import {
  countSavedViews,
  deleteSavedView,
  findSavedView,
  insertSavedView,
  listSavedViews,
  lockUser,
  nameTaken,
  updateSavedView,
} from './saved-views.repo';

/**
 * Saved views (docs/api.md "Saved views"): each belongs to the user who saved it, whoever else asks. A view
 * of someone else answers 404 like one that does not exist, so ids tell nothing about other users.
 */

type StoredView = {
  id: string;
  grid: string;
  name: string;
  state: unknown;
  created_at: Date;
  updated_at: Date;
};

/** A state stored before the schema grew reads with the schema's defaults. */
const toView = (row: StoredView): TSavedView => {
  const state = ZSavedViewState.safeParse(row.state);
  return {
    id: Number(row.id),
    grid: row.grid,
    name: row.name,
    state: state.success ? state.data : ZSavedViewState.parse({}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
};

/** The unique index of migration 0019 refusing a concurrent save the check could not see. */
const isNameClash = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === 'saved_views_user_grid_name_key';

const nameTakenError = () =>
  new AppError('SAVED_VIEW_NAME_TAKEN', {
    details: [{ path: 'name', message: new AppError('SAVED_VIEW_NAME_TAKEN').message }],
  });

const withNameClash = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isNameClash(error)) throw nameTakenError();
    throw error;
  }
};

export const savedViewsOf = async (deps: Deps, principal: Principal, grid: string): Promise<TSavedView[]> =>
  (await listSavedViews(deps.db, principal.userId, grid)).map(toView);

export const createSavedView = (
  deps: Deps,
  principal: Principal,
  input: { grid: string; name: string; state: TSavedViewState },
): Promise<TSavedView> =>
  withNameClash(() =>
    deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, principal.userId);
      if (await nameTaken(trx, { userId: principal.userId, grid: input.grid, name: input.name })) {
        throw nameTakenError();
      }
      if ((await countSavedViews(trx, principal.userId, input.grid)) >= MAX_SAVED_VIEWS_PER_GRID) {
        throw new AppError('SAVED_VIEWS_LIMIT_REACHED');
      }
      return toView(await insertSavedView(trx, { userId: principal.userId, ...input }));
    }),
  );

export const changeSavedView = (
  deps: Deps,
  principal: Principal,
  id: string,
  input: { name?: string | undefined; state?: TSavedViewState | undefined },
): Promise<TSavedView> =>
  withNameClash(() =>
    deps.db.transaction().execute(async (trx) => {
      const current = await findSavedView(trx, principal.userId, id);
      if (!current) throw new AppError('NOT_FOUND');
      if (
        input.name !== undefined &&
        (await nameTaken(trx, {
          userId: principal.userId,
          grid: current.grid,
          name: input.name,
          exceptId: id,
        }))
      ) {
        throw nameTakenError();
      }
      const updated = await updateSavedView(trx, principal.userId, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.state === undefined ? {} : { state: input.state }),
        now: deps.clock.now(),
      });
      if (!updated) throw new AppError('NOT_FOUND');
      return toView(updated);
    }),
  );

export const removeSavedView = async (deps: Deps, principal: Principal, id: string): Promise<void> => {
  if (!(await deleteSavedView(deps.db, principal.userId, id))) throw new AppError('NOT_FOUND');
};
