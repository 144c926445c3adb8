import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { findSection, type SectionViewer, sectionPath, visibleSections } from './sections';

const useSectionViewer = (): SectionViewer | null => {
  const identity = useSessionStore(selectActiveIdentity);
  return identity
    ? { role: identity.role, organizationRole: identity.organization.role, isTest: identity.test }
    : null;
};

/** `/resources`: the first section the user may open (§2), home when none. */
export const ResourcesIndexRedirect = () => {
  const viewer = useSectionViewer();
  const { search } = useLocation();
  const [first] = viewer ? visibleSections(viewer) : [];
  return <Navigate to={first ? `${sectionPath(first.name)}${search}` : '/'} replace />;
};

/**
 * `/resources/{section}` (spec §2): the heading, a tab per section the user may open (§6) and the section's
 * page. An unknown section is a missing page; one the user may not open never gets here (the route guard
 * sends them to their fallback first). The query string belongs to the section's grids.
 */
export const ResourcesSectionPage = () => {
  const { section: name } = useParams();
  const viewer = useSectionViewer();
  const section = findSection(name);
  usePageTitle(section ? `${section.label} · Resources` : 'Resources');
  if (!viewer) return null;
  if (!section) return <Navigate to="/404" replace />;
  const sections = visibleSections(viewer);
  const tabId = (sectionName: string) => `resources-tab-${sectionName}`;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Resources
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={section.name}
          aria-label="Resources sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {sections.map((candidate) => (
            <Tab
              key={candidate.name}
              value={candidate.name}
              label={candidate.label}
              component={RouterLink}
              to={sectionPath(candidate.name)}
              id={tabId(candidate.name)}
              aria-controls="resources-section"
            />
          ))}
        </Tabs>
      </Box>
      <Box id="resources-section" role="tabpanel" aria-labelledby={tabId(section.name)}>
        <Suspense fallback={<LinearProgress aria-label={`Loading ${section.label.toLowerCase()}`} />}>
          <section.Component />
        </Suspense>
      </Box>
    </Box>
  );
};
