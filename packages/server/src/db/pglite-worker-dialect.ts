import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryExecutorProvider,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * The embedded database on a thread of its own (decision 013). PGlite runs in a worker thread
 * (pglite-worker.mjs), so that executing queries and turning rows into values no longer queues every other
 * request behind it on the HTTP thread. Rows cross as arrays and become objects here.
 */

export type PGliteWorkerOptions = {
  /** undefined keeps the database in memory. */
  dataDir: string | undefined;
  /** A dumped data directory to start a new database from: a file the worker reads, or its bytes. */
  templateFile?: string | undefined;
  template?: Blob | undefined;
  /** The worker's script; tests wrap it to see what a crash of the thread does. */
  workerUrl?: URL;
};

/** Where the worker thread's script is: next to this module in the sources, next to main.js in the bundle. */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

type WorkerError = {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  detail?: string;
  [field: string]: unknown;
};

type WorkerReply =
  | { ready: true }
  | { startFailed: WorkerError }
  | { id: number; closed: true }
  | { id: number; error: WorkerError }
  | { id: number; fields: string[]; rows: unknown[][]; affectedRows?: number };

/** A PostgreSQL error from the worker, with the properties callers read (`code`, `constraint`, `detail`…). */
class EmbeddedDatabaseError extends Error {
  readonly code?: string;
  readonly constraint?: string;
  readonly detail?: string;

  constructor(serialized: WorkerError) {
    super(serialized.message);
    const { name: _name, message: _message, stack, ...fields } = serialized;
    Object.assign(this, fields);
    this.name = 'EmbeddedDatabaseError';
    // Where the query was sent from is what matters here; the worker's own frames follow it.
    if (stack) this.stack = `${this.stack}\n    in the embedded database thread:\n${stack}`;
  }
}

const toObjects = (fields: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] =>
  rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index += 1) {
      row[fields[index] as string] = values[index];
    }
    return row;
  });

type Pending = { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void };

/**
 * The worker thread and its messages. While a query waits for its answer the worker keeps the process alive
 * (a command like `migrate` would otherwise end mid-query); when nothing waits it does not, as PGlite on the
 * main thread never did.
 */
class PGliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #exited: Promise<void>;
  readonly ready: Promise<void>;
  /** Settles `ready`; undefined once the worker has answered that PGlite is open (or failed). */
  #starting: Pending | undefined;
  #nextId = 1;
  #failure: Error | undefined;
  #closing = false;
  readonly #dataDir: string | undefined;

  constructor(options: PGliteWorkerOptions, template: ArrayBuffer | undefined) {
    this.#dataDir = options.dataDir;
    this.#worker = new Worker(options.workerUrl ?? WORKER_URL, {
      workerData: { dataDir: options.dataDir, templateFile: options.templateFile, template },
      transferList: template ? [template] : [],
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.#starting = { resolve: () => resolve(), reject };
    });
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.on('message', (reply: WorkerReply) => this.#receive(reply));
    this.#worker.on('error', (error) => {
      this.#fail(new Error(`The embedded database stopped: ${error.message}`, { cause: error }));
    });
    this.#worker.on('messageerror', (error) => {
      this.#fail(new Error(`The embedded database sent an unreadable answer: ${error.message}`));
    });
    this.#worker.on('exit', (code) => {
      if (!this.#closing)
        this.#fail(new Error(`The embedded database stopped (its thread exited, code ${code})`));
    });
  }

  #receive(reply: WorkerReply): void {
    if ('ready' in reply) {
      this.#starting?.resolve(reply);
      this.#starting = undefined;
      if (this.#pending.size === 0) this.#worker.unref();
      return;
    }
    if ('startFailed' in reply) {
      const where = this.#dataDir ? ` in ${this.#dataDir}` : '';
      const { message } = reply.startFailed;
      this.#fail(
        new EmbeddedDatabaseError({
          ...reply.startFailed,
          message: `The embedded database${where} could not be opened: ${message}`,
        }),
      );
      return;
    }
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    // While closing, the thread keeps the process alive until it has ended (a command's last words).
    if (this.#pending.size === 0 && !this.#starting && !this.#closing) this.#worker.unref();
    if (!pending) return;
    if ('error' in reply) pending.reject(new EmbeddedDatabaseError(reply.error));
    else pending.resolve(reply);
  }

  /** Every query waiting, and every later one, fails with the reason the worker stopped. */
  #fail(error: Error): void {
    this.#failure ??= error;
    this.#starting?.reject(error);
    this.#starting = undefined;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #send(message: { sql: string; params: readonly unknown[] } | { close: true }): Promise<WorkerReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing && !('close' in message)) {
      return Promise.reject(new Error('The embedded database is closed'));
    }
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise<WorkerReply>((resolve, reject) => {
      // Posted first: a parameter that cannot cross the thread throws here and leaves nothing waiting.
      this.#worker.postMessage({ id, ...message });
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  async query<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.#send({ sql: compiled.sql, params: compiled.parameters });
    if (!('rows' in reply)) throw new Error('The embedded database answered a query without rows');
    const rows = toObjects(reply.fields, reply.rows) as R[];
    // As kysely-pglite-dialect: a count of affected rows only when there is one.
    return reply.affectedRows ? { rows, numAffectedRows: BigInt(reply.affectedRows) } : { rows };
  }

  /** Closes PGlite (a clean shutdown: everything is on disk afterwards), then lets the thread end. */
  async close(): Promise<void> {
    if (this.#closing) return this.#exited;
    if (this.#failure) {
      this.#closing = true;
      await this.#worker.terminate();
      return;
    }
    const closed = this.#send({ close: true });
    this.#closing = true;
    try {
      await closed;
    } finally {
      const timeout = setTimeout(() => void this.#worker.terminate(), 5_000);
      await this.#exited;
      clearTimeout(timeout);
    }
  }
}

class PGliteWorkerConnection implements DatabaseConnection {
  readonly #driver: PGliteWorkerDriver;

  constructor(driver: PGliteWorkerDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute<R>(this, compiledQuery);
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0)
      throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let index = 0; index < rows.length; index += chunkSize) {
      yield { rows: rows.slice(index, index + chunkSize) };
    }
  }
}

/**
 * PGlite has one session, so a transaction must own it from BEGIN to COMMIT or ROLLBACK (decision 032): while
 * one runs, statements of every other connection wait, and so does every other BEGIN. Whether a statement may
 * go is decided and the statement posted in the same synchronous step, never across an `await`: a check that
 * resolved in one microtask and a post in a later one let a second BEGIN, or a statement of another request,
 * into a transaction that had taken the session in between. Waiters are let through in the order they came;
 * a BEGIN among them takes the session and the ones after it wait again. Outside transactions statements do
 * not wait for each other's answers: they are posted at once and the worker runs them in the order they
 * arrive, so it always has the next one at hand.
 */
class PGliteWorkerDriver implements Driver {
  readonly #client: PGliteWorkerClient;
  #transactionOwner: PGliteWorkerConnection | undefined;
  /** Statements and BEGINs of other connections that came while a transaction held the session, in order. */
  readonly #waiting: { connection: PGliteWorkerConnection; begins: boolean; go: () => void }[] = [];

  constructor(client: PGliteWorkerClient) {
    this.#client = client;
  }

  init(): Promise<void> {
    return this.#client.ready;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteWorkerConnection(this);
  }

