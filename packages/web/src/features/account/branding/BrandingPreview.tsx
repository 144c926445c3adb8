import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_BRANDING } from '../../../app/branding';
import { accessiblePrimary } from '../../../app/theme';

export type BrandingPreviewProps = {
  readonly title: string;
  /** The colour as typed and valid, or null for the product's. */
  readonly color: string | null;
  readonly logoUrl: string | null;
  readonly faviconUrl: string | null;
  /** Initials of the signed-in user, drawn in the app bar's avatar. */
  readonly initials: string;
};

const FRAME_SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: 'background.paper',
} as const;

/** A bar standing for a text input of the login card. */
const FakeInput = ({ label }: { readonly label: string }) => (
  <Box>
    <Typography sx={{ fontSize: 10, color: 'text.secondary', mb: 0.25 }}>{label}</Typography>
    <Box sx={{ height: 22, border: 1, borderColor: '#cbd5e1', borderRadius: 1 }} />
  </Box>
);

/**
 * The console with the branding being edited, before it is saved: the browser tab (favicon and title), the app
 * bar (logo and the colour of the user's avatar) and the login page (brand panel and login card). It follows the
 * console's rules: no logo, title or colour falls back to the product's, and a light colour is darkened until
 * white text on it stays readable (decision 006).
 */
export const BrandingPreview = ({ title, color, logoUrl, faviconUrl, initials }: BrandingPreviewProps) => {
  const brandTitle = title.trim() || PRODUCT_BRANDING.title;
  const logo = logoUrl ?? PRODUCT_BRANDING.logo;
  const favicon = faviconUrl ?? PRODUCT_BRANDING.favicon;
  const primary = accessiblePrimary(color);
  return (
    <Box
      component="figure"
      aria-labelledby="branding-preview-caption"
      sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-primary={primary}
    >
      <Typography id="branding-preview-caption" component="figcaption" variant="subtitle2">
        Live preview
      </Typography>

      <Box sx={FRAME_SX} data-testid="branding-preview-app">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            py: 0.75,
            bgcolor: '#e2e8f0',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              bgcolor: 'background.paper',
              borderRadius: '6px 6px 0 0',
              px: 1,
              py: 0.5,
              maxWidth: 220,
              minWidth: 0,
            }}
          >
            <Box component="img" src={favicon} alt="" sx={{ width: 14, height: 14, flexShrink: 0 }} />
            <Typography noWrap sx={{ fontSize: 12 }}>
              Home · {brandTitle}
            </Typography>
          </Box>
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 1.5,
            height: 44,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <MenuIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{ height: 22, width: 'auto', maxWidth: 132, objectFit: 'contain', display: 'block' }}
          />
          <Box sx={{ flex: 1 }} />
          <Box
            aria-hidden
            sx={{
              width: 26,
              height: 26,
              borderRadius: '50%',
              bgcolor: primary,
              color: '#fff',
              fontSize: 11,
              fontWeight: 600,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {initials}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, p: 1.5, bgcolor: 'background.default' }}>
          <Box sx={{ width: 56, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            <Box sx={{ height: 10, borderRadius: 1, bgcolor: primary, opacity: 0.9 }} />
            <Box sx={{ height: 10, borderRadius: 1, bgcolor: '#cbd5e1' }} />
            <Box sx={{ height: 10, borderRadius: 1, bgcolor: '#cbd5e1' }} />
          </Box>
          <Box
            sx={{
              flex: 1,
              height: 52,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          />
        </Box>
      </Box>

      <Box sx={{ ...FRAME_SX, display: 'flex', minHeight: 190 }} data-testid="branding-preview-login">
        <Box
          sx={{
            flex: '0 0 42%',
            p: 1.5,
            bgcolor: primary,
            color: '#fff',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            minWidth: 0,
          }}
        >
          <Typography sx={{ fontWeight: 700, fontSize: 13, overflowWrap: 'anywhere' }}>
            {brandTitle}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 12, lineHeight: 1.25 }}>
            Plan, buy and measure advertising on every screen.
          </Typography>
        </Box>
        <Box sx={{ flex: 1, p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{
              height: 22,
              width: 'auto',
              maxWidth: '100%',
              objectFit: 'contain',
              alignSelf: 'flex-start',
            }}
          />
          <Typography sx={{ fontWeight: 700, fontSize: 14 }}>Log in</Typography>
          <FakeInput label="Username" />
          <FakeInput label="Password" />
          <Box
            sx={{
              mt: 0.5,
              height: 26,
              borderRadius: 1,
              bgcolor: primary,
              color: '#fff',
              fontSize: 12,
              fontWeight: 600,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            Log in
          </Box>
        </Box>
      </Box>
    </Box>
  );
};
