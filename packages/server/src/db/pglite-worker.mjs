// The embedded database's thread (decision 013): PGlite runs here, so that executing a statement and turning its
// rows into values never holds up the server's HTTP thread. Plain JavaScript so that a worker thread runs it as
// it is, from the sources (tests) and as dist/pglite-worker.mjs next to the bundle.
//
// Started by pglite-worker-dialect.ts with workerData `{ dataDir, templateFile, template }`; answers
// `{ id, sql, params }` with `{ id, fields, rows, affectedRows }` (each row an array in the order of `fields`)
// or `{ id, error }`, and `{ id, close: true }` by closing PGlite, which leaves everything on disk.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol, types } from '@electric-sql/pglite';
import { inlineValues, MAX_PREPARED_STATEMENTS, PLAN_PER_VALUES, PREPARABLE } from './statement-naming.mjs';

/** The properties of a PostgreSQL error that callers read (`code`, `constraint`…), kept across the thread. */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];

const serializeError = (error) => {
  if (!(error instanceof Error)) {
    // Emscripten's file system throws plain objects, e.g. { name: 'ErrnoError', errno: 54 }.
    if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
    const { name = 'Error', ...fields } = error;
    const detail = Object.entries(fields)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
    return { name: String(name), message: detail ? `${String(name)} (${detail})` : String(name) };
  }
  const serialized = { name: error.name, message: error.message, stack: error.stack };
  for (const field of ERROR_FIELDS) {
    if (error[field] !== undefined) serialized[field] = error[field];
  }
  return serialized;
};

// ---------------------------------------------------------------------------------------------------------
// One statement in one call into PostgreSQL

/**
 * A parameter as text, the way node-postgres sends it (so both engines read parameters alike): PostgreSQL
 * infers each parameter's type from the statement and parses the text. Dates go as ISO instants, arrays as
 * array literals, other objects as JSON, bytes as binary.
 */
