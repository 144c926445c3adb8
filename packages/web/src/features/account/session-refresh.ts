/**
 * After a profile or branding save the server's session (GET /session) already tells the new name, image,
 * decimal mark and customization: the console reads it again and merges it into the identity in use (the
 * simulated one while simulating), so that the app bar, the theme and number formatting follow without a new
 * login.
 */
import { fetchSession } from '../../api/session';
import { useSessionStore } from '../../app/session/session-store';

export const refreshSession = async (): Promise<void> => {
  const fresh = await fetchSession();
  useSessionStore.getState().update({
    user: fresh.user,
    organization: fresh.organization,
    customization: fresh.customization,
    image: fresh.image,
    decimal_mark: fresh.decimal_mark,
    hide_docs: fresh.hide_docs,
  });
};
