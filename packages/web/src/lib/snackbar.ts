/**
 * The notification snackbars of §2, from anywhere in the console. notistack's own `enqueueSnackbar` reaches its
 * provider only once the provider has mounted, and the provider comes in a chunk of its own after the page
 * (app/Snackbars.tsx, loaded lazily): a message sent before that — an action that finishes right after a page
 * is opened — would throw and be lost. Here it waits for the provider instead, and is shown when it mounts.
 */
import {
  closeSnackbar as closeFromProvider,
  enqueueSnackbar as enqueueToProvider,
  type OptionsObject,
  type SnackbarKey,
  type SnackbarMessage,
} from 'notistack';

const waiting: { message: SnackbarMessage; options: OptionsObject }[] = [];
let sequence = 0;

/** notistack's live binding: undefined until its provider has been made. */
const isProviderReady = (): boolean => typeof enqueueToProvider === 'function';

/** Shows a snackbar (or holds it until the provider mounts); answers its key. */
export const enqueueSnackbar = (message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey => {
  if (isProviderReady()) return enqueueToProvider(message, options);
  sequence += 1;
  const key = options.key ?? `waiting-${sequence}`;
  waiting.push({ message, options: { ...options, key } });
  return key;
};

/** Closes one snackbar (or every one without a key), also one still waiting for the provider. */
export const closeSnackbar = (key?: SnackbarKey): void => {
  if (isProviderReady()) {
    closeFromProvider(key);
    return;
  }
  const kept = key === undefined ? [] : waiting.filter((entry) => entry.options.key !== key);
  waiting.splice(0, waiting.length, ...kept);
};

/** The provider has mounted: what waited for it is shown, in order. */
export const showWaitingSnackbars = (): void => {
  for (const { message, options } of waiting.splice(0, waiting.length)) enqueueToProvider(message, options);
};
