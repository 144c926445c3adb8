import { USER_ROLE_LABELS } from '@beacon/domain/dictionary/roles';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../app/branding';
import { useAppDialogs } from '../../../app/layout/app-dialogs';
import {
  selectActiveIdentity,
  selectIsSimulating,
  useSessionStore,
} from '../../../app/session/session-store';
import { BrandingSection } from '../branding/BrandingSection';
import { SectionCard } from '../components/SectionCard';
import { OrganizationSettingsSection } from '../organization/OrganizationSettingsSection';
import { mayEditOrganizationSettings } from '../organization/organization-settings';
import { ProfileSection } from './ProfileSection';

const Fact = ({ term, value }: { readonly term: string; readonly value: string }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {term}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  </Box>
);

/** Sign-in facts and the change-password dialog; a simulated session's password is not the real user's. */
const SignInSection = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const isSimulating = useSessionStore(selectIsSimulating);
  const { openChangePassword } = useAppDialogs();
  if (!identity) return null;
  return (
    <SectionCard title="Sign-in and security">
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 3,
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          gap: 1.25,
          columnGap: 2,
        }}
      >
        <Fact term="Username" value={identity.user.username} />
        <Fact term="Role" value={USER_ROLE_LABELS[identity.role]} />
        <Fact term="Organization" value={identity.organization.name} />
      </Box>
      {isSimulating ? (
        <Typography variant="body2" color="text.secondary">
          The password of a simulated user can only be changed by that user.
        </Typography>
      ) : (
        <Button variant="outlined" startIcon={<KeyOutlined />} onClick={openChangePassword}>
          Change password
        </Button>
      )}
    </SectionCard>
  );
};

/**
 * /account/profile (spec §2): the profile form, sign-in and security, for the owner the organization's settings
 * (the time zone its new campaigns start in, decision 042), and for the owner of a customized organization its
 * branding (§3: own logo, title, favicon and colour) with a live preview.
 */
export const ProfilePage = () => {
  usePageTitle('Profile');
  const identity = useSessionStore(selectActiveIdentity);
  if (!identity) return null;
  // §3 customized role; the owner of the organization sets its branding (the operator's staff do it from the
  // back office).
  const mayBrand = identity.organization.role === 'customized' && identity.role === 'owner';
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <ProfileSection key={identity.user.id} identity={identity} />
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SignInSection />
          {mayEditOrganizationSettings(identity) && (
            <OrganizationSettingsSection
              key={identity.organization.id}
              organizationId={identity.organization.id}
              organizationName={identity.organization.name}
            />
          )}
        </Stack>
      </Box>
      {mayBrand && (
        <BrandingSection key={identity.organization.id} organizationId={identity.organization.id} />
      )}
    </Stack>
  );
};
