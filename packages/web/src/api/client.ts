/**
 * The HTTP client of §7 and §8: base URL from configuration, bearer token, demo header, serialised GET
 * params, JSON or multipart bodies, list totals from `x-total-count`, downloads, abort signals and the error
 * catalogue. It knows nothing about the session store: the console registers how to read the credentials
 * and what to do on 401 and 403 with `configureApiClient`, which keeps this module free of DOM and React at
 * import time (it is unit-tested in Node).
 */
import { type ApiError, mapRequestException, mapResponseFailure } from './api-error';
import { type QueryParams, withParams } from './params';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Credentials = { readonly token: string | null; readonly isDemo: boolean };

export type ApiClientHooks = {
  readonly getCredentials: () => Credentials;
  /** A 401 on a request that carried a session: log out and go to the login page (§8). */
  readonly onUnauthorized: (error: ApiError) => void;
  /** A 403: go to the home route (§2); the request still fails with the error. */
  readonly onForbidden: (error: ApiError) => void;
};

const NO_HOOKS: ApiClientHooks = {
  getCredentials: () => ({ token: null, isDemo: false }),
  onUnauthorized: () => undefined,
  onForbidden: () => undefined,
};

let hooks: ApiClientHooks = NO_HOOKS;

export const configureApiClient = (next: ApiClientHooks): void => {
  hooks = next;
};

/** '/api' unless VITE_API_URL points elsewhere (e.g. https://api.example.com/api). */
export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '');

export const DEMO_HEADER = 'x-demo';
export const TOTAL_COUNT_HEADER = 'x-total-count';

export type RequestOptions = {
  readonly method?: HttpMethod;
  readonly params?: QueryParams;
  /** Sent as JSON, except FormData (multipart), Blob and URLSearchParams which pass through as they are. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /**
   * The bearer to send instead of the session's: the restricted token of an expired password, or the real
   * user's token while simulating. null sends none.
   */
  readonly token?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** false leaves a 401 or 403 to the caller: no logout, no navigation. */
  readonly handleAuthErrors?: boolean;
};

export type RawResponse<T> = { readonly data: T; readonly status: number; readonly headers: Headers };

export type ListResponse<T> = { readonly rows: T[]; readonly total: number };

/** The absolute path of an API call with its query string. */
export const apiUrl = (path: string, params?: QueryParams): string =>
  withParams(`${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`, params);

const isPassThroughBody = (body: unknown): body is FormData | Blob | URLSearchParams =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  body instanceof URLSearchParams;

const tokenFor = (options: RequestOptions, credentials: Credentials): string | null =>
  options.token === undefined ? credentials.token : options.token;

const buildInit = (options: RequestOptions, credentials: Credentials, token: string | null): RequestInit => {
  const headers = new Headers({ accept: 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (credentials.isDemo) headers.set(DEMO_HEADER, '1');
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isPassThroughBody(options.body)) {
      // The browser sets the multipart boundary itself.
      body = options.body;
    } else {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return { method: options.method ?? 'GET', headers, body, signal: options.signal ?? null };
};

/** JSON when the body parses as JSON, its text otherwise, null when empty. */
const parseBody = (text: string) => {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Sends a request and answers the response once it is known to be 2xx; any failure is thrown mapped (§8). */
const send = async (path: string, options: RequestOptions): Promise<Response> => {
  const credentials = hooks.getCredentials();
  const token = tokenFor(options, credentials);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.params), buildInit(options, credentials, token));
  } catch (error) {
    throw mapRequestException(error, options.signal);
  }
  if (response.ok) return response;
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    throw mapRequestException(error, options.signal);
  }
  const failure = mapResponseFailure(response.status, parseBody(text), { hasSession: token !== null });
  if (options.handleAuthErrors !== false) {
    if (failure.action === 'logout') hooks.onUnauthorized(failure.error);
    if (failure.action === 'home') hooks.onForbidden(failure.error);
  }
  throw failure.error;
};

const readText = async (response: Response, signal: AbortSignal | undefined): Promise<string> => {
  try {
    return await response.text();
  } catch (error) {
    throw mapRequestException(error, signal);
  }
};

/** The raw full response: parsed body, status and headers. */
export const apiRaw = async <T>(path: string, options: RequestOptions = {}): Promise<RawResponse<T>> => {
  const response = await send(path, options);
  const data: T = parseBody(await readText(response, options.signal));
  return { data, status: response.status, headers: response.headers };
};

/** The parsed body of a call. */
export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await apiRaw<T>(path, options)).data;

/** A list call: its rows and the total row count of the `x-total-count` header (the row count without it). */
export const apiList = async <T>(path: string, options: RequestOptions = {}): Promise<ListResponse<T>> => {
  const { data, headers } = await apiRaw<T[]>(path, options);
  const rows = Array.isArray(data) ? data : [];
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  return { rows, total: Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : rows.length };
};

/** A call's body as text (downloads). */
export const apiText = async (path: string, options: RequestOptions = {}): Promise<string> =>
  readText(await send(path, options), options.signal);

/**
 * Fetches a text document (CSV, pixel snippet…) and saves it as a file (§7). The anchor is built at call time,
 * so this module still loads without a DOM.
 */
export const downloadFile = async (
  path: string,
  filename: string,
  options: RequestOptions & { readonly mimeType?: string } = {},
): Promise<void> => {
  const text = await apiText(path, options);
  const url = URL.createObjectURL(new Blob([text], { type: options.mimeType ?? 'text/plain;charset=utf-8' }));
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = filename;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};

/** The URL of a document opened in a new tab: a tab sends no headers, so token and demo flag go in the query (§7). */
export const newTabUrl = (path: string, params: QueryParams = {}): string => {
  const { token, isDemo } = hooks.getCredentials();
  return apiUrl(path, { ...params, token, demo: isDemo ? 1 : undefined });
};

export const openInNewTab = (path: string, params: QueryParams = {}): void => {
  window.open(newTabUrl(path, params), '_blank', 'noopener');
};

export type UploadOptions = Omit<RequestOptions, 'body' | 'params'> & {
  readonly body: FormData;
  /** The share of the body sent so far, 0 to 1, as the browser reports it. */
  readonly onProgress?: (sent: number) => void;
};

/**
 * Sends a multipart body with upload progress (§5: uploads show progress), which fetch cannot report: the same
 * credentials, error mapping and 401/403 handling as every other call, through XMLHttpRequest.
 */
export const apiUpload = <T>(path: string, options: UploadOptions): Promise<T> => {
  const credentials = hooks.getCredentials();
  const token = tokenFor(options, credentials);
  const { signal } = options;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', apiUrl(path));
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    if (credentials.isDemo) request.setRequestHeader(DEMO_HEADER, '1');
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(body);
        return;
      }
      const failure = mapResponseFailure(request.status, body, { hasSession: token !== null });
      if (options.handleAuthErrors !== false) {
        if (failure.action === 'logout') hooks.onUnauthorized(failure.error);
        if (failure.action === 'home') hooks.onForbidden(failure.error);
      }
      reject(failure.error);
    };
    request.onerror = () => reject(mapRequestException(new Error('Network error'), signal));
    request.onabort = () => reject(mapRequestException(new DOMException('Aborted', 'AbortError'), signal));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.body);
  });
};
