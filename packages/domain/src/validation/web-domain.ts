/** Domain and URL rules of spec §5: "a valid domain is required; the URL pattern requires an http(s) scheme". */
import type { z } from 'zod';
import { requiredString } from './generic';
import { DOMAIN_MESSAGE, INVALID_FORMAT_MESSAGE } from './messages';

/** One DNS label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen. */
export const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A top-level domain: two letters or more, or an internationalised one in punycode (xn--…). */
const TOP_LEVEL_LABEL = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
const HOSTNAME = `(?:${DOMAIN_LABEL}\\.)+${TOP_LEVEL_LABEL}`;
const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}`;

/** A hostname with at least two labels and no scheme, port or path: example.com, sub.example.co.uk. */
export const DOMAIN_PATTERN = new RegExp(`^${HOSTNAME}$`);
/**
 * An absolute http(s) URL on a domain, localhost or an IPv4 address, with optional port, path, query, hash.
 * No regex flags: the pattern also goes into the OpenAPI document, where flags are lost.
 */
export const URL_PATTERN = new RegExp(
  `^https?://(?:${HOSTNAME}|localhost|${IPV4})(?::[0-9]{1,5})?(?:[/?#]\\S*)?$`,
);

/** Longest hostname DNS allows. */
const MAX_DOMAIN_LENGTH = 253;

export const isDomain = (value: string): boolean =>
  value.length <= MAX_DOMAIN_LENGTH && DOMAIN_PATTERN.test(value);

/** A domain, stored in lower case (DNS names are case-insensitive). Checks, not refinements: they reach OpenAPI. */
export const ZDomain = requiredString()
  .toLowerCase()
  .max(MAX_DOMAIN_LENGTH, { error: DOMAIN_MESSAGE })
  .regex(DOMAIN_PATTERN, { error: DOMAIN_MESSAGE });
export type TDomain = z.infer<typeof ZDomain>;

export const ZUrl = requiredString().regex(URL_PATTERN, { error: INVALID_FORMAT_MESSAGE });
export type TUrl = z.infer<typeof ZUrl>;
