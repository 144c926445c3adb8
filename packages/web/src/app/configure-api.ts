/** Wires the HTTP client to the session (credentials, demo flag) and to the §8 reactions to 401 and 403. */
import { configureApiClient } from '../api/client';
import { HOME_PATH } from './areas';
import { navigateTo } from './navigation';
import { forceLogout } from './session/session-actions';
import { selectActiveToken, useSessionStore } from './session/session-store';

export const configureApi = (): void => {
  configureApiClient({
    getCredentials: () => {
      const state = useSessionStore.getState();
      return { token: selectActiveToken(state), isDemo: state.isDemo };
    },
    onUnauthorized: (error) => forceLogout(error.message),
    onForbidden: () => {
      void navigateTo(HOME_PATH);
    },
  });
};
