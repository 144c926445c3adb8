import { USER_ROLE_LABELS } from '@beacon/domain/dictionary/roles';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Session, SessionIdentity } from '../../api/session';
import { HOME_PATH, visibleAreas } from '../../app/areas';
import { useBranding, usePageTitle } from '../../app/branding';
import { EXTERNAL_LINKS } from '../../app/external-links';
import { useAppDialogs } from '../../app/layout/app-dialogs';
import { useSessionStore } from '../../app/session/session-store';
import { BrandLogo } from '../../components/BrandLogo';
import { formatDate, formatDateTime } from '../../lib/format';

const Card = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Paper
    component="section"
    variant="outlined"
    aria-label={title}
    sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
  >
    <Typography variant="h2">{title}</Typography>
    <Box sx={{ flex: 1 }}>{children}</Box>
    {action && <Box>{action}</Box>}
  </Paper>
);

const Facts = ({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: 'max-content minmax(0, 1fr)',
      columnGap: 2,
      rowGap: 1.25,
    }}
  >
    {rows.map(([term, value]) => (
      <Box key={term} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** The signed-in home: who you are, your session and where you can go. */
const Welcome = ({ session, identity }: { session: Session; identity: SessionIdentity }) => {
  const { openChangePassword, openContactSupport } = useAppDialogs();
  const areas = visibleAreas({
    role: identity.role,
    organizationRole: identity.organization.role,
    isTest: identity.test,
  }).filter((area) => area.path !== HOME_PATH);
  const isSimulating = session.simulation !== null;
  const docsUrl = identity.hide_docs ? null : EXTERNAL_LINKS.docs;

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          Welcome, {firstName(identity.user.name)}
        </Typography>
        <Typography color="text.secondary">
          {identity.organization.name} · {USER_ROLE_LABELS[identity.role]}
          {isSimulating && ` · simulated by ${session.user.name}`}
        </Typography>
      </Box>

      {areas.length > 0 && (
        <Box component="section" aria-labelledby="home-areas">
          <Typography id="home-areas" variant="h2" sx={{ mb: 2 }}>
            Your workspace
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {areas.map((area) => {
              const Icon = area.icon;
              return (
                <Paper
                  key={area.path}
                  component={RouterLink}
                  to={area.path}
                  variant="outlined"
                  sx={{
                    p: 2.5,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 2,
                    textDecoration: 'none',
                    '&:hover': { borderColor: 'primary.main' },
                  }}
                >
                  <Icon color="primary" />
                  <Typography sx={{ fontWeight: 600, flex: 1 }}>{area.label}</Typography>
                  <ArrowForward fontSize="small" color="action" />
                </Paper>
              );
            })}
          </Box>
        </Box>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'minmax(0, 1.4fr) minmax(0, 1fr) minmax(0, 1fr)',
          },
        }}
      >
        <Card title="Your account">
          <Facts
            rows={[
              ['Name', identity.user.name],
              ['Username', identity.user.username],
              ['Email', identity.user.email],
              ['Role', USER_ROLE_LABELS[identity.role]],
              ['Organization', identity.organization.name],
            ]}
          />
        </Card>
        <Card
          title="Security"
          action={
            isSimulating ? undefined : (
              <Button variant="outlined" onClick={openChangePassword}>
                Change password
              </Button>
            )
          }
        >
          <Facts
            rows={[
              [
                'Password expires',
                identity.password_expires_at ? formatDate(identity.password_expires_at) : 'Never',
              ],
              ['Signed in', `${formatDateTime(identity.created_at)} UTC`],
              ['Session ends', `${formatDateTime(identity.expires_at)} UTC`],
            ]}
          />
        </Card>
        <Card
          title="Help"
          action={
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={openContactSupport}>
                Report a problem
              </Button>
              {docsUrl && (
                <Button component="a" href={docsUrl} target="_blank" rel="noopener noreferrer">
                  Read the docs
                </Button>
              )}
            </Stack>
          }
        >
          <Typography variant="body2" color="text.secondary">
            Something not working as expected, or a question about your account? Write to the support team:
            your message reaches them with the details they need to help.
          </Typography>
        </Card>
      </Box>
    </Stack>
  );
};

const FEATURES = [
  {
    icon: CampaignOutlined,
    title: 'Campaigns',
    text: 'Launch app marketing, connected TV, digital out-of-home, proximity and multichannel campaigns with strategies, budgets and schedules.',
  },
  {
    icon: GroupsOutlined,
    title: 'Audiences and creatives',
    text: 'Bring your audiences, location audiences and geolists, and manage images, video, native and rich media creatives.',
  },
  {
    icon: InsightsOutlined,
    title: 'Analytics',
    text: 'Follow delivery and performance with reports and templates your whole team can share.',
  },
  {
    icon: TravelExploreOutlined,
    title: 'Discovery',
    text: 'Check traffic availability before you buy, across exchanges and DOOH suppliers.',
  },
] as const;

/** The empty path without a session (§2): what the product is, and the way in. */
const ProductIntro = () => {
  const { title } = useBranding();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 4 },
            height: 64,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <BrandLogo height={32} />
          <Box sx={{ flex: 1 }} />
          <Button
            component={RouterLink}
            to="/access/signup"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Create an account
          </Button>
          <Button component={RouterLink} to="/access/login" variant="contained">
            Log in
          </Button>
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 4 }, py: { xs: 6, md: 10 } }}>
          <Box sx={{ maxWidth: 720 }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, lineHeight: 1.15, mb: 2 }}
            >
              Buy advertising on every screen, from one console
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: 18, mb: 4 }}>
              {title} brings advertisers, agencies and their partners together to plan, buy and measure
              mobile, connected TV, digital out-of-home and proximity campaigns.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button component={RouterLink} to="/access/login" variant="contained" size="large">
                Log in
              </Button>
              <Button component={RouterLink} to="/access/signup" variant="outlined" size="large">
                Create an account
              </Button>
            </Stack>
          </Box>
          <Box component="section" aria-labelledby="features-title" sx={{ mt: { xs: 8, md: 12 } }}>
            <Typography id="features-title" variant="h2" sx={{ mb: 3 }}>
              Everything a campaign needs
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
              }}
            >
              {FEATURES.map(({ icon: Icon, title: featureTitle, text }) => (
                <Paper key={featureTitle} variant="outlined" sx={{ p: 3 }}>
                  <Icon color="primary" sx={{ mb: 1.5 }} aria-hidden />
                  <Typography variant="h3" sx={{ mb: 1 }}>
                    {featureTitle}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {text}
                  </Typography>
                </Paper>
              ))}
            </Box>
          </Box>
        </Box>
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 4 }, py: 3 }}
        >
          © {new Date().getFullYear()} {title}.{' '}
          <Link component={RouterLink} to="/access/login">
            Log in
          </Link>{' '}
          to reach your campaigns.
        </Typography>
      </Box>
    </Box>
  );
};

/** The home route `/`: a welcome for the signed-in user, the product's introduction for a visitor. */
export const HomePage = () => {
  usePageTitle('Home');
  const session = useSessionStore((state) => state.session);
  if (!session) return <ProductIntro />;
  return <Welcome session={session} identity={session.simulation ?? session} />;
};
