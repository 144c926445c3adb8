import { DEFAULT_LANDING_ROUTE } from '@beacon/domain/access/route-guard';
import {
  CHUNK_LOAD_FAILED_MESSAGE,
  CHUNK_LOAD_FAILED_TITLE,
  TRY_AGAIN_LATER_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@beacon/domain/dictionary/error-catalogue';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy';
import { LOGIN_PATH } from './session/session-actions';

/** The error's name, message and stack as one text, for the read-only box and for support. */
export const describeError = (error: unknown): string => {
  if (isRouteErrorResponse(error)) {
    return [`${error.status} ${error.statusText}`, typeof error.data === 'string' ? error.data : '']
      .filter(Boolean)
      .join('\n');
  }
  if (error instanceof Error) {
    const stack = error.stack ?? '';
    const head = `${error.name}: ${error.message}`;
    return stack.startsWith(head) || stack.startsWith(error.message)
      ? stack
      : [head, stack].filter(Boolean).join('\n');
  }
  return typeof error === 'string' ? error : 'Unknown error';
};

/**
 * The error screen of §2: a generic text, a read-only box with the error's name, message and stack, and one
 * button: to login when already on the campaigns page (which failed), otherwise to campaigns. It reloads the
 * page, since the state that failed cannot be trusted.
 */
export const ErrorScreen = ({ error }: { readonly error: unknown }) => {
  const details = describeError(error);
  const [isCopied, setIsCopied] = useState(false);
  const isOnLanding = window.location.pathname.replace(/\/+$/, '') === DEFAULT_LANDING_ROUTE;
  const target = isOnLanding ? LOGIN_PATH : DEFAULT_LANDING_ROUTE;
  // Code that could not be fetched after its retries (lib/lazy.ts): nothing is broken but the connection or a
  // new version's chunk names, so the way out is a reload of the same page.
  const isLoadFailure = isChunkLoadError(error);

  useEffect(() => {
    console.error('[error screen]', error);
    document.title = 'Something went wrong';
  }, [error]);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: { xs: 2, sm: 4 },
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 720, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ErrorOutlineOutlined color="error" sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="h1">
              {isLoadFailure ? CHUNK_LOAD_FAILED_TITLE : UNEXPECTED_ERROR_MESSAGE}
            </Typography>
          </Stack>
          <Typography color="text.secondary">
            {isLoadFailure ? CHUNK_LOAD_FAILED_MESSAGE : TRY_AGAIN_LATER_MESSAGE}. If it happens again, copy
            the details below and send them to support.
          </Typography>
          <Box>
            <Typography
              component="label"
              htmlFor="error-details"
              variant="body2"
              sx={{ fontWeight: 600, display: 'block', mb: 1 }}
            >
              Error details
            </Typography>
            <Box
              component="textarea"
              id="error-details"
              readOnly
              spellCheck={false}
              value={details}
              rows={10}
              sx={{
                display: 'block',
                width: '100%',
                resize: 'vertical',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'grey.50',
                color: 'text.primary',
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
                fontSize: 13,
                lineHeight: 1.5,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                overflow: 'auto',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
              }}
            />
          </Box>
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button
              variant="outlined"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(details)
                  .then(() => setIsCopied(true))
                  .catch(() => setIsCopied(false));
              }}
            >
              {isCopied ? 'Details copied' : 'Copy details'}
            </Button>
            {isLoadFailure ? (
              <Button variant="contained" onClick={() => window.location.reload()}>
                Reload
              </Button>
            ) : (
              <Button variant="contained" onClick={() => window.location.assign(target)}>
                {isOnLanding ? 'Go to login' : 'Go to campaigns'}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
};

/** The router's error element: render errors and failed route loads of any page. */
export const RouteErrorScreen = () => <ErrorScreen error={useRouteError()} />;
