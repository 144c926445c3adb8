import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../app/branding';

/** /404 and every path no route knows. */
export const NotFoundPage = () => {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: { xs: 6, md: 12 } }}>
      <Box sx={{ maxWidth: 520 }}>
        <SearchOffOutlined sx={{ fontSize: 56, color: 'text.secondary', mb: 2 }} aria-hidden />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {pathname === '/404' ? 'The page you were looking for' : <code>{pathname}</code>} does not exist, or
          it has moved. Check the address, or start again from the home page.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Go to the home page
        </Button>
      </Box>
    </Box>
  );
};
