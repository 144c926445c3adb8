import { canAccess } from '@beacon/domain/access/permissions';
import { TOOLTIP_DELAY_MS } from '@beacon/domain/dictionary/constants';
import { PLANNER_MAP_NOT_CONFIGURED_MESSAGE } from '@beacon/domain/dictionary/planner-map';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import {
  fetchPlannerMapUrl,
  isPlannerMapNotConfigured,
  plannerMapAvailability,
} from '../../api/organization-tools';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { useDictionary } from '../../app/session/use-dictionary';
import { enqueueSnackbar } from '../../lib/snackbar';

/** Read by screen readers only: why the button is disabled. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export type PlannerMapButtonProps = {
  readonly organizationId: number;
  readonly variant?: ButtonProps['variant'];
  readonly size?: ButtonProps['size'];
};

/**
 * Opens an organization's planner map (§7 `GET /organization/{id}/planner-map`) in a new tab. The tab is
 * opened at once, inside the click, so that pop-up blockers let it through, and sent to the signed address
 * when the server answers. Users who may not plan campaigns (§6 `campaigns`) do not see the button. Whether
 * the installation has a planner map comes with the dictionary's settings: without one, the button is disabled
 * with a tooltip saying so, and no request is made (the server could only answer 404).
 */
export const PlannerMapButton = ({ organizationId, variant = 'outlined', size }: PlannerMapButtonProps) => {
  const identity = useSessionStore(selectActiveIdentity);
  const mayPlan =
    identity !== null &&
    canAccess('campaigns', identity.role, identity.organization.role, { isTestEnvironment: identity.test });
  const configured = plannerMapAvailability(useDictionary());
  // A server that turned the planner off after the dictionary loaded says so when the button is used.
  const [isRefused, setIsRefused] = useState(false);
  const [isOpening, setIsOpening] = useState(false);
  const reasonId = useId();

  if (!mayPlan) return null;

  const open = async () => {
    const tab = window.open('', '_blank');
    setIsOpening(true);
    try {
      const url = await fetchPlannerMapUrl(organizationId);
      if (tab) {
        // The planner must not reach back into the console through window.opener.
        tab.opener = null;
        tab.location.replace(url);
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      if (isPlannerMapNotConfigured(error)) setIsRefused(true);
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setIsOpening(false);
    }
  };

  if (configured === 'not-configured' || isRefused) {
    return (
      <Tooltip title={PLANNER_MAP_NOT_CONFIGURED_MESSAGE} enterDelay={TOOLTIP_DELAY_MS}>
        {/* A disabled button takes no focus or hover: the wrapper carries the tooltip, also for the keyboard. */}
        <Box component="span" tabIndex={0} aria-describedby={reasonId} sx={{ display: 'inline-flex' }}>
          <Button variant={variant} size={size} startIcon={<MapOutlined />} disabled>
            Planner map
          </Button>
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {PLANNER_MAP_NOT_CONFIGURED_MESSAGE}
          </Box>
        </Box>
      </Tooltip>
    );
  }

  return (
    <Button
      variant={variant}
      size={size}
      startIcon={<MapOutlined />}
      onClick={() => void open()}
      disabled={isOpening}
      aria-label="Planner map (opens in a new tab)"
    >
      Planner map
    </Button>
  );
};
