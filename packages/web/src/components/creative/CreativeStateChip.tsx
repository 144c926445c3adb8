import {
  CREATIVE_STATE_LABELS,
  type CreativeState,
  TRANSCODING_STATUS_LABELS,
  type TranscodingStatus,
} from '@beacon/domain/dictionary/creatives';
import Chip from '@mui/material/Chip';

// MUI's info blue is too light for outlined text on white (axe); waiting reads in the primary colour.
const STATE_COLORS = {
  active: 'success',
  'pending-approval': 'primary',
  rejected: 'error',
} as const satisfies Record<CreativeState, 'success' | 'primary' | 'error'>;

/** The approval state (§4); active reads "Approved". */
export const CreativeStateChip = ({ state }: { readonly state: CreativeState }) => (
  <Chip size="small" variant="outlined" color={STATE_COLORS[state]} label={CREATIVE_STATE_LABELS[state]} />
);

const TRANSCODING_COLORS = {
  pending: 'default',
  success: 'success',
  error: 'error',
} as const satisfies Record<TranscodingStatus, 'default' | 'success' | 'error'>;

/** A video's processing (§4: pending, then success or error). */
export const TranscodingChip = ({ status }: { readonly status: TranscodingStatus }) => (
  <Chip
    size="small"
    variant="outlined"
    color={TRANSCODING_COLORS[status]}
    label={`Video: ${TRANSCODING_STATUS_LABELS[status]}`}
  />
);
