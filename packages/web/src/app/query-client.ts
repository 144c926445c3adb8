import { QueryClient } from '@tanstack/react-query';

/**
 * §7: data loading is a cached GET that does not revalidate on focus or when stale. Queries are refreshed
 * on purpose instead: after a write (invalidation), and after login, simulation, return or a demo toggle,
 * when the session actions reset the cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
