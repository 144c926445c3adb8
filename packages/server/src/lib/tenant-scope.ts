import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from '../app-types';

/**
 * What part of the organization tree a caller may see: its own organization and descendants, or all of it
 * for the operator's staff. Every repository function that reads tenant data takes one.
 */
export type TenantScope = { kind: 'all' } | { kind: 'subtree'; organizationId: string; path: string };

export const scopeOf = (principal: Principal): TenantScope =>
  principal.isOperatorStaff
    ? { kind: 'all' }
    : { kind: 'subtree', organizationId: principal.organizationId, path: principal.organizationPath };

/** A condition on an organizations row's `path` column that keeps only organizations inside the scope. */
export const organizationPathInScope = (
  scope: TenantScope,
  pathColumn: Expression<string>,
): Expression<SqlBool> =>
  scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`${pathColumn} LIKE ${`${scope.path}%`}`;
