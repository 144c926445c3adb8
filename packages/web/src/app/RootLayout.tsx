import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ApplicationLoadingBar } from './ApplicationLoadingBar';
import { useBranding, useFavicon } from './branding';
import { DialogStackProvider } from './dialogs/DialogStackProvider';
import { useSessionStore } from './session/session-store';
import { useDictionary } from './session/use-dictionary';
import { UnsavedChangesBlocker } from './UnsavedChangesBlocker';

// Snackbars report what signed-in users do; the public pages (login's budget) do not load them.
const Snackbars = lazy(() => import('./Snackbars').then((module) => ({ default: module.Snackbars })));

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
      <ApplicationLoadingBar />
      <UnsavedChangesBlocker />
      <Outlet />
    </DialogStackProvider>
  );
};
