import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type AdvertiserOption = { readonly id: number; readonly name: string };

/** The organizations a user may create creatives for: its own first, then its children by name. */
export const useAdvertiserOptions = (organizationId: number | undefined) =>
  useQuery({
    queryKey: ['creatives', 'advertisers', organizationId],
    enabled: organizationId !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<AdvertiserOption[]> => {
      const [own, children] = await Promise.all([
        api<AdvertiserOption>(`/v2/organization/${organizationId}`, { signal }),
        api<AdvertiserOption[]>(`/organization/${organizationId}/children`, { signal }),
      ]);
      const pick = ({ id, name }: AdvertiserOption): AdvertiserOption => ({ id, name });
      return [pick(own), ...children.map(pick).sort((a, b) => a.name.localeCompare(b.name))];
    },
  });
