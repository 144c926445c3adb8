import type { ApiErrorCode } from '@beacon/domain/api/error-codes';
import { EXCHANGE_KEY_TAKEN_MESSAGE } from '@beacon/domain/api/exchanges';
import { SAVED_VIEW_NAME_TAKEN_MESSAGE, SAVED_VIEWS_LIMIT_MESSAGE } from '@beacon/domain/api/saved-views';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  PASSWORD_EXPIRING_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@beacon/domain/dictionary/error-catalogue';
import {
  CREATIVE_NO_VIDEO_MESSAGE,
  DEAL_EXTERNAL_ID_TAKEN_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  MALFORMED_MULTIPART_MESSAGE,
  MEDIA_TOOLS_MISSING_MESSAGE,
  UNSTORABLE_VALUE_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@beacon/domain/validation/messages';

/**
 * Errors are values with codes (STYLE.md): services throw `new AppError('USERNAME_TAKEN')` and the central
 * error handler maps the code to its HTTP status and message. The codes are the domain's (api/error-codes.ts),
 * which the console tests: each has its entry here, and no other.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  /** A value the database refused as data (SQLSTATE class 22) that no schema caught (decision 036). */
  UNSTORABLE_VALUE: { status: 400, message: UNSTORABLE_VALUE_MESSAGE },
  MALFORMED_MULTIPART: { status: 400, message: MALFORMED_MULTIPART_MESSAGE },
  AUTHENTICATION_REQUIRED: { status: 401, message: AUTHENTICATION_REQUIRED_MESSAGE },
  INVALID_CREDENTIALS: { status: 401, message: 'The username or password is not correct' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has expired. Please log in again' },
  PASSWORD_EXPIRED: { status: 401, message: PASSWORD_EXPIRED_MESSAGE },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: PASSWORD_EXPIRING_MESSAGE },
  WRONG_CURRENT_PASSWORD: { status: 400, message: WRONG_CURRENT_PASSWORD_MESSAGE },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'This password reset link is not valid or has expired. Request a new one',
  },
  INVALID_SIMULATION_GRANT: { status: 401, message: 'This simulation link is not valid or has expired' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  DEMO_READ_ONLY: { status: 403, message: 'Demo mode is read-only. Exit demo mode to make changes' },
  SIMULATION_NOT_ALLOWED: { status: 403, message: 'You may not simulate this user' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  /** A tracking URL of a bid that is not ours or was altered, or a notice with a wrong price (docs/engine.md). */
  EVENT_REFUSED: { status: 400, message: 'This event is not valid' },
  /** A tracking URL of a bid older than the ticket lifetime (engine/event-ticket.ts). */
  EVENT_EXPIRED: { status: 410, message: 'This tracking link has expired' },
  USERNAME_TAKEN: { status: 409, message: USERNAME_TAKEN_MESSAGE },
  EMAIL_TAKEN: { status: 409, message: EMAIL_TAKEN_MESSAGE },
  STALE_VERSION: { status: 409, message: 'Someone else changed this item. Reload it and try again' },
  /** A write to a deleted row; the message names the resource ("A deleted deal cannot be changed", decision 039). */
  DELETED: { status: 409, message: 'A deleted item cannot be changed' },
  DATABASE_NOT_EMPTY: { status: 409, message: 'The database already holds data' },
  DEAL_EXTERNAL_ID_TAKEN: { status: 409, message: DEAL_EXTERNAL_ID_TAKEN_MESSAGE },
  SAVED_VIEW_NAME_TAKEN: { status: 409, message: SAVED_VIEW_NAME_TAKEN_MESSAGE },
  EXCHANGE_KEY_TAKEN: { status: 409, message: EXCHANGE_KEY_TAKEN_MESSAGE },
  SAVED_VIEWS_LIMIT_REACHED: { status: 409, message: SAVED_VIEWS_LIMIT_MESSAGE },
  DEAL_DUPLICATION_FAILED: { status: 409, message: 'The deal could not be duplicated' },
  /** A video creative without processed video yet (or whose processing failed, with §8's other message). */
  CREATIVE_VIDEO_NOT_READY: { status: 409, message: CREATIVE_NO_VIDEO_MESSAGE },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many attempts. Try again later' },
  INTERNAL: { status: 500, message: UNEXPECTED_ERROR_MESSAGE },
  /** ffmpeg or ffprobe is not installed where a video or audio file must be checked (decision 023). */
  MEDIA_TOOLS_MISSING: { status: 503, message: MEDIA_TOOLS_MISSING_MESSAGE },
  /** The request was not answered within the app's bound (handlerTimeout, decision 036). */
  TIMEOUT: { status: 503, message: 'The request took too long. Try again later' },
  /** The event intake holds as many uncounted events as it may (its store is gone): the sender retries later. */
  EVENTS_BUSY: { status: 503, message: 'The event cannot be counted right now. Send it again later' },
} as const satisfies Record<ApiErrorCode, { status: number; message: string }>;

export type ErrorCode = ApiErrorCode;

export type ErrorDetail = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  /** Extra fields the client needs alongside the error (e.g. the restricted token of an expired password). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      details?: ErrorDetail[];
      extra?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
    this.details = options.details;
    this.extra = options.extra;
  }
}
