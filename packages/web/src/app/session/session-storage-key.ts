/**
 * Where the session store keeps the session in localStorage. A module of its own, without imports, so that
 * the build (chunk-groups.ts) can name it to public/console-preload.js, which runs before the console's code.
 */
export const SESSION_STORAGE_KEY = 'beacon.session';
