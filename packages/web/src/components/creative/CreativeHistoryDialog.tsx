import { HistoryDialog } from '../history/HistoryDialog';
import { CREATIVES_QUERY_KEY, fetchCreativeHistory } from './api/creative';

type CreativeHistoryDialogProps = { readonly creativeId: number; readonly name: string };

/** The history dialog (§2) of a creative: who changed what and when (approvals included), newest first. */
export const CreativeHistoryDialog = ({ creativeId, name }: CreativeHistoryDialogProps) => (
  <HistoryDialog
    title={`History of ${name}`}
    entity="creative"
    queryKey={[...CREATIVES_QUERY_KEY, 'history', creativeId]}
    fetcher={(signal) => fetchCreativeHistory(creativeId, signal)}
  />
);
