import { MAX_VISIBLE_SNACKBARS } from '@beacon/domain/dictionary/constants';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { showWaitingSnackbars } from '../lib/snackbar';

/** notistack's own colours are too light for white text (AA contrast): the theme's strong ones instead. */
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent': { fontFamily: theme.typography.fontFamily, fontWeight: 500 },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));

const VARIANTS = {
  default: Content,
  success: Content,
  error: Content,
  warning: Content,
  info: Content,
} as const;

/**
 * The notification snackbars of §2 (success, warning, info, error; at most MAX_VISIBLE_SNACKBARS at once).
 * `enqueueSnackbar` of lib/snackbar.ts reaches this provider wherever it is called from, also before it mounted.
 */
export const Snackbars = () => {
  useEffect(() => showWaitingSnackbars(), []);
  return (
    <SnackbarProvider
      maxSnack={MAX_VISIBLE_SNACKBARS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      Components={VARIANTS}
    />
  );
};
