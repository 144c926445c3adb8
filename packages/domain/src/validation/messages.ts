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
/** Text PostgreSQL cannot store (decision 036): the NUL character, or half of a UTF-16 surrogate pair. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Text cannot contain the NUL character (\\u0000) or an unpaired surrogate (a broken emoji or symbol)';
/** A value the database refused as data (out of range, not a date, …) that no schema caught (decision 036). */
export const UNSTORABLE_VALUE_MESSAGE =
  'A value of the request is out of range or not in the expected format';
/** A multipart/form-data body that cannot be read: no boundary, a broken part, or cut short. */
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed or incomplete';
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
/** §8 creative errors (the console shows them where the video or its processing is missing). */
export const CREATIVE_PROCESSING_ERROR_MESSAGE =
  'There is a problem processing the creative. Please try again or contact support';
export const CREATIVE_NO_VIDEO_MESSAGE = 'This creative does not has a video yet. Upload one and try again';
export const CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE = 'This field does not apply to this type of creative';
export const CREATIVE_SIZE_MESSAGE = 'Choose one of the image sizes';
export const CREATIVE_ATTRIBUTE_REPEATED_MESSAGE = 'Each attribute can be chosen only once';
export const CREATIVE_EVENT_PIXEL_REPEATED_MESSAGE = 'Repeated event pixels URLs are not allowed';
export const CREATIVE_LANGUAGE_MESSAGE = 'Choose a language (ISO 639-1 code)';
export const CREATIVE_VAST_SOURCE_MESSAGE = 'Enter either a VAST URL or a VAST XML document';
export const CREATIVE_DELETED_MESSAGE = 'A deleted creative cannot be changed';
/** A link refused for one creative of a batch names it, so that the user knows which one to take out. */
export const creativeOrganizationMessage = (name: string): string =>
  `The creative "${name}" does not belong to the campaign's organization or one above it`;
export const creativeRejectedLinkMessage = (name: string): string =>
  `The creative "${name}" was rejected and cannot be linked to a campaign`;
export const CREATIVE_REJECTION_REASON_MESSAGE = 'Enter the reason for the rejection';
export const CREATIVE_REVIEW_STATE_MESSAGE = 'Only a creative pending approval can be approved or rejected';
export const CREATIVE_LINK_DUPLICATED_MESSAGE = 'This creative is listed more than once';
export const creativeApprovedAlert = (name: string): string => `The creative "${name}" was approved`;
export const creativeRejectedAlert = (name: string, reason: string): string =>
  `The creative "${name}" was rejected: ${reason}`;

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
export const geolistTooManyAreasMessage = (max: number): string =>
  `A geolist holds at most ${max.toLocaleString('en-US')} areas: split the file in several geolists`;
export const geolistJsonFileSizeMessage = (megabytes: number): string =>
  `A .json file must be at most ${megabytes} MB: upload a larger geolist as .csv`;

// Geolists: the place a geolist names narrows from country to region to city.
export const GEOLIST_REGION_COUNTRY_MESSAGE = "Choose a place in the geolist's country";
export const GEOLIST_CITY_REGION_MESSAGE = "Choose a city in the geolist's region";
export const GEOLIST_FILE_REQUIRED_MESSAGE = 'Upload a .csv or .json file with the areas';

// Publisher lists (§5 "publisher list file: publishers in a single column, one per line").
export const PUBLISHER_FILE_INVALID_MESSAGE =
  'The file is not a text file. Upload a .txt or .csv file with one publisher per line';
export const PUBLISHER_FILE_EMPTY_MESSAGE =
  'The file is empty. Add at least one publisher and upload it again';
export const PUBLISHER_FILE_COLUMNS_MESSAGE =
  'The file has more than one column. Put the publishers in a single column, one per line';
export const PUBLISHER_FILE_WRONG_MESSAGE =
  'Some lines are not publishers. Fix the lines listed and upload the file again';
export const publisherFileTooManyMessage = (limit: number): string =>
  `A publisher list holds at most ${limit} publishers`;
