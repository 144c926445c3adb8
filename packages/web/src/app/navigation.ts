/**
 * Navigation from outside React (the API client's 401 and 403 handling, session actions). The router
 * registers its `navigate` at start; until then a full page load does the job.
 */
export type NavigateOptions = { readonly replace?: boolean; readonly state?: unknown };
export type Navigate = (to: string, options?: NavigateOptions) => Promise<void>;

let navigateImpl: Navigate = async (to) => {
  window.location.assign(to);
};

export const registerNavigate = (navigate: Navigate): void => {
  navigateImpl = navigate;
};

export const navigateTo: Navigate = (to, options) => navigateImpl(to, options);

/** The current in-app location (path, query and hash), to come back to after logging in again. */
export const currentLocation = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;
