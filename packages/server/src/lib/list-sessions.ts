/**
 * ListSessions for the drivers Beacon runs on: the embedded database's dialect runs every statement in turn in
 * one session, PostgreSQL's does not. The only list file that imports a driver.
 */
import { runsInOneSession } from '../db/pglite-worker-dialect';
import type { ListSessions } from './list-database';

export const driverSessions: ListSessions = { runsInOneSession };
