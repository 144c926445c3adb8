/** Account rules of spec §5: password and its confirmation, email, username. */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../dictionary/constants';
import { requiredOrInvalid, requiredString } from './generic';
import {
  EMAIL_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_MESSAGE,
} from './messages';
import { DOMAIN_LABEL } from './web-domain';

/**
 * At least PASSWORD_MIN_LENGTH characters (counted as code points), an upper-case letter, a lower-case
 * letter, a digit and a symbol (anything that is neither a letter, a digit nor a space). Unicode-aware.
 */
export const isStrongPassword = (value: string): boolean =>
  [...value].length >= PASSWORD_MIN_LENGTH &&
  /\p{Lu}/u.test(value) &&
  /\p{Ll}/u.test(value) &&
  /\p{Nd}/u.test(value) &&
  /[^\p{L}\p{N}\s]/u.test(value);

/** Never trimmed: spaces are part of a password. */
export const ZPassword = z
  .string({ error: requiredOrInvalid })
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .refine(isStrongPassword, { error: PASSWORD_RULE_MESSAGE });
export type TPassword = z.infer<typeof ZPassword>;

/** The two fields of a new password; spread into larger forms (e.g. with the current password). */
export const PASSWORD_CONFIRMATION_SHAPE = {
  password: ZPassword,
  confirmation: z.string({ error: requiredOrInvalid }).min(1, { error: REQUIRED_MESSAGE }),
};

export const isPasswordConfirmed = (value: {
  readonly password: string;
  readonly confirmation: string;
}): boolean => value.password === value.confirmation;

/**
 * Refinement parameters for `.refine(isPasswordConfirmed, PASSWORD_MISMATCH_REFINEMENT)`: the mismatch goes
 * on `confirmation`, and is reported even while the password itself still breaks the rule.
 */
export const PASSWORD_MISMATCH_REFINEMENT = {
  error: PASSWORD_MISMATCH_MESSAGE,
  path: ['confirmation'],
  when: (payload: { readonly issues: readonly { readonly path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => issue.path?.[0] === 'confirmation'),
};

export const ZPasswordConfirmation = z
  .object(PASSWORD_CONFIRMATION_SHAPE)
  .refine(isPasswordConfirmed, PASSWORD_MISMATCH_REFINEMENT);
export type TPasswordConfirmation = z.infer<typeof ZPasswordConfirmation>;

/**
 * Starts with a letter or digit, then the characters HTML allows in the local part; then @ and a domain
 * whose top-level part has at least two letters.
 */
export const EMAIL_PATTERN = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]*@(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,}$`,
);

export const ZEmail = requiredString().regex(EMAIL_PATTERN, { error: EMAIL_MESSAGE });
export type TEmail = z.infer<typeof ZEmail>;

/** Starts with a letter or digit; then letters, digits and . _ - + @ (so an email works as a username). */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+@-]*$/;

export const ZUsername = requiredString({
  min: USERNAME_MIN_LENGTH,
  max: USERNAME_MAX_LENGTH,
  pattern: USERNAME_PATTERN,
});
export type TUsername = z.infer<typeof ZUsername>;
