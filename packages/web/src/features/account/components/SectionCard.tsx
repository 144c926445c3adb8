import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

type SectionCardProps = {
  readonly title: string;
  readonly description?: ReactNode;
  readonly children: ReactNode;
};

/** A titled section of an account page, named by its heading for assistive technology. */
export const SectionCard = ({ title, description, children }: SectionCardProps) => {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2.5 }}>
          {description}
        </Typography>
      )}
      <Box>{children}</Box>
    </Paper>
  );
};
