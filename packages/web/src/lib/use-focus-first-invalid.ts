import { type RefObject, useEffect } from 'react';

/**
 * Each new `request` (a count of failed checks and saves, `useResourceSave`'s `failedAttempts`) moves the
 * focus to the first invalid field inside `ref`: in a long form, the message may be out of sight.
 */
export const useFocusFirstInvalid = (ref: RefObject<HTMLElement | null>, request: number): void => {
  useEffect(() => {
    if (request === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [ref, request]);
};