export const PUBLISHER_LINE_COLUMNS_MESSAGE = 'This line has more than one column';
export const PUBLISHER_MESSAGE =
  'Not a publisher: give a web domain (example.com) or an app bundle or store id (com.example.app, id389801252)';
export const PUBLISHER_FILE_REQUIRED_MESSAGE = 'Upload a .txt or .csv file with one publisher per line';

// Confirm dialogs.
export const confirmWordMessage = (word: string): string =>
  `You should correctly type the word ${word} to continue`;

// Billing.
export const minPrepaymentMessage = (expected: TExpected): string =>
  `The minimum prepayment top-up is ${expected}`;

// Campaigns and strategies: rules whose wording the spec does not fix.
export const END_BEFORE_START_MESSAGE = 'The end date cannot be before the start date';
export const SCHEDULE_RANGE_ORDER_MESSAGE = 'The end time must be after the start time';
export const SCHEDULE_RANGE_OVERLAP_MESSAGE = 'Time ranges of a schedule must not overlap';
export const SCHEDULE_PRESET_MISMATCH_MESSAGE =
  'The days and hours do not match this preset; choose Custom to change them';
export const FIELD_NOT_FOR_TYPE_MESSAGE = 'This field does not apply to this type of campaign';
export const VALUE_NOT_FOR_TYPE_MESSAGE = 'This value is not available for this type of campaign';
export const LOCATION_REQUIRED_MESSAGE = 'Choose at least one region or city';
export const ACTIVATION_NEEDS_STRATEGY_MESSAGE = 'A campaign needs at least one strategy to be activated';
export const ACTIVATION_NEEDS_COMPLETE_MESSAGE = 'Complete the campaign before activating it';
export const campaignStateTransitionMessage = (from: string, to: string): string =>
  `A campaign cannot go from ${from} to ${to}`;
export const CAMPAIGN_TYPE_FIXED_MESSAGE =
  'The type of a campaign cannot change once it is no longer a draft';
export const CAMPAIGN_DELETED_MESSAGE = 'A deleted campaign cannot be changed';
export const STRATEGY_DELETED_MESSAGE = 'A deleted strategy cannot be changed';
export const CAMPAIGN_ORGANIZATION_FIXED_MESSAGE =
  'The organization of a campaign can only change while it is a draft';
export const SYNCHRONIZED_UNLINK_MESSAGE =
  'A synchronized campaign cannot be unlinked from its source campaign';
export const SYNCHRONIZED_DATES_MESSAGE = 'A synchronized campaign follows the dates of its source campaign';
export const SOURCE_CAMPAIGN_MESSAGE =
  'Choose a campaign of the same organization that is neither synchronized nor deleted';
export const START_DATE_RESETS_BUDGET_MESSAGE =
  'Changing the start date of a campaign with a lifetime budget resets its budget: confirm it to continue';
export const STRATEGY_SHARES_MESSAGE =
  "The budget shares of a campaign's strategies cannot add up to more than 100%";
export const STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE = "A strategy must run within the campaign's dates";
export const STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE = "Choose among the campaign's countries";

// Targeting alerts (§3 "inconsistent targeting"): shown on the campaign, never blocking a save.
export const SCHEDULE_NO_DAYS_ALERT = 'The schedule has no days selected, so the campaign never runs';
export const SCHEDULE_NO_HOURS_ALERT = 'The schedule has no hours selected, so the campaign never runs';
export const regionsOutsideCountriesAlert = (regions: readonly string[]): string =>
  `Targeted regions outside the targeted countries: ${regions.join(', ')}`;
export const citiesOutsideCountriesAlert = (cities: readonly string[]): string =>
  `Targeted cities outside the targeted countries: ${cities.join(', ')}`;
export const strategyLocationOutsideAlert = (strategy: string): string =>
  `The location of strategy "${strategy}" is outside the campaign's countries`;