  #mayGo(connection: PGliteWorkerConnection): boolean {
    return this.#transactionOwner === undefined || this.#transactionOwner === connection;
  }

  /**
   * Runs `send` as soon as `connection` may use the session: at once, in this synchronous step, when no other
   * connection's transaction holds it; otherwise after that transaction ends, in the order of arrival. When
   * `begins`, the connection takes the session in the same step as it sends its BEGIN.
   */
  #inTurn<T>(connection: PGliteWorkerConnection, begins: boolean, send: () => Promise<T>): Promise<T> {
    const go = () => {
      if (begins) this.#transactionOwner = connection;
      return send();
    };
    if (this.#mayGo(connection) && this.#waiting.length === 0) return go();
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ connection, begins, go: () => go().then(resolve, reject) });
    });
  }

  /** Lets the waiting through in order, until one of them begins a transaction (and so takes the session). */
  #letWaitingThrough(): void {
    while (this.#waiting.length > 0) {
      const next = this.#waiting[0];
      if (!next || !this.#mayGo(next.connection)) return;
      this.#waiting.shift();
      next.go();
    }
  }

  #endTransaction(connection: PGliteWorkerConnection): void {
    if (this.#transactionOwner !== connection) return;
    this.#transactionOwner = undefined;
    this.#letWaitingThrough();
  }

  execute<R>(connection: PGliteWorkerConnection, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A transaction's own statements never queue behind the connections waiting for it to end.
    if (this.#transactionOwner === connection) return this.#client.query<R>(compiledQuery);
    return this.#inTurn(connection, false, () => this.#client.query<R>(compiledQuery));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const owner = connection as PGliteWorkerConnection;
    const words = ['start transaction'];
    if (settings.isolationLevel) words.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) words.push(settings.accessMode);
    const begin = CompiledQuery.raw(words.length > 1 ? words.join(' ') : 'begin');
    try {
      await this.#inTurn(owner, true, () => this.#client.query(begin));
    } catch (error) {
      this.#endTransaction(owner);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#client.query(CompiledQuery.raw('commit'));
    } finally {
      this.#endTransaction(connection as PGliteWorkerConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#client.query(CompiledQuery.raw('rollback'));
    } finally {
      this.#endTransaction(connection as PGliteWorkerConnection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction always ends with commit or rollback first; this only guards against a leak.
    this.#endTransaction(connection as PGliteWorkerConnection);
  }

  destroy(): Promise<void> {
    return this.#client.close();
  }
}

/**
 * PostgreSQL's adapter, for a database whose statements all run in turn in one session: a statement never runs
 * while another connection's transaction is open, so what one statement sees no later statement can miss.
 */
class OneSessionAdapter extends PostgresAdapter {}

/** Whether `db` (a Kysely instance or transaction) runs every statement in turn in one session: PGlite. */
export const runsInOneSession = (db: QueryExecutorProvider): boolean =>
  db.getExecutor().adapter instanceof OneSessionAdapter;

export class PGliteWorkerDialect implements Dialect {
  readonly #client: PGliteWorkerClient;

  constructor(client: PGliteWorkerClient) {
    this.#client = client;
  }

  createAdapter(): DialectAdapter {
    return new OneSessionAdapter();
  }

  createDriver(): Driver {
    return new PGliteWorkerDriver(this.#client);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes a Kysely of any database.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/**
 * Starts the worker and opens PGlite in it; rejects with PGlite's own error when that fails. With
 * `waitUntilOpen: false` it answers at once, while PGlite opens in its thread: the first statement waits for it
 * (the driver's `init`) and fails with that error, so that a start can do other work meanwhile (decision 031).
 */
export const startPGliteWorker = async (
  options: PGliteWorkerOptions,
  { waitUntilOpen = true }: { waitUntilOpen?: boolean } = {},
): Promise<PGliteWorkerDialect> => {
  const template = options.template ? await options.template.arrayBuffer() : undefined;
  const client = new PGliteWorkerClient(options, template);
  if (waitUntilOpen) await client.ready;
  // Answered through the first statement instead; not an unhandled rejection before it is sent.
  else client.ready.catch(() => undefined);
  return new PGliteWorkerDialect(client);
};
