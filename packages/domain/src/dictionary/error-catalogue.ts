/** The texts of the spec's §8 error catalogue, shared by the server's error answers and the console. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
export const TRY_AGAIN_LATER_MESSAGE = 'Something went wrong. Please try again later';
export const GENERIC_SNACKBAR_MESSAGE = 'Oops! Something went wrong!';
export const GRID_ERROR_MESSAGE = 'Oops, something went wrong! Try again later or contact support';
export const PASSWORD_EXPIRED_MESSAGE = 'Password expired. Request a new one';
export const PASSWORD_EXPIRING_MESSAGE = 'Your password has expired or is about to expire';
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const REQUEST_FAILED_MESSAGE = 'Request failed';
export const REQUEST_ABORTED_MESSAGE = 'Request aborted';
export const CREATIVE_PROCESSING_MESSAGE =
  'There is a problem processing the creative. Please try again or contact support';
export const CREATIVE_WITHOUT_VIDEO_MESSAGE =
  'This creative does not has a video yet. Upload one and try again';
export const DASHBOARD_UNAVAILABLE_MESSAGE = 'Something went wrong';

/** A part of the console (a lazily loaded page or dialog) could not be fetched, even after retries. */
export const CHUNK_LOAD_FAILED_TITLE = 'This page could not be loaded';
export const CHUNK_LOAD_FAILED_MESSAGE =
  'The connection may have dropped, or a new version of Beacon has just been installed. Reload the page to try again';
