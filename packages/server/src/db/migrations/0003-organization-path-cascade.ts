import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The subtree cascade of 0001 was declared `AFTER UPDATE OF path`. PostgreSQL fires such a trigger only when
 * `path` is a target of the UPDATE statement, not when a BEFORE trigger changes it, so moving an organization
 * (`SET parent_id = …`) rewrote its own path but left its descendants' stale. The cascade now fires on any
 * update and its WHEN clause checks the actual change.
 */
export const up = async <DB>(db: Kysely<DB>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP TRIGGER organizations_path_cascade ON organizations;
    CREATE TRIGGER organizations_path_cascade AFTER UPDATE ON organizations
      FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path AND OLD.path <> '') EXECUTE FUNCTION organizations_cascade_path();
    -- Repair paths left stale by moves made before this migration.
    WITH RECURSIVE tree AS (
      SELECT id, id::text || '/' AS path FROM organizations WHERE parent_id IS NULL
      UNION ALL
      SELECT o.id, tree.path || o.id::text || '/' FROM organizations o JOIN tree ON o.parent_id = tree.id
    )
    UPDATE organizations o SET path = tree.path FROM tree WHERE o.id = tree.id AND o.path <> tree.path;
  `,
  );
};

export const down = async <DB>(db: Kysely<DB>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP TRIGGER organizations_path_cascade ON organizations;
    CREATE TRIGGER organizations_path_cascade AFTER UPDATE OF path ON organizations
      FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path AND OLD.path <> '') EXECUTE FUNCTION organizations_cascade_path();
  `,
  );
};
