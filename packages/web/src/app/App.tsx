import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './AppErrorBoundary';
import { useBranding } from './branding';
import { queryClient } from './query-client';
import { router } from './router';
import { createAppTheme } from './theme';

/** The theme follows the brand colour in use (white-label before login, the session's after). */
const BrandedThemeProvider = ({ children }: { readonly children: ReactNode }) => {
  const { color } = useBranding();
  const theme = useMemo(() => createAppTheme(color), [color]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <BrandedThemeProvider>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </BrandedThemeProvider>
  </QueryClientProvider>
);
