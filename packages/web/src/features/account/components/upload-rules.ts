/**
 * What each upload of the account pages takes, as the server's routes declare it (PUT /user: the profile logo
 * of §5, png, jpeg or pdf; PUT /v2/organization/{id}: the organization's logo and favicon).
 */
import type { UploadRule } from './upload';

const KILOBYTE = 1024;

export const PROFILE_LOGO_RULE: UploadRule = {
  label: 'profile logo',
  kinds: ['png', 'jpeg', 'pdf'],
  maxBytes: 1024 * KILOBYTE,
};

export const ORGANIZATION_LOGO_RULE: UploadRule = {
  label: 'logo',
  kinds: ['png', 'jpeg', 'svg'],
  maxBytes: 512 * KILOBYTE,
};

export const FAVICON_RULE: UploadRule = {
  label: 'favicon',
  kinds: ['png', 'ico', 'svg'],
  maxBytes: 256 * KILOBYTE,
};
