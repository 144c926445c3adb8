/**
 * Every validation message of spec §5, defined once. Schemas, the server's 400 details and the
 * console's forms all import them from here; tests assert them word for word.
 */
import { PASSWORD_MIN_LENGTH } from '../dictionary/constants';

/** A limit as shown to the user: a number, or a value already formatted (e.g. with its currency). */
type TExpected = number | string;

// Generic messages (§5).
export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_FORMAT_MESSAGE = 'Invalid format';
export const maxLengthMessage = (expected: TExpected): string => `The maximum length is ${expected}`;
export const minLengthMessage = (expected: TExpected): string => `The minimum length is ${expected}`;
export const maxValueMessage = (expected: TExpected): string => `The maximum value is ${expected}`;
export const minValueMessage = (expected: TExpected): string => `The minimum value is ${expected}`;

// Campaigns.
export const CAMPAIGN_NAME_MESSAGE = 'Please, do not use the characters | $ # or @';
/** Creative names forbid the same characters, so they answer the same text. */
export const CREATIVE_NAME_MESSAGE = CAMPAIGN_NAME_MESSAGE;
/** The spec spells the limit out; it matches MAX_CAMPAIGN_COUNTRIES (a test keeps them in step). */
export const MAX_COUNTRIES_MESSAGE = 'You can not target more than five countries';
export const BUNDLE_ID_MESSAGE = 'Malformed Bundle ID';
export const AUDIENCES_REQUIRED_MESSAGE =
  "Please, select at least one audience in the 'at least one of them' or 'mandatory ones' fields";
export const PUBLISHER_CONFLICT_MESSAGE =
  'Publishers present in both the blocklist and the allowlist are excluded from targeting';

// Accounts.
export const PASSWORD_RULE_MESSAGE = `The password must have at least ${PASSWORD_MIN_LENGTH} characters, an upper-case letter, a lower-case letter, a digit and a symbol`;
export const PASSWORD_MISMATCH_MESSAGE = 'The password does not match';
/** A new password must differ from the current one, or an expired password could be kept forever. */
export const PASSWORD_REUSED_MESSAGE = 'The new password must be different from the current one';
export const EMAIL_MESSAGE = 'The email address is not valid';
/** Usernames and emails are unique across the platform; the current password proves a password change. */
export const USERNAME_TAKEN_MESSAGE = 'This username is already in use';
export const EMAIL_TAKEN_MESSAGE = 'This email address is already in use';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct';

// Creatives.
export const URL_PREFIX_MESSAGE = 'Enter a valid URL with a valid prefix';
export const REPEATED_PIXELS_MESSAGE = 'Repeated impression pixels URLs are not allowed';
export const HTML_MARKUP_MESSAGE = 'HTML markup is not valid...';

// Domains.
export const DOMAIN_MESSAGE = 'A valid domain is required';

// Organizations: the company tax id (VAT check of §5) and the fields only the operator's staff may set (§6).
/** The tax id has the right format but fails its country's check (e.g. "The VAT number is not valid"). */
export const invalidTaxIdMessage = (name: string): string => `The ${name} is not valid`;
export const TAX_ID_KIND_MISMATCH_MESSAGE = "This kind of tax id is not the one of the company's country";
export const INTERNAL_FIELD_MESSAGE = "Only the operator's staff may change this field";
export const BRANDING_FIELD_MESSAGE =
  'Only the owner of a customized (white-label) organization may change this field';
export const PARENT_CYCLE_MESSAGE = 'An organization cannot be placed under itself or one of its descendants';
export const CONTACT_NOT_STAFF_MESSAGE = "Choose an active user of the operator's staff";
export const HOST_TAKEN_MESSAGE = 'This host already belongs to another organization';
export const ADMIN_STATE_MESSAGE = 'Only an admin may delete or restore organizations';
export const OPERATOR_ORGANIZATION_FIXED_MESSAGE =
  "The operator's own organization cannot be deleted, moved or given another role";

// Geolist and publisher list uploads (§5, §8).
export const GEOLIST_INVALID_FILE_MESSAGE =
  'The file is not valid. Upload a .csv or .json file with the areas';
export const GEOLIST_EMPTY_FILE_MESSAGE = 'The file is empty. Add at least one area and upload it again';
export const GEOLIST_INVALID_CSV_MESSAGE =
  'The CSV file is not valid. Use the columns latitude, longitude, radius and name, in this order';
export const GEOLIST_WRONG_AREAS_MESSAGE =
  'Some areas are not valid. Fix the lines listed and upload the file again';
export const GEOLIST_COLUMNS_MESSAGE = 'Expected the columns latitude, longitude, radius and name';
export const GEOLIST_UNCLOSED_QUOTE_MESSAGE = 'A quoted value is never closed';
export const GEOLIST_AREA_MESSAGE =
  'An area must be an object with a latitude, a longitude, a radius and a name';
export const geolistCoordinateMessage = (coordinate: 'latitude' | 'longitude', limit: number): string =>
  `The ${coordinate} must be a number between -${limit} and ${limit}`;
export const GEOLIST_RADIUS_MESSAGE = 'The radius must be a number greater than 0';
export const GEOLIST_NAME_MESSAGE = 'The name must be text';

// Confirm dialogs.
export const confirmWordMessage = (word: string): string =>
  `You should correctly type the word ${word} to continue`;

// Billing.
export const minPrepaymentMessage = (expected: TExpected): string =>
  `The minimum prepayment top-up is ${expected}`;
