import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useBranding } from '../../../app/branding';
import { FOOTER_LINKS } from '../../../app/external-links';
import { BrandLogo } from '../../../components/BrandLogo';

const CHANNELS = ['Mobile', 'Connected TV', 'Digital out-of-home', 'Proximity', 'Multichannel'] as const;

type AccessLayoutProps = {
  readonly title: string;
  readonly subtitle?: ReactNode;
  readonly children: ReactNode;
  /** Below the form: links to the other access pages. */
  readonly footer?: ReactNode;
  readonly width?: number;
};

/**
 * The public access pages (§2 /access/*): the brand's panel beside the form on wide screens, the form alone on
 * narrow ones. The brand colour and logo are the white-label's when the console is served on its host.
 */
export const AccessLayout = ({ title, subtitle, children, footer, width = 400 }: AccessLayoutProps) => {
  const branding = useBranding();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        component="aside"
        aria-label={`About ${branding.title}`}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          flex: '0 0 44%',
          maxWidth: 640,
          p: 6,
          color: 'primary.contrastText',
          bgcolor: 'primary.main',
          backgroundImage:
            'radial-gradient(circle at 20% 15%, rgba(255,255,255,0.16), transparent 45%), radial-gradient(circle at 85% 90%, rgba(0,0,0,0.22), transparent 50%)',
        }}
      >
        <Typography sx={{ fontWeight: 700, fontSize: 20, letterSpacing: '-0.01em' }}>
          {branding.title}
        </Typography>
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: 34, fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.02em', mb: 2 }}
          >
            Plan, buy and measure advertising on every screen.
          </Typography>
          <Typography sx={{ opacity: 0.92, fontSize: 17, maxWidth: 460 }}>
            Campaigns, audiences, creatives and reports for your whole team, in one console.
          </Typography>
          <Stack
            component="ul"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, mt: 4, mb: 0 }}
          >
            {CHANNELS.map((channel) => (
              <Box
                component="li"
                key={channel}
                sx={{
                  px: 1.5,
                  py: 0.5,
                  borderRadius: 5,
                  fontSize: 14,
                  fontWeight: 600,
                  bgcolor: 'rgba(255,255,255,0.16)',
                }}
              >
                {channel}
              </Box>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          © {new Date().getFullYear()} {branding.title}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          px: { xs: 2.5, sm: 4 },
          py: { xs: 5, sm: 6 },
          bgcolor: { xs: 'background.paper', sm: 'background.default', md: 'background.paper' },
        }}
      >
        <Box
          sx={{
            width: '100%',
            maxWidth: width,
            p: { xs: 0, sm: 5, md: 0 },
            bgcolor: 'background.paper',
            borderRadius: 3,
            border: { xs: 0, sm: 1, md: 0 },
            borderColor: { sm: 'divider' },
            boxShadow: { xs: 'none', sm: '0 8px 30px rgba(20, 33, 61, 0.06)', md: 'none' },
          }}
        >
          <Box sx={{ mb: 4 }}>
            <BrandLogo height={40} />
          </Box>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
          {footer && <Box sx={{ mt: 4, textAlign: 'center' }}>{footer}</Box>}
          {FOOTER_LINKS.length > 0 && (
            <Box
              component="nav"
              aria-label="Legal and company links"
              sx={{ mt: 5, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2 }}
            >
              {FOOTER_LINKS.map((link) => (
                <Link
                  key={link.href}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                  color="text.secondary"
                >
                  {link.label}
                </Link>
              ))}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
};
