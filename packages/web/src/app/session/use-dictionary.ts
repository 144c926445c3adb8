import { useIsFetching, useQuery } from '@tanstack/react-query';
import { type Dictionary, dictionaryQueryOptions } from '../../api/dictionary';
import { selectActiveToken, useSessionStore } from './session-store';

/** The dictionary of the identity in use; loaded once a session exists and again after each switch (§4). */
export const useDictionary = (): Dictionary | undefined => {
  const token = useSessionStore(selectActiveToken);
  const isDemo = useSessionStore((state) => state.isDemo);
  const { data } = useQuery({ ...dictionaryQueryOptions(token ?? '', isDemo), enabled: token !== null });
  return data;
};

/** The application loading flag of §4: a session switch in progress, or the dictionary (re)loading. */
export const useApplicationLoading = (): boolean => {
  const isSwitching = useSessionStore((state) => state.isSwitching);
  const dictionaryFetches = useIsFetching({ queryKey: ['dictionary'] });
  return isSwitching || dictionaryFetches > 0;
};
