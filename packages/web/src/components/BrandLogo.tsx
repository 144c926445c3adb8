import Box from '@mui/material/Box';
import { useBranding } from '../app/branding';

export type BrandLogoProps = { readonly height?: number };

/**
 * The logo of the branding in use (the white-label's or the product's), with the brand title as its text
 * alternative. Nothing is drawn until the host's branding is known, so another brand never flashes.
 */
export const BrandLogo = ({ height = 32 }: BrandLogoProps) => {
  const { logo, title, isResolved } = useBranding();
  if (!isResolved) return <Box sx={{ height, width: height * 3 }} aria-hidden />;
  return (
    <Box
      component="img"
      src={logo}
      alt={title}
      sx={{ height, width: 'auto', maxWidth: height * 6, display: 'block', objectFit: 'contain' }}
    />
  );
};
