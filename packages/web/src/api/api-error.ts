/**
 * Error values of the HTTP client (§8). The mapping from a failed response or a thrown exception to the
 * error shown to the user, and to what the console does about it, is pure and unit-tested.
 */

import {
  REQUEST_ABORTED_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@beacon/domain/dictionary/error-catalogue';

export { REQUEST_ABORTED_MESSAGE, REQUEST_FAILED_MESSAGE, UNAUTHORIZED_MESSAGE };

export type ErrorDetail = { readonly path: string; readonly message: string };

export type ApiErrorInit = {
  readonly status: number | null;
  readonly code?: string | null;
  readonly details?: readonly ErrorDetail[];
  /** The parsed error body, for callers that need an extra field (e.g. the token of an expired password). */
  readonly body?: unknown;
  readonly cause?: unknown;
};

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived (network failure, abort). */
  readonly status: number | null;
  /** The server's error code (`INVALID_CREDENTIALS`, `PASSWORD_EXPIRED`…), when it sent one. */
  readonly code: string | null;
  readonly details: readonly ErrorDetail[];
  readonly body: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? null;
    this.details = init.details ?? [];
    this.body = init.body;
  }

  get isAborted(): boolean {
    return this.status === null && this.message === REQUEST_ABORTED_MESSAGE;
  }

  /** The message of a field's validation error, for inline display under that field. */
  detailFor(path: string): string | undefined {
    return this.details.find((detail) => detail.path === path)?.message;
  }

  /** A number field of the error body (e.g. `userId` of PASSWORD_EXPIRED). */
  bodyNumber(name: string): number | undefined {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    const value: unknown = Reflect.get(this.body, name);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  /** A string field of the error body (e.g. `token` of PASSWORD_EXPIRED). */
  bodyField(name: string): string | undefined {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    const value: unknown = Reflect.get(this.body, name);
    return typeof value === 'string' ? value : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The API answered 404: the page shows the not-found page, as for an unknown route. */
export const isNotFoundError = (error: unknown): boolean => isApiError(error) && error.status === 404;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isErrorDetail = (value: unknown): value is ErrorDetail =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** What the console does about a failed response (§2 route guard, §8). */
export type FailureAction = 'logout' | 'home' | 'none';

export type ResponseFailure = { readonly error: ApiError; readonly action: FailureAction };

/**
 * Maps a response that is not 2xx (§8): 401 logs out with the server message or 'Unauthorized'; 403 sends the
 * browser home; any other status carries the server message or 'Request failed'. A 401 only logs out when the
 * request carried a session: a wrong password at login is an answer, not an expired session.
 */
export const mapResponseFailure = (
  status: number,
  body: unknown,
  { hasSession }: { readonly hasSession: boolean },
): ResponseFailure => {
  const serverMessage =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  const details = isRecord(body) && Array.isArray(body.details) ? body.details.filter(isErrorDetail) : [];
  const fallback = status === 401 ? UNAUTHORIZED_MESSAGE : REQUEST_FAILED_MESSAGE;
  const error = new ApiError(serverMessage ?? fallback, { status, code, details, body });
  if (status === 401) return { error, action: hasSession ? 'logout' : 'none' };
  if (status === 403) return { error, action: 'home' };
  return { error, action: 'none' };
};

const isAbortError = (error: unknown): boolean =>
  isRecord(error) && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** Maps an exception thrown before any response (§8): a cancelled request, or no response at all. */
export const mapRequestException = (error: unknown, signal?: AbortSignal): ApiError => {
  if (error instanceof ApiError) return error;
  if (signal?.aborted === true || isAbortError(error)) {
    return new ApiError(REQUEST_ABORTED_MESSAGE, { status: null, code: 'ABORTED', cause: error });
  }
  return new ApiError(REQUEST_FAILED_MESSAGE, { status: null, code: 'NETWORK_ERROR', cause: error });
};

/** The text to show for any error thrown by a call: the API's message, else the §8 generic one. */
export const errorMessage = (error: unknown, fallback = UNEXPECTED_ERROR_MESSAGE): string => {
  if (error instanceof ApiError) return error.message;
  return fallback;
};
