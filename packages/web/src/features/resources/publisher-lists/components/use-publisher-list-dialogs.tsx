import {
  duplicatePublisherListName,
  ZPublisherListDuplicate,
} from '@beacon/domain/validation/publisher-list';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { DuplicateResourceDialog } from '../../components/DuplicateResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import {
  deletePublisherList,
  duplicatePublisherList,
  fetchPublisherListHistory,
  PUBLISHER_LISTS_QUERY_KEY,
  type PublisherListRow,
} from '../api/publisher-list';
import { PublisherListDialog } from './PublisherListDialog';
import { SearchPublishersDialog } from './SearchPublishersDialog';
import { UploadPublishersDialog } from './UploadPublishersDialog';

/** Opens the dialogs of publisher lists on the dialog stack (§2), from the grid and from a list's page. */
export const usePublisherListDialogs = () => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      create: (onSaved?: (list: PublisherListRow) => void) =>
        stack.open('publisher-list', <PublisherListDialog {...(onSaved ? { onSaved } : {})} />),
      edit: (list: PublisherListRow) => stack.open('publisher-list', <PublisherListDialog list={list} />),
      upload: (list: PublisherListRow) =>
        stack.open('upload-publishers', <UploadPublishersDialog list={list} />),
      search: (list: PublisherListRow) =>
        stack.open('search-publishers', <SearchPublishersDialog list={list} />),
      history: (list: PublisherListRow) =>
        stack.open(
          'history',
          <HistoryDialog
            title={`History of ${list.name}`}
            queryKey={[...PUBLISHER_LISTS_QUERY_KEY, 'history', list.id]}
            fetcher={(signal) => fetchPublisherListHistory(list.id, signal)}
          />,
        ),
      duplicate: (list: PublisherListRow) =>
        stack.open(
          'duplicate',
          <DuplicateResourceDialog
            kind="publisher list"
            sourceName={list.name}
            defaultName={duplicatePublisherListName(list.name)}
            schema={ZPublisherListDuplicate}
            description="The copy has the same kind and publishers."
            onDuplicate={async (name) => {
              const copy = await duplicatePublisherList(list.id, { name });
              await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
              return copy;
            }}
          />,
        ),
      remove: (list: PublisherListRow, onDeleted?: () => void) =>
        stack.open(
          'delete',
          <DeleteResourceDialog
            kind="publisher list"
            name={list.name}
            onDelete={async () => {
              await deletePublisherList(list.id, list.version);
              await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
            }}
            {...(onDeleted ? { onDeleted } : {})}
          />,
        ),
    }),
    [stack, queryClient],
  );
};