export const strategyScheduleNoHoursAlert = (strategy: string): string =>
  `The schedule of strategy "${strategy}" has no days or no hours selected, so it never bids`;
export const strategyOutsideDatesAlert = (strategy: string): string =>
  `Strategy "${strategy}" runs outside the campaign's dates`;

// Resource targeting (decision 021): field messages of campaign and strategy writes, and alerts.
/** The same words for an id that does not exist, is deleted or belongs to an organization the campaign cannot use. */
export const TARGETED_RESOURCE_UNAVAILABLE_MESSAGE =
  'This resource does not exist or is not available to the campaign’s organization';
export const ALLOWLIST_EXPECTED_MESSAGE = 'Choose an allowlist here (this list is a blocklist)';
export const BLOCKLIST_EXPECTED_MESSAGE = 'Choose a blocklist here (this list is an allowlist)';
/** PUBLISHER_CONFLICT_MESSAGE with the publishers concerned: the first ones and how many more. */
export const publisherConflictAlert = (publishers: readonly string[], total: number): string =>
  `${PUBLISHER_CONFLICT_MESSAGE}: ${publishers.join(', ')}${total > publishers.length ? ` and ${total - publishers.length} more` : ''}`;
export const audiencesExcludedAndRequiredAlert = (names: readonly string[]): string =>
  `Audiences both excluded and required, so no user can match: ${names.join(', ')}`;
export const targetedResourceDeletedAlert = (kind: string, name: string): string =>
  `The ${kind} "${name}" was deleted after being targeted`;
export const geolistOutsideCountriesAlert = (name: string): string =>
  `The geolist "${name}" lies outside the targeted countries`;
export const locationAudienceOutsideDatesAlert = (name: string): string =>
  `The location audience "${name}" has no day within the campaign's dates`;
/** A strategy's own alert: the strategy is named first. */
export const strategyAlert = (strategy: string, message: string): string =>
  `Strategy "${strategy}": ${message}`;

// Deals: rules whose wording the spec does not fix, and §8's "deal duplication error".
export const DEAL_EXTERNAL_ID_MESSAGE =
  'Use letters, digits and the characters . _ : - (starting with a letter or a digit)';
export const DEAL_EXTERNAL_ID_TAKEN_MESSAGE =
  'Another deal of this organization already uses this ID with this supply partner';
export const DEAL_FLOOR_PRICE_MESSAGE = 'The floor price must be greater than 0';
export const DEAL_END_DATE_REQUIRED_MESSAGE = 'A programmatic guaranteed deal needs an end date';
export const DEAL_DELETED_MESSAGE = 'A deleted deal cannot be changed';
export const GEOLIST_DELETED_MESSAGE = 'A deleted geolist cannot be changed';
export const PUBLISHER_LIST_DELETED_MESSAGE = 'A deleted publisher list cannot be changed';
export const AUDIENCE_DELETED_MESSAGE = 'A deleted audience cannot be changed';
export const LOCATION_AUDIENCE_DELETED_MESSAGE = 'A deleted location audience cannot be changed';
export const DEAL_ORGANIZATION_MESSAGE = 'Deals are not available to this organization';
export const dealDuplicationMessage = (externalId: string, supplyPartner: string): string =>
  `The deal could not be duplicated: the ID ${externalId} is already used with ${supplyPartner} in this organization. Give the copy another ID at the exchange or another supply partner`;
export const DEAL_MONITOR_UNAVAILABLE_MESSAGE =
  'No delivery data for this deal yet: requests and impressions show once it delivers';

// Location audiences: rules whose wording the spec does not fix.
export const LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE = 'Add at least one area';
export const locationAudienceMaxAreasMessage = (expected: TExpected): string =>
  `A location audience can have at most ${expected} areas`;
export const LOCATION_AUDIENCE_TIMEZONE_MESSAGE = 'Choose a valid time zone, such as Europe/Madrid or UTC';
export const LOCATION_AUDIENCE_ORGANIZATION_MESSAGE =
  'Location audiences are not available to this organization';

