import { ZEmail, ZPassword, ZUsername } from '@beacon/domain/validation/account';
import { requiredString } from '@beacon/domain/validation/generic';
import { PASSWORD_MISMATCH_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { z } from 'zod';

export const ZChangePasswordRequest = z.strictObject({
  organizationId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
  currentPassword: z.string({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE }),
  password: ZPassword,
});

export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail });

/** `POST /password/reset/check`: whether an emailed link can still be used, asked when its page opens. */
export const ZResetTokenCheck = z.strictObject({ token: requiredString({ max: 512 }) });
export const ZResetTokenState = z.strictObject({ expires_at: z.iso.datetime() });

export const ZResetPasswordRequest = z
  .strictObject({
    token: requiredString({ max: 512 }),
    password: ZPassword,
    confirmation: z.string().optional(),
  })
  .refine((value) => value.confirmation === undefined || value.confirmation === value.password, {
    path: ['confirmation'],
    message: PASSWORD_MISMATCH_MESSAGE,
  });

export const ZSignUpRequest = z.strictObject({
  company: requiredString({ max: 200 }),
  country: z.string().trim().length(2).toUpperCase().optional(),
  name: requiredString({ max: 200 }),
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
});
