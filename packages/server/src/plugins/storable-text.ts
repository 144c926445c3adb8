import { UNSTORABLE_TEXT_MESSAGE } from '@beacon/domain/validation/messages';
import { findUnstorableText, isStorableText } from '@beacon/domain/validation/storable-text';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const refuse = (path: string) =>
  new AppError('VALIDATION_FAILED', {
    message: UNSTORABLE_TEXT_MESSAGE,
    details: [{ path, message: UNSTORABLE_TEXT_MESSAGE }],
  });

const check = (values: readonly unknown[]): void => {
  for (const value of values) {
    const path = findUnstorableText(value);
    if (path !== undefined) throw refuse(path);
  }
};

/**
 * Decision 036: no text PostgreSQL cannot store (NUL, an unpaired surrogate) reaches a service. Path
 * parameters, query and JSON body are looked at before the route's schema (so the answer names this problem
 * whatever else is wrong), after access control (a caller without the right learns nothing more). A multipart
 * request's body only exists after its route's own hook read the parts: it is looked at, with the files'
 * names, before the handler. Text inside an uploaded file is its reader's to check; whatever still reaches the
 * database is answered 400 by the error handler's safety net.
 */
export const registerStorableTextGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    // The engine's routes store no text from the request (docs/engine.md "Events"): nothing to look at.
    if (request.isEngineRoute) return;
    check(
      request.isMultipart() ? [request.params, request.query] : [request.params, request.query, request.body],
    );
  });
  app.addHook('preHandler', async (request) => {
    if (request.isEngineRoute || !request.isMultipart()) return;
    check([request.body]);
    for (const [field, upload] of Object.entries(request.uploads)) {
      if (!isStorableText(upload.filename)) throw refuse(field);
    }
  });
};
