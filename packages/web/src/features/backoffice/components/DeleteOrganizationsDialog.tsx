import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmWordDialog } from '../../../components/ConfirmWordDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { deleteOrganizations } from '../api/bulk-update-organizations';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from '../api/organization';

/** How many names the confirmation lists before it says how many more. */
const LISTED_NAMES = 8;
const CONFIRM_WORD = 'Delete';

const countText = (count: number): string => `${count} organization${count === 1 ? '' : 's'}`;

export type DeleteOrganizationsDialogProps = {
  readonly organizations: readonly Organization[];
  readonly onDeleted: () => void;
};

/**
 * Deletes the selected organizations (§4: their state becomes DELETED) once the user types the word: they
 * leave the lists, their history stays.
 */
export const DeleteOrganizationsDialog = ({ organizations, onDeleted }: DeleteOrganizationsDialogProps) => {
  const queryClient = useQueryClient();
  const count = organizations.length;
  const listed = organizations.slice(0, LISTED_NAMES);
  return (
    <ConfirmWordDialog
      title={`Delete ${countText(count)}?`}
      word={CONFIRM_WORD}
      confirmLabel={`Delete ${countText(count)}`}
      isDestructive
      description={
        <>
          <Typography>
            {count === 1 ? 'It leaves' : 'They leave'} every list; {count === 1 ? 'its' : 'their'} history is
            kept.
          </Typography>
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {listed.map((organization) => (
              <li key={organization.id}>
                {organization.name}{' '}
                <Typography component="span" color="text.secondary">
                  #{organization.id}
                </Typography>
              </li>
            ))}
            {count > listed.length && <li>and {count - listed.length} more</li>}
          </Box>
        </>
      }
      onConfirm={async () => {
        await deleteOrganizations(organizations.map((organization) => organization.id));
        await queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY });
        onDeleted();
        enqueueSnackbar(`${countText(count)} deleted`, { variant: 'success' });
      }}
    />
  );
};
