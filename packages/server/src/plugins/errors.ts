import { STATUS_CODES } from 'node:http';
import { INVALID_FORMAT_MESSAGE } from '@beacon/domain/validation/messages';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, type ErrorDetail } from '../lib/app-error';
import { MediaToolMissingError } from '../lib/media-probe';

export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  code: string;
  details?: ErrorDetail[];
  [extra: string]: unknown;
};

/** The body of every error answer; answers written outside Fastify (decision 053) use it too. */
export const errorBody = (
  statusCode: number,
  code: string,
  message: string,
  details?: ErrorDetail[],
): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  code,
  ...(details ? { details } : {}),
});

const toPath = (instancePath: string, context: string | undefined): string => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || '';
};

/** One detail per problem; an unknown field is reported on its own path, so the client can point at it. */
const detailsOf = (issue: FastifySchemaValidationError, context: string | undefined): ErrorDetail[] => {
  const message = issue.message ?? INVALID_FORMAT_MESSAGE;
  const keys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
  if (Array.isArray(keys) && keys.length > 0) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return keys.map((key) => ({ path: base ? `${base}.${String(key)}` : String(key), message }));
  }
  return [{ path: toPath(issue.instancePath, context), message }];
};

/**
 * SQLSTATE class 22 (data exception: NUL in text, a number out of range, a malformed date…): the database
 * refused a value the request sent and no schema caught. The request's fault, so a 400 (decision 036).
 */
const isDataException = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
};

/** What busboy (under @fastify/multipart) throws for a body it cannot read; its errors carry no status. */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /unexpected end of multipart data$/i,
  /^The needle cannot /,
  /^Boundary required$/,
];

const isMalformedMultipart = (error: FastifyError): boolean =>
  error.statusCode === undefined && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));

const HANDLER_TIMEOUT = 'FST_ERR_HANDLER_TIMEOUT';

/**
 * One error handler for the whole API (docs/architecture.md): every error leaves as
 * `{ statusCode, error, message, code, details? }`, and a 5xx never carries internals.
 */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        ...errorBody(error.statusCode, error.code, error.message, error.details),
        ...(error.extra ?? {}),
      });
    }
    if (error instanceof AppError && error.code === 'EVENTS_BUSY') {
      // The engine's store is gone for now (decision 052): the sender retries; nothing internal is said.
      return reply.status(503).send(errorBody(503, error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((issue) => detailsOf(issue, error.validationContext));
      return reply
        .status(400)
        .send(
          errorBody(
            400,
            'VALIDATION_FAILED',
            details[0]?.message ?? ERROR_CODES.VALIDATION_FAILED.message,
            details,
          ),
        );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'INTERNAL', ERROR_CODES.INTERNAL.message));
    }
    if (isDataException(error)) {
      // Answered as the caller's mistake, but a schema should have caught it first: worth a warning.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send(errorBody(400, 'UNSTORABLE_VALUE', ERROR_CODES.UNSTORABLE_VALUE.message));
    }
    if (isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send(errorBody(400, 'MALFORMED_MULTIPART', ERROR_CODES.MALFORMED_MULTIPART.message));
    }
    if (error instanceof MediaToolMissingError) {
      // The installation's fault, not the file's: a clear 503 the user can pass on, and an error in the log.
      request.log.error({ err: error }, 'a media tool is missing');
      return reply
        .status(503)
        .send(errorBody(503, 'MEDIA_TOOLS_MISSING', ERROR_CODES.MEDIA_TOOLS_MISSING.message));
    }
    if (error.code === HANDLER_TIMEOUT) {
      request.log.error({ err: error }, 'request not answered in time');
      return reply.status(503).send(errorBody(503, 'TIMEOUT', ERROR_CODES.TIMEOUT.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'INTERNAL', ERROR_CODES.INTERNAL.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
};