// Audiences (decision 019): rules whose wording the spec does not fix, and §5's upload checkbox.
export const AUDIENCE_NO_REBUILD_LABEL =
  'I commit not to rebuild the audience from these identifiers (they are stored so that they cannot be read back)';
export const AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE =
  'Tick the box committing not to rebuild the audience from the identifiers before uploading them';
export const AUDIENCE_UPLOAD_TYPE_MESSAGE =
  'Only private, private DOOH and time based audiences take identifiers';
export const AUDIENCE_SEGMENT_PUBLISHER_MESSAGE =
  'Only data-partner organizations publish adsquare, digiseg and DOOH segments';
export const AUDIENCE_ORGANIZATION_MESSAGE = 'Audiences are not available to this organization';
export const AUDIENCE_KPIS_REQUIRED_MESSAGE = 'Choose at least one KPI';
export const AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE = 'Choose at least one campaign';
export const AUDIENCE_CAMPAIGN_UNKNOWN_MESSAGE = "Choose campaigns of the audience's organization";
export const AUDIENCE_FIELD_TYPE_MESSAGE = 'This field does not apply to this type of audience';
export const AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE = 'The file is empty. Add one identifier per line';
export const AUDIENCE_FILE_REQUIRED_MESSAGE = 'Choose a file with one identifier per line';
/** Line numbers a message names before "and N more". */
const NAMED_BAD_LINES = 5;
/**
 * A file with bad lines sent without `keep_valid`: names the first bad lines and offers the two ways out, fixing
 * the file or keeping the valid identifiers.
 */
export const audienceBadLinesMessage = (
  lines: readonly number[],
  badLines: number,
  identifiers: number,
): string => {
  const named = lines.slice(0, NAMED_BAD_LINES);
  const rest = badLines - named.length;
  const list =
    rest > 0
      ? `${named.join(', ')} and ${rest.toLocaleString('en-US')} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
        : `${named[0]}`;
  const subject =
    badLines === 1 ? `Line ${list} is not a valid identifier` : `Lines ${list} are not valid identifiers`;
  return `${subject}, so nothing was stored: fix the file, or keep the ${identifiers.toLocaleString('en-US')} valid ${identifiers === 1 ? 'identifier' : 'identifiers'} and drop the bad lines`;
};
export const AUDIENCE_NO_VALID_IDENTIFIERS_MESSAGE =
  'No line of the file is a valid identifier, so nothing was stored: fix the file and upload it again';
/** The console's choice after a file with bad lines: upload it again keeping only the valid identifiers. */
export const keepValidIdentifiersLabel = (identifiers: number): string =>
  `Keep the ${identifiers.toLocaleString('en-US')} valid ${identifiers === 1 ? 'identifier' : 'identifiers'}`;
export const AUDIENCE_IDENTIFIER_MESSAGE = 'Not a valid identifier';
export const audienceIdentifierTypeMessage = (types: readonly string[]): string =>
  `Unknown identifier type: use ${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
export const AUDIENCE_IDENTIFIER_TYPE_REQUIRED_MESSAGE =
  'Give the identifier type in a second column or choose one for the whole file';
export const AUDIENCE_IDENTIFIER_UUID_MESSAGE =
  'This identifier type is a UUID such as 6d92078a-8246-4ba4-ae5b-76104861e7dc';
export const AUDIENCE_IDENTIFIER_COLUMNS_MESSAGE =
  'Expected one identifier per line, optionally followed by its type';
export const audienceIdentifierLengthMessage = (expected: TExpected): string =>
  `An identifier has at most ${expected} characters`;
export const audienceMoreBadLinesMessage = (count: number): string =>
  `…and ${count} more lines with problems`;

/** A video or audio file arrived on a server without ffmpeg/ffprobe (decision 023): not the file's fault. */
export const MEDIA_TOOLS_MISSING_MESSAGE =
  'Video and audio files cannot be processed on this server right now: its media tools (ffmpeg) are not installed. Contact support';
