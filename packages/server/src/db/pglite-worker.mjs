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

/**
 * PGlite's query() makes six calls into PostgreSQL for one statement (parse, describe, bind, describe,
 * execute, sync) to learn the parameters' types first. The extended protocol does not need that: parse, bind,
 * describe, execute and sync go as one message, and the rows are parsed with PGlite's own parsers. The
 * streaming call hands over the parsed messages without keeping a copy of the raw answer. About a third less
 * work than query() for a page of 32 organizations.
 */
const runStatement = async (pglite, sql, params) => {
  const messages = await pglite.execProtocolStream(
    concat([
      serialize.parse({ text: sql }),
      serialize.bind({ values: params.map(toParameter) }),
      DESCRIBE_PORTAL,
      EXECUTE,
      SYNC,
    ]),
  );
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
      port.postMessage({ id: message.id, ...(await runStatement(pglite, message.sql, message.params)) });
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
