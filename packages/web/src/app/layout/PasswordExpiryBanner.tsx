import { PASSWORD_EXPIRING_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { formatDate } from '../../lib/format';
import { useAppDialogs } from './app-dialogs';
import { isPasswordExpiring } from './password-expiry';

/** §2/§8: 'Your password has expired or is about to expire', with a way to change it. */
export const PasswordExpiryBanner = ({
  expiresAt,
  warningAt,
}: {
  readonly expiresAt: string | null;
  readonly warningAt: string | null;
}) => {
  const { openChangePassword } = useAppDialogs();
  const isExpiring = useMemo(() => isPasswordExpiring(warningAt, Date.now()), [warningAt]);
  if (!isExpiring || !expiresAt) return null;
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0, borderBottom: 1, borderColor: 'warning.light' }}
      action={
        <Button color="inherit" size="small" onClick={openChangePassword} sx={{ whiteSpace: 'nowrap' }}>
          Change password
        </Button>
      }
    >
      {PASSWORD_EXPIRING_MESSAGE}. It expires on {formatDate(expiresAt)}.
    </Alert>
  );
};