const toParameter = (value) => {
  if (value === null || value === undefined) return null;
  if (ArrayBuffer.isView(value)) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const arrayElement = (value) => {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return arrayLiteral(value);
  const text = ArrayBuffer.isView(value)
    ? `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
    : toParameter(value);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
};

const arrayLiteral = (values) => `{${values.map(arrayElement).join(',')}}`;

const { serialize } = protocol;
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

const concat = (parts) => {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
};

/** What a command tag says it changed ("INSERT 0 3", "UPDATE 2"…), as PGlite counts it. */
const affectedRowsOf = (tag) => {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second, 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') {
    return Number.parseInt(first, 10);
  }
  return 0;
};

/** Reads the answer of one protocol exchange: its rows parsed with PGlite's own parsers. */
const readAnswer = (pglite, messages) => {
  let fields = [];
  let typeIds = [];
  const rows = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const row = new Array(message.fields.length);
      for (let index = 0; index < row.length; index += 1) {
        row[index] = types.parseType(message.fields[index], typeIds[index], pglite.parsers);
      }
      rows.push(row);
    } else if (message.name === 'rowDescription') {
      fields = message.fields.map((field) => field.name);
      typeIds = message.fields.map((field) => field.dataTypeID);
    } else if (message.name === 'commandComplete') {
      affectedRows += affectedRowsOf(message.text);
    }
  }
  return { fields, rows, affectedRows };
};

/**
 * Prepared statements, by their text. The server sends the same few hundred statements over and over (Kysely
 * builds them from the same code with the values as parameters), so each is parsed and analysed once and only
 * bound and executed afterwards. Plans are still made for each execution's values (`plan_cache_mode` is
 * `force_custom_plan`): a generic plan cannot use an index for `path LIKE $1`, a custom one can. A statement
 * marked PLAN_PER_VALUES is prepared with its values written in, so its plan (made for those values) is kept
 * and the same question is not planned again (decision 029). Schema changes (migrations) drop them all; the
 * least recently used one goes when there are too many.
 */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop|truncate|comment|grant|revoke|reindex)\b/i;

const createStatementCache = () => {
  const names = new Map();
  let counter = 0;
  return {
    /** The prepared name of a statement, or null when it must be parsed (and named) in this exchange. */
    find(sql) {
      const name = names.get(sql);
      if (name === undefined) return null;
      names.delete(sql);
      names.set(sql, name);
      return name;
    },
    nextName: () => {
      counter += 1;
      return `b${counter}`;
    },
    remember(sql, name) {
      names.set(sql, name);
    },
    /** Names to close so that the cache keeps its size once `incoming` more are added. */
    evictions(incoming) {
      const closing = [];
      for (const [sql, name] of names) {
        if (names.size + incoming - closing.length <= MAX_PREPARED_STATEMENTS) break;
        closing.push(name);
        names.delete(sql);
      }
      return closing;
    },
    clear() {
      const all = [...names.values()];
      names.clear();
      return all;
    },
  };
};

const closeStatements = (names) => names.map((name) => serialize.close({ type: 'S', name }));

/**
 * One statement in one call into PostgreSQL: PGlite's query() makes six (parse, describe, bind, describe,
 * execute, sync) to learn the parameters' types first. The extended protocol does not need that: parse (the
 * first time only), bind, describe, execute and sync go as one message. The streaming call hands over the
 * parsed messages without keeping a copy of the raw answer.
 */
const runStatement = async (pglite, cache, sql, params) => {
  const values = params.map(toParameter);
  if (values.length > 0 && sql.startsWith(PLAN_PER_VALUES)) {
    // Planned once for these values (decision 029): the text with its values is prepared and its plan kept.
    const inlined = inlineValues(sql, values);
    if (inlined !== null) return runStatement(pglite, cache, inlined, []);
  }
  if (!PREPARABLE.test(sql)) {
    const answer = readAnswer(
      pglite,
      await pglite.execProtocolStream(
        concat([serialize.parse({ text: sql }), serialize.bind({ values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      ),
    );
    if (SCHEMA_CHANGE.test(sql)) {
      const closing = cache.clear();
      if (closing.length > 0) await pglite.execProtocolStream(concat([...closeStatements(closing), SYNC]));
    }
    return answer;
  }
  const known = cache.find(sql);
  const name = known ?? cache.nextName();
  const parts = known ? [] : [...closeStatements(cache.evictions(1)), serialize.parse({ name, text: sql })];
  parts.push(serialize.bind({ statement: name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC);
  try {
    const answer = readAnswer(pglite, await pglite.execProtocolStream(concat(parts)));
    if (!known) cache.remember(sql, name);
    return answer;
  } catch (error) {
    // A statement that failed the first time may or may not exist: close it (closing none is no error).
    if (!known) await pglite.execProtocolStream(concat([...closeStatements([name]), SYNC]));
    throw error;
  }
};

// ---------------------------------------------------------------------------------------------------------
// The thread

const template = () => {
  if (workerData.template) return new Blob([workerData.template]);
  if (workerData.templateFile) return new Blob([readFileSync(workerData.templateFile)]);
  return undefined;
};

const port = parentPort;
try {
  const pglite = await PGlite.create({
    dataDir: workerData.dataDir,
    // bigint (int8) stays a string, as node-postgres returns it, so ids and micro-unit amounts keep every digit.
    parsers: { [types.INT8]: (value) => value },
    loadDataDir: template(),
  });
  // Literals written by inlineValues rely on standard_conforming_strings (a backslash is an ordinary character).
  await pglite.exec('SET plan_cache_mode = force_custom_plan; SET standard_conforming_strings = on');
  const cache = createStatementCache();
  const answer = async (message) => {
    if (message.close) {
      try {
        await pglite.close();
        port.postMessage({ id: message.id, closed: true });
      } catch (error) {
        port.postMessage({ id: message.id, error: serializeError(error) });
      }
      port.close();
      return;
    }
    try {
      port.postMessage({
        id: message.id,
        ...(await runStatement(pglite, cache, message.sql, message.params)),
      });
    } catch (error) {
      port.postMessage({ id: message.id, error: serializeError(error) });
    }
  };
  // One message at a time, in the order they came: a transaction's statements follow its BEGIN.
  let previous = Promise.resolve();
  port.on('message', (message) => {
    previous = previous.then(() => answer(message));
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ startFailed: serializeError(error) });
  port.close();
}
