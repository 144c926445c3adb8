/**
 * What each upload of the account pages takes, as the server's routes declare it (PUT /user: the profile logo
 * of §5, png, jpeg or pdf; PUT /v2/organization/{id}: the organization's logo and favicon). The rules live in
 * the domain, where the server reads them too (decision 035).
 */
import {
  FAVICON_UPLOAD,
  ORGANIZATION_LOGO_UPLOAD,
  PROFILE_LOGO_UPLOAD,
} from '@beacon/domain/validation/uploads';
import type { UploadRule } from './upload';

export const PROFILE_LOGO_RULE: UploadRule = PROFILE_LOGO_UPLOAD;
export const ORGANIZATION_LOGO_RULE: UploadRule = ORGANIZATION_LOGO_UPLOAD;
export const FAVICON_RULE: UploadRule = FAVICON_UPLOAD;
