/**
 * The hostile requests of the fuzz suite (fuzz.test.ts, decision 036), generated from the served OpenAPI
 * document: for each operation a plausible request built from its schemas, then that request spoiled one
 * place at a time. Every choice comes from a seeded generator, so a run repeats exactly.
 */

type JsonSchema = { readonly [keyword: string]: unknown };
type Parameter = { readonly name: string; readonly in: string; readonly schema?: unknown };
type Operation = {
  readonly description?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: unknown }>> };
};
export type OpenApiDocument = {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const METHODS: Readonly<Record<string, Method>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  delete: 'DELETE',
  patch: 'PATCH',
};
const CALLERS = ['anonymous', 'viewer', 'owner', 'supervisor'] as const;
export type Caller = (typeof CALLERS)[number];

export type HostileRequest = {
  /** `METHOD /path/template`: the requests of one operation follow each other. */
  readonly operation: string;
  readonly method: Method;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
  /** What was spoiled, for the failure list. */
  readonly label: string;
};

export type PlannedRequest = { readonly request: HostileRequest; readonly callers: readonly Caller[] };

/** mulberry32: small, seeded, good enough to pick among a few values. */
const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;
const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.filter(isSchema) : []);

const HUGE_TEXT = 'x'.repeat(100_000);
const NUL_TEXT = 'a\u0000b';
const SURROGATE_TEXT = 'S \ud800';

/** Values any JSON field may receive; strings get NUL and a lone surrogate every time (the known breakers). */
const HOSTILE_VALUES: readonly { readonly label: string; readonly value: unknown }[] = [
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: 'huge string', value: HUGE_TEXT },
  { label: 'number text', value: '1e308' },
  { label: 'bad date', value: '2026-02-30' },
  { label: 'bad instant', value: '2026-13-45T99:99:99Z' },
  { label: 'emoji', value: '😀' },
  { label: 'sql', value: "'; DROP TABLE users; --" },
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '2^63', value: 2 ** 63 },
  { label: '2^31', value: 2 ** 31 },
  { label: 'fraction', value: 1.5 },
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'empty array', value: [] },
  { label: 'array of null', value: [null] },
  { label: 'array of huge numbers', value: [1e308, 2 ** 63] },
  { label: 'empty object', value: {} },
  { label: 'object', value: { unknown: 1 } },
];

/** Query values, as a query string carries them (already encoded). */
const HOSTILE_QUERY_VALUES: readonly string[] = [
  '',
  '%00',
  `${'x'.repeat(10_000)}`,
  '1e308',
  '-1',
  '9223372036854775808',
  '1.5',
  'abc',
  '%ED%A0%80',
  '%ZZ',
  '2026-02-30',
];

/** Filters of docs/architecture.md (`field[operator]=value`) on fields lists have and fields they do not. */
const HOSTILE_FILTERS: readonly string[] = [
  'zzz[eq]=1',
  'id[zz]=1',
  'id[eq]=1e308',
  'id[gt]=9223372036854775808',
  'id[eq]=-1',
  'id[any]=a,b',
  'id[any]=%00',
  'name[eq]=%00',
  'name[contains]=a%00',
  'name[contains]=%ED%A0%80',
  'name[isEmpty]=x',
  'state[any]=',
  'created_at[after]=2026-99-99',
  'created_at[before]=9999999-01-01',
  'start_date[eq]=0000-00-00',
  'budget[gt]=1e308',
  'floor_price[lt]=abc',
  '[eq]=1',
  'name[]=1',
  'name[eq][eq]=1',
  'sort=zzz',
  'sort=-',
  'sort=%00',
  'page=1e308',
  'page=9223372036854775808',
  'limit=-1',
  'limit=1e308',
  'name=1&name=2',
];

const DATE = '2026-12-01';

