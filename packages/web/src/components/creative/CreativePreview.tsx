import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error';
import { CREATIVES_QUERY_KEY, fetchCreativePreview } from './api/creative';
import type { FrameSize } from './preview-size';

type CreativePreviewProps = {
  readonly creativeId: number;
  readonly name: string;
  /** The creative's version: a change gives a new preview address. */
  readonly version: number;
  readonly size: FrameSize;
};

/**
 * The creative as it shows (docs/decisions/024-creatives-console.md): the document GET /creative/{id}/preview points to, from the
 * preview origin, in a frame with `sandbox="allow-scripts"` and no `allow-same-origin`, so third-party HTML
 * runs but can neither read the console's data nor navigate it.
 */
export const CreativePreview = ({ creativeId, name, version, size }: CreativePreviewProps) => {
  const preview = useQuery({
    queryKey: [...CREATIVES_QUERY_KEY, 'preview', creativeId, version],
    queryFn: ({ signal }) => fetchCreativePreview(creativeId, signal),
    // The address is signed for a short while; a fresh one each time the page opens.
    staleTime: 0,
    gcTime: 0,
  });
  const frameWidth = size.width;
  const frameHeight = size.height;
  if (preview.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(preview.error)}
      </Alert>
    );
  }
  if (!preview.data) {
    return (
      <Skeleton
        variant="rectangular"
        width={frameWidth}
        height={frameHeight}
        aria-label="Loading the preview"
      />
    );
  }
  return (
    <Box sx={{ maxWidth: '100%', overflow: 'auto' }}>
      <Box
        component="iframe"
        title={`Preview of ${name}`}
        src={preview.data.url}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        sx={{
          display: 'block',
          width: frameWidth,
          // The ad's shape kept when a narrow card makes the frame narrower than the ad.
          aspectRatio: `${frameWidth} / ${frameHeight}`,
          height: 'auto',
          maxWidth: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      />
    </Box>
  );
};
