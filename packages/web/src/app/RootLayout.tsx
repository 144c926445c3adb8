import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { lazy } from '../lib/lazy';
import { ApplicationLoadingBar } from './ApplicationLoadingBar';
import { useBranding, useFavicon } from './branding';
import { DialogStackProvider } from './dialogs/DialogStackProvider';
import { useDialogStack } from './dialogs/dialog-stack';
import { useSessionStore } from './session/session-store';
import { useDictionary } from './session/use-dictionary';
import { UnsavedChangesBlocker } from './UnsavedChangesBlocker';

// Snackbars report what signed-in users do; the public pages (login's budget) do not load them.
const Snackbars = lazy(() => import('./Snackbars').then((module) => ({ default: module.Snackbars })));

/**
 * Dialogs belong to the session that opened them: when it ends (logout, or a 401 that forces login) they close,
 * instead of staying open, modal, over the login page.
 */
const CloseDialogsWithoutSession = ({ hasSession }: { readonly hasSession: boolean }) => {
  const { closeAll } = useDialogStack();
  useEffect(() => {
    if (!hasSession) closeAll();
  }, [hasSession, closeAll]);
  return null;
};

/** The root route: branding, the dictionary of the session, the loading bar, the dialog stack and the blocker. */
export const RootLayout = () => {
  const { favicon } = useBranding();
  useFavicon(favicon);
  useDictionary();
  const hasSession = useSessionStore((state) => state.session !== null);
  return (
    <DialogStackProvider>
      {hasSession && (
        <Suspense fallback={null}>
          <Snackbars />
        </Suspense>
      )}
      <CloseDialogsWithoutSession hasSession={hasSession} />
      <ApplicationLoadingBar />
      <UnsavedChangesBlocker />
      <Outlet />
    </DialogStackProvider>
  );
};
