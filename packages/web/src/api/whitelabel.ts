/** GET /whitelabel: the branding of the host the console is served on, before anyone logs in. */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { Customization } from './session';

export const fetchWhitelabel = (signal?: AbortSignal): Promise<Customization> =>
  api<Customization>('/whitelabel', { signal, token: null });

export const whitelabelQueryOptions = () =>
  queryOptions({ queryKey: ['whitelabel'], queryFn: ({ signal }) => fetchWhitelabel(signal) });