/** A plausible string for a field: its format, or what its name suggests. */
const plausibleString = (name: string, schema: JsonSchema): string => {
  const format = schema.format;
  if (format === 'date' || /date$/.test(name)) return DATE;
  if (format === 'date-time' || /_at$/.test(name)) return `${DATE}T00:00:00.000Z`;
  if (format === 'email' || name.includes('email')) return 'fuzz@example.com';
  if (format === 'uri' || name.includes('url')) return 'https://example.com/fuzz';
  if (name.includes('password')) return 'Fuzz-pass-1!';
  if (/price|budget|amount|cost/.test(name)) return '1.5';
  if (name.includes('country')) return 'es';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'fuzz'.padEnd(min, 'z');
};

/** A value the schema probably accepts; the fuzz only needs a starting point to spoil. */
const plausibleValue = (schema: unknown, name: string, depth: number): unknown => {
  if (!isSchema(schema) || depth > 6) return null;
  if ('const' in schema) return schema.const;
  const choices = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (choices && choices.length > 0) return choices[0];
  const options = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
  if (options.length > 0) {
    const option = options.find((candidate) => candidate.type !== 'null') ?? options[0];
    return plausibleValue(option, name, depth);
  }
  const allOf = schemaList(schema.allOf);
  if (allOf.length > 0) return plausibleValue(allOf[0], name, depth);
  switch (schema.type) {
    case 'string':
      return plausibleString(name, schema);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: Math.min(count, 3) }, () => plausibleValue(schema.items, name, depth + 1));
    }
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, plausibleValue(property, key, depth + 1)]),
      );
    }
    default:
      return null;
  }
};

type Path = readonly (string | number)[];

/** The places of a value that can be spoiled: every property and array item, leaves and containers. */
const placesOf = (value: unknown, path: Path = []): Path[] => {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...path, index], ...placesOf(item, [...path, index])]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...path, key],
      ...placesOf(item, [...path, key]),
    ]);
  }
  return [];
};

const replaceAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  }
  if (typeof value === 'object' && value !== null && typeof head === 'string') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === head ? replaceAt(item, rest, replacement) : item,
      ]),
    );
  }
  return value;
};

const BOUNDARY = 'fuzzboundary';
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const part = (disposition: string, content: string | Buffer, type?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const truncatedFile = (field: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from('line,1\nline,2\n'),
  ]);

/** The file fields the upload routes read (uploads.ts's `data` convention and each route's own names). */
const FILE_FIELDS = ['file', 'logo', 'avatar', 'asset', 'companion', 'icon'];

