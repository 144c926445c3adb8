/**
 * VAST sources of external video creatives (decision 023): a VAST URL is fetched and a pasted VAST
 * document parsed, and either must be VAST 4.x. The messages of a refused source and the fetch limits.
 */

/** VAST versions Beacon accepts: the 4.x family (4.0 to 4.3 today). */
export const VAST_VERSION_PATTERN = /^4\.\d+$/;
/** The VAST Beacon writes for its own video creatives. */
export const SERVED_VAST_VERSION = '4.2';

export const MAX_VAST_BYTES = 1024 * 1024;
export const VAST_FETCH_TIMEOUT_MS = 5000;

export const VAST_NOT_XML_MESSAGE = 'The VAST document is not well-formed XML';
export const vastNotXmlAtMessage = (line: number, problem: string): string =>
  `${VAST_NOT_XML_MESSAGE} (line ${line}: ${problem})`;
export const VAST_DOCTYPE_MESSAGE = 'The VAST document must not declare a DOCTYPE or entities';
export const VAST_ROOT_MESSAGE = 'The document is not a VAST document (its root element must be VAST)';
export const vastVersionMessage = (version: string | undefined): string =>
  version
    ? `The document is VAST ${version}: only VAST 4.x is accepted`
    : 'The VAST document has no version: only VAST 4.x is accepted';
export const VAST_NO_AD_MESSAGE = 'The VAST document has no Ad';
export const VAST_AD_KIND_MESSAGE = 'Each Ad of the VAST document must hold either an InLine or a Wrapper';
export const vastMissingMessage = (element: string, inside: string): string =>
  `The VAST document lacks ${element} in ${inside}`;
export const VAST_TOO_LARGE_MESSAGE = `The VAST document is larger than ${MAX_VAST_BYTES / 1024 / 1024} MB`;
export const VAST_URL_UNREACHABLE_MESSAGE = 'The VAST URL could not be fetched. Check it and try again';
export const VAST_URL_TIMEOUT_MESSAGE = `The VAST URL did not answer within ${VAST_FETCH_TIMEOUT_MS / 1000} seconds`;
export const vastUrlStatusMessage = (status: number): string =>
  `The VAST URL answered with HTTP status ${status}`;
export const VAST_URL_PRIVATE_MESSAGE = 'The VAST URL must point to a public internet address';
export const VAST_ONLY_VIDEO_MESSAGE = 'Beacon serves a VAST document for video creatives only';
