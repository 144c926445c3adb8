import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { originOf } from '../../lib/request-origin';
import { ZMessage, ZSession } from '../session/session.schemas';
import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  ZResetTokenCheck,
  ZResetTokenState,
  ZSignUpRequest,
} from './access.schemas';
import {
  changeOwnPassword,
  checkPasswordReset,
  FORGOT_PASSWORD_ANSWER,
  requestPasswordReset,
  resetPassword,
  signUp,
} from './access.service';

export const accessRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.put('/password', {
    config: { access: 'access', allowPasswordChangeSession: true },
    schema: {
      summary:
        'Change the caller’s password (also the way out of an expired password); returns a fresh session',
      tags: ['access'],
      body: ZChangePasswordRequest,
      response: { 200: ZSession },
    },
    handler: async (request) => {
      if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
      return changeOwnPassword(deps, request.principal, request.body, originOf(request));
    },
  });

  app.post('/password/forgot', {
    config: { access: 'public' },
    schema: {
      summary: 'Email a single-use reset link; the same answer whether or not the address exists',
      tags: ['access'],
      body: ZForgotPasswordRequest,
      response: { 202: ZMessage },
    },
    handler: async (request, reply) => {
      await requestPasswordReset(deps, request.body.email);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  });

  app.post('/password/reset/check', {
    config: { access: 'public' },
    schema: {
      summary: 'Whether an emailed reset link can still be used (asked when its page opens); uses nothing',
      tags: ['access'],
      body: ZResetTokenCheck,
      response: { 200: ZResetTokenState },
    },
    handler: async (request) => checkPasswordReset(deps, request.body.token),
  });

  app.post('/password/reset', {
    config: { access: 'public' },
    schema: {
      summary: 'Choose a new password with the emailed token; ends every session of the user',
      tags: ['access'],
      body: ZResetPasswordRequest,
      response: { 200: ZMessage },
    },
    handler: async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return { message: 'Your password has been changed. Log in with the new one.' };
    },
  });

  app.post('/signup', {
    config: { access: 'public' },
    schema: {
      summary: 'Create an organization and its owner, and log the owner in',
      tags: ['access'],
      body: ZSignUpRequest,
      response: { 201: ZSession },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await signUp(deps, request.body, originOf(request))),
  });
};
