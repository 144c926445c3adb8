/** The campaign and strategy forms' layout: two columns from the small breakpoint, one below it. */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      gap: 2,
      alignItems: 'start',
    }}
  >
    {children}
  </Box>
);

/** An item across both columns. */
export const Wide = ({ children }: { children: ReactNode }) => (
  <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{children}</Box>
);
