/**
 * The duplicate organization dialog's values and their check with ZOrganizationDuplicate: a new name, and
 * optionally a new main user (users are never copied, so neither are their credentials).
 */
import { isPasswordConfirmed } from '@beacon/domain/validation/account';
import { PASSWORD_MISMATCH_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import {
  type TOrganizationDuplicate,
  ZOrganizationDuplicate,
} from '@beacon/domain/validation/organization-form';
import { errorsOfDetails, type FormCheck, type MainUserValues } from './organization-form';

export type DuplicateFormValues = {
  readonly name: string;
  readonly hasMainUser: boolean;
  readonly main_user: MainUserValues;
};

export const duplicateFormOf = (sourceName: string): DuplicateFormValues => ({
  name: `${sourceName} (copy)`,
  hasMainUser: false,
  main_user: { name: '', username: '', phone: '', email: '', password: '', confirmation: '' },
});

export const checkDuplicateForm = (values: DuplicateFormValues): FormCheck<TOrganizationDuplicate> => {
  const { confirmation, ...mainUser } = values.main_user;
  const result = ZOrganizationDuplicate.safeParse({
    name: values.name,
    ...(values.hasMainUser ? { main_user: mainUser } : {}),
  });
  const details = result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
  if (values.hasMainUser) {
    if (confirmation === '') details.push({ path: 'main_user.confirmation', message: REQUIRED_MESSAGE });
    else if (!isPasswordConfirmed({ password: mainUser.password, confirmation })) {
      details.push({ path: 'main_user.confirmation', message: PASSWORD_MISMATCH_MESSAGE });
    }
  }
  if (result.success && details.length === 0) return { ok: true, body: result.data };
  return { ok: false, errors: errorsOfDetails(details) };
};
