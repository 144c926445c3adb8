import {
  MALFORMED_MULTIPART_MESSAGE,
  MEDIA_TOOLS_MISSING_MESSAGE,
  UNSTORABLE_VALUE_MESSAGE,
} from '@beacon/domain/validation/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { MediaToolMissingError } from '../lib/media-probe';
import { registerErrorHandling } from './errors';

/** The central error handler (docs/architecture.md): one error shape, and 5xx bodies never leak internals. */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/crash', async () => {
    throw new Error('secret internals: password=hunter2 at /srv/beacon/db.ts:42');
  });
  typed.get('/crash-5xx', async () => {
    throw Object.assign(new Error('upstream secret internals'), { statusCode: 502 });
  });
  typed.get('/internal-app-error', async () => {
    throw new AppError('INTERNAL', {
      message: 'secret internals: session row missing',
      extra: { sql: 'SELECT secret' },
    });
  });
  typed.get('/no-ffmpeg', async () => {
    throw new MediaToolMissingError('ffprobe is not installed: install ffmpeg (decision 023)');
  });
  typed.get('/conflict', async () => {
    throw new AppError('STALE_VERSION');
  });
  typed.get('/custom', async () => {
    throw new AppError('USERNAME_TAKEN', {
      message: 'Pick another username',
      details: [{ path: 'username', message: 'This username is already in use' }],
      extra: { suggestion: 'olga2' },
    });
  });
  typed.get('/not-found', async () => {
    throw new AppError('NOT_FOUND');
  });
  typed.get('/client-error', async () => {
    throw Object.assign(new Error('The thing you sent is wrong'), { statusCode: 422, code: 'THING_WRONG' });
  });
  typed.get('/validated', {
    schema: { querystring: z.strictObject({ size: z.coerce.number().int().min(1, { error: 'Too small' }) }) },
    handler: async () => ({ ok: true }),
  });
  typed.post('/strict', {
    schema: {
      body: z.strictObject({ name: z.string(), nested: z.strictObject({ a: z.number() }).optional() }),
    },
    handler: async () => ({ ok: true }),
  });
  // Registered without the Zod type provider so the handler may break its own response schema: a server
  // bug, answered with a masked 500.
  app.get('/bad-response', {
    schema: { response: { 200: z.object({ id: z.number() }) } },
    handler: async () => ({ id: 'secret internals' }),
  });
  // A value the database refused as data (decision 036): what pg and the embedded database throw.
  for (const [code, message] of [
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22003', 'value "1e308" is out of range for type bigint'],
    ['22P02', 'invalid input syntax for type integer: "abc"'],
    ['22007', 'invalid input syntax for type date: "2026-02-30"'],
    ['22008', 'date/time field value out of range'],
  ]) {
    typed.get(`/database-refused/${code}`, async () => {
      throw Object.assign(new Error(`${message} (secret internals)`), { code, severity: 'ERROR' });
    });
  }
  typed.get('/database-broken', async () => {
    throw Object.assign(new Error('relation "secret" does not exist'), { code: '42P01', severity: 'ERROR' });
  });
  typed.get('/malformed-multipart', async () => {
    throw new Error('Unexpected end of multipart data');
  });
  typed.get('/slow', { handlerTimeout: 50 }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('registerErrorHandling', () => {
  it('answers an unexpected error with a generic 500 that does not leak the message', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unexpected error occurred',
      code: 'INTERNAL',
    });
    expect(response.body).not.toContain('secret internals');
    expect(response.body).not.toContain('hunter2');
  });

  it('masks any 5xx error, whatever status it carries', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash-5xx' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL', message: 'An unexpected error occurred' });
    expect(response.body).not.toContain('secret internals');
  });

  it('masks an AppError with a 5xx status too: its message and extra fields stay on the server', async () => {
    const response = await app.inject({ method: 'GET', url: '/internal-app-error' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unexpected error occurred',
      code: 'INTERNAL',
    });
  });

  it('masks a response that breaks its own schema', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL', message: 'An unexpected error occurred' });
    expect(response.body).not.toContain('secret internals');
  });

  it('maps an AppError to its status, code and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Someone else changed this item. Reload it and try again',
      code: 'STALE_VERSION',
    });

    const notFound = await app.inject({ method: 'GET', url: '/not-found' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Not found',
      code: 'NOT_FOUND',
    });
  });

  it('keeps an AppError’s own message, details and extra fields', async () => {
    const response = await app.inject({ method: 'GET', url: '/custom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Pick another username',
      code: 'USERNAME_TAKEN',
      details: [{ path: 'username', message: 'This username is already in use' }],
      suggestion: 'olga2',
    });
  });

  it('passes a 4xx error through with its status, code and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/client-error' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The thing you sent is wrong',
      code: 'THING_WRONG',
    });
  });

  it('turns a schema validation failure into 400 VALIDATION_FAILED with details[{path, message}]', async () => {
    const response = await app.inject({ method: 'GET', url: '/validated?size=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Too small',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'size', message: 'Too small' }],
    });
  });

  it('reports each unknown field on its own path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/strict',
      payload: { name: 'x', extra: 1, other: 2, nested: { a: 1, deep: true } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'nested.deep', message: 'Unrecognized key: "deep"' },
      { path: 'extra', message: 'Unrecognized keys: "extra", "other"' },
      { path: 'other', message: 'Unrecognized keys: "extra", "other"' },
    ]);
  });

  it.each(['22021', '22P05', '22003', '22P02', '22007', '22008'])(
    'answers a database data exception (SQLSTATE %s) caused by input as a 400 without internals',
    async (code) => {
      const response = await app.inject({ method: 'GET', url: `/database-refused/${code}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: UNSTORABLE_VALUE_MESSAGE,
        code: 'UNSTORABLE_VALUE',
      });
    },
  );

  it('still masks other database errors as a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/database-broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('answers a multipart body busboy cannot read as a 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/malformed-multipart' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MALFORMED_MULTIPART',
      message: MALFORMED_MULTIPART_MESSAGE,
    });
  });

  it('answers a missing ffmpeg with a 503 that says so, not a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-ffmpeg' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'MEDIA_TOOLS_MISSING',
      message: MEDIA_TOOLS_MISSING_MESSAGE,
    });
  });

  it('answers a request not handled within its handlerTimeout with 503 TIMEOUT', async () => {
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'TIMEOUT' });
  });

  it('answers an unknown route with 404 in the same shape', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/nowhere?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route DELETE /nowhere not found',
      code: 'NOT_FOUND',
    });
  });
});
