import { Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { lazy } from '../lib/lazy';
import { useDialogStack } from './dialogs/dialog-stack';
import { useHasUnsavedChanges, useUnsavedChangesStore } from './unsaved-changes';

const DiscardChangesDialog = lazy(() =>
  import('../components/DiscardChangesDialog').then((module) => ({ default: module.DiscardChangesDialog })),
);

const DIALOG_ID = 'discard-changes';

/**
 * Blocks navigation to another page while any unsaved-changes flag is set (§2) and asks with the discard-changes
 * dialog; leaving or reloading the browser tab gets the browser's own warning.
 */
export const UnsavedChangesBlocker = () => {
  const hasUnsavedChanges = useHasUnsavedChanges();
  const dialogs = useDialogStack();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    dialogs.open(
      DIALOG_ID,
      <Suspense fallback={null}>
        <DiscardChangesDialog
          onDiscard={() => {
            useUnsavedChangesStore.getState().clearAll();
            blocker.proceed();
          }}
          onKeepEditing={() => blocker.reset()}
        />
      </Suspense>,
    );
  }, [blocker, dialogs]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);

  return null;
};