const multipartCases = (): { label: string; type: string; payload: Buffer }[] => [
  { label: 'multipart without boundary', type: 'multipart/form-data', payload: Buffer.from('garbage') },
  {
    label: 'multipart with empty boundary',
    type: 'multipart/form-data; boundary=',
    payload: Buffer.from('x'),
  },
  { label: 'multipart without its boundary', type: MULTIPART_TYPE, payload: Buffer.from('no parts here') },
  { label: 'multipart empty', type: MULTIPART_TYPE, payload: Buffer.alloc(0) },
  { label: 'multipart closing only', type: MULTIPART_TYPE, payload: closing },
  {
    label: 'multipart part without disposition',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n`), closing]),
  },
  ...FILE_FIELDS.slice(0, 3).map((field) => ({
    label: `multipart truncated ${field} before data`,
    type: MULTIPART_TYPE,
    payload: Buffer.concat([truncatedFile(field)]),
  })),
  ...FILE_FIELDS.map((field) => ({
    label: `multipart data then truncated ${field}`,
    type: MULTIPART_TYPE,
    payload: Buffer.concat([part('name="data"', '{"name":"fuzz"}'), truncatedFile(field)]),
  })),
  ...FILE_FIELDS.map((field) => ({
    label: `multipart ${field} before data`,
    type: MULTIPART_TYPE,
    payload: Buffer.concat([
      part(`name="${field}"; filename="a.png"`, PNG_SIGNATURE, 'image/png'),
      part('name="data"', '{"name":"fuzz"}'),
      closing,
    ]),
  })),
  {
    label: 'multipart NUL in data',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([
      part('name="data"', '{"name":"a\\u0000","commits_not_to_rebuild":true}'),
      closing,
    ]),
  },
  {
    label: 'multipart surrogate in data',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([part('name="data"', '{"name":"S \\ud800"}'), closing]),
  },
  {
    label: 'multipart NUL in file name',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([
      part('name="data"', '{"commits_not_to_rebuild":true}'),
      part('name="file"; filename="a\u0000.csv"', 'id\n1\n', 'text/csv'),
      closing,
    ]),
  },
  {
    label: 'multipart malformed data',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([part('name="data"', '{"name":'), closing]),
  },
  {
    label: 'multipart unknown field',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([part('name="zzz"', 'x'), closing]),
  },
  {
    label: 'multipart too many fields',
    type: MULTIPART_TYPE,
    payload: Buffer.concat([
      ...Array.from({ length: 20 }, (_, index) => part(`name="f${index}"`, 'x')),
      closing,
    ]),
  },
];

/** Malformed or surprising whole JSON bodies. */
const BODY_CASES: readonly {
  readonly label: string;
  readonly payload: string | undefined;
  readonly type?: string;
}[] = [
  { label: 'no body', payload: undefined },
  { label: 'empty JSON body', payload: '', type: 'application/json' },
  { label: 'malformed JSON', payload: '{"name":', type: 'application/json' },
  { label: 'JSON null', payload: 'null', type: 'application/json' },
  { label: 'JSON array', payload: '[]', type: 'application/json' },
  { label: 'JSON string', payload: '"x"', type: 'application/json' },
  { label: 'JSON 1e999', payload: '1e999', type: 'application/json' },
  { label: 'empty object', payload: '{}', type: 'application/json' },
  { label: 'NUL key', payload: '{"a\\u0000":1}', type: 'application/json' },
  { label: '__proto__', payload: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { label: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { label: 'text body', payload: 'name=x', type: 'text/plain' },
  { label: 'form body', payload: 'name=%00', type: 'application/x-www-form-urlencoded' },
  { label: 'body over the limit', payload: `{"name":"${'x'.repeat(1_100_000)}"}`, type: 'application/json' },
];

/** Path parameter values besides NUL (always sent) and a small id that may exist. */
const HOSTILE_PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  '1e308',
  '9223372036854775808',
  'abc',
  '%ED%A0%80',
  'x'.repeat(200),
];

const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

/** Operations that end the sessions the suite calls with are sent last (DELETEs and logout). */
const isDestructive = (method: string, path: string) => method === 'delete' || path === '/api/logout';

/**
 * Every hostile request of the document, grouped by operation, destructive operations last. Each request is
 * sent as one or more callers: all of them for the plausible request, a seeded choice for the spoiled ones.
 */
export const hostileRequestsOf = (
  document: OpenApiDocument,
  {
    seed,
    pathId = () => undefined,
  }: {
    readonly seed: number;
    /** A real id for a path parameter where `1` would not reach the handler (e.g. an audience that takes uploads). */
    readonly pathId?: (path: string, parameter: string) => string | undefined;
  },
): PlannedRequest[] => {
  const random = seededRandom(seed);
  /** `count` items drawn without repetition. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const left = [...items];
    return Array.from({ length: Math.min(count, items.length) }).flatMap(() =>
      left.splice(Math.floor(random() * left.length), 1),
    );
  };
  const entitled = (): Caller[] => (random() < 0.5 ? ['supervisor'] : ['owner']);
  const anyone = (): Caller[] => sample(CALLERS, 1);

  const operations = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    )
    .sort((a, b) => Number(isDestructive(a.method, a.path)) - Number(isDestructive(b.method, b.path)));

  const planned: PlannedRequest[] = [];
  for (const { path, method, operation } of operations) {
    const upper = METHODS[method];
    if (!upper) continue;
    const name = `${upper} ${path}`;
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === 'path');
    const queryParams = parameters.filter((parameter) => parameter.in === 'query');
    const isList = queryParams.some((parameter) => parameter.name === 'page');
    const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
    const hasBody = upper === 'POST' || upper === 'PUT' || upper === 'PATCH';
    // A body that is one of several shapes (a login by password or by simulation grant) is spoiled in each.
    const bodyShapes = isSchema(jsonSchema)
      ? [...schemaList(jsonSchema.anyOf), ...schemaList(jsonSchema.oneOf)]
      : [];
    const baseBodies = (bodyShapes.length > 0 ? bodyShapes : jsonSchema ? [jsonSchema] : []).map((shape) =>
      plausibleValue(shape, '', 0),
    );
    const baseBody = baseBodies[0];
    const basePath = fillPath(
      path,
      Object.fromEntries(pathParams.map(({ name: param }) => [param, pathId(path, param) ?? '1'])),
    );
    const isUpload = (operation.description ?? '').includes('multipart');
    const add = (request: Omit<HostileRequest, 'operation' | 'method'>, callers: readonly Caller[]) => {
      planned.push({ request: { operation: name, method: upper, ...request }, callers });
    };
    const json = (value: unknown) => ({
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(value),
    });
    const baseRequest = hasBody && baseBody !== undefined ? json(baseBody) : { headers: {} };

    add({ url: basePath, label: 'plausible', ...baseRequest }, CALLERS);

    for (const parameter of pathParams) {
      const smallId = String(1 + Math.floor(random() * 4));
      for (const value of [smallId, '%00', ...sample(HOSTILE_PATH_VALUES, 4)]) {
        const url = fillPath(path, { [parameter.name]: value });
        add({ url, label: `path ${parameter.name}=${value.slice(0, 20)}`, ...baseRequest }, entitled());
      }
    }

    for (const parameter of queryParams) {
      const nul = { value: 'a%00', callers: ['owner', 'supervisor'] as const };
      for (const { value, callers } of [
        nul,
        ...sample(HOSTILE_QUERY_VALUES, 3).map((value) => ({ value, callers: entitled() })),
      ]) {
        add(
          {
            url: `${basePath}?${parameter.name}=${value}`,
            label: `query ${parameter.name}=${value.slice(0, 20)}`,
            headers: {},
          },
          callers,
        );
      }
    }
    add({ url: `${basePath}?zzz=1`, label: 'unknown query field', headers: {} }, anyone());
    if (isList) {
      for (const filter of HOSTILE_FILTERS) {
        add({ url: `${basePath}?${filter}`, label: `filter ${filter}`, headers: {} }, entitled());
      }
    }

    if (!hasBody) continue;
    for (const { label, payload, type } of BODY_CASES) {
      add(
        {
          url: basePath,
          label,
          headers: type ? { 'content-type': type } : {},
          ...(payload === undefined ? {} : { payload }),
        },
        label === 'no body' ? ['owner', 'supervisor'] : entitled(),
      );
    }
    const multipart = multipartCases();
    for (const { label, type, payload } of isUpload ? multipart : sample(multipart, 4)) {
      add(
        { url: basePath, label, headers: { 'content-type': type }, payload },
        isUpload ? ['owner', 'supervisor'] : entitled(),
      );
    }
    if (typeof baseBody === 'object' && baseBody !== null && !Array.isArray(baseBody)) {
      add({ url: basePath, label: 'unknown field', ...json({ ...baseBody, zzz_unknown: 1 }) }, entitled());
    }
    for (const body of baseBodies) {
      for (const place of sample(placesOf(body), Math.ceil(8 / baseBodies.length))) {
        const where = place.join('.');
        const values = [
          { label: 'NUL', value: NUL_TEXT },
          { label: 'unpaired surrogate', value: SURROGATE_TEXT },
          ...sample(HOSTILE_VALUES, 2),
        ];
        for (const { label, value } of values) {
          add(
            { url: basePath, label: `${where}: ${label}`, ...json(replaceAt(body, place, value)) },
            entitled(),
          );
        }
      }
    }
  }
  return planned;
};
