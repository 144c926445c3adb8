/**
 * The history dialog of deals, geolists, publisher lists, audiences and location audiences: the console's one
 * history dialog (components/history), which reads what each entry is about from the entry itself.
 */
export { HistoryDialog, type HistoryDialogProps } from '../../../components/history/HistoryDialog';
