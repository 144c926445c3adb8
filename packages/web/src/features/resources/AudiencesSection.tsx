import Stack from '@mui/material/Stack';
import { AudiencesGrid } from './audiences/AudiencesGrid';
import { LocationAudiencesGrid } from './location-audiences/LocationAudiencesGrid';

/**
 * `/resources/audiences`: the audiences of the organization and its location audiences, each in its own grid
 * (their URL state is namespaced, so both keep their page, sort and filters in the same query string).
 */
export const AudiencesSection = () => (
  <Stack spacing={4}>
    <AudiencesGrid />
    <LocationAudiencesGrid />
  </Stack>
);
