/**
 * Route prefetching (the page budget of docs/decisions/006-console-foundations.md): a route's loader starts the requests its page will make as soon
 * as the route matches, in parallel with downloading the page's code, instead of after it has rendered. The
 * queries land in the shared cache (`staleTime: Infinity`), where the page's own `useQuery` finds them.
 * Nothing is asked for a visitor the route guard would turn away, so a prefetch never calls the server on a
 * page the user may not open.
 */
import type { QueryClient } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '../api/dictionary';
import { decideNavigation } from './guard';
import { queryClient } from './query-client';
import { selectActiveIdentity, selectActiveToken, useSessionStore } from './session/session-store';

/** Whether the signed-in identity may open `pathname` (false without a session). */
export const mayOpen = (pathname: string): boolean => {
  const identity = selectActiveIdentity(useSessionStore.getState());
  if (!identity) return false;
  const decision = decideNavigation(pathname, {
    role: identity.role,
    organizationRole: identity.organization.role,
    isTest: identity.test,
  });
  return decision.kind === 'allow';
};

/** The dictionary every signed-in page reads (§4): asked once a session exists, with the page's code. */
export const prefetchDictionary = (client: QueryClient = queryClient): void => {
  const state = useSessionStore.getState();
  const token = selectActiveToken(state);
  if (token === null) return;
  void client.prefetchQuery(dictionaryQueryOptions(token, state.isDemo));
};

/**
 * A loader for a route whose page code is lazy: starts `prefetch` when the user may open the page. It waits
 * for the next task: the first navigation starts while the router module is still being evaluated, before
 * main.tsx has wired the HTTP client to the session (configureApi), and a request sent then would carry no
 * token.
 */
export const prefetchLoader =
  (prefetch: (params: Readonly<Record<string, string | undefined>>) => void) =>
  ({ request, params }: { request: Request; params: Readonly<Record<string, string | undefined>> }): null => {
    const { pathname } = new URL(request.url);
    setTimeout(() => {
      if (!mayOpen(pathname)) return;
      prefetchDictionary();
      prefetch(params);
    }, 0);
    return null;
  };
