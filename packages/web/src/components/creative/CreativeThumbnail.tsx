import { CREATIVE_TYPE_LABELS, type CreativeType } from '@beacon/domain/dictionary/creatives';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import Box from '@mui/material/Box';
import type SvgIcon from '@mui/material/SvgIcon';
import { useState } from 'react';

const TYPE_ICONS = {
  audio: AudiotrackOutlined,
  image: ImageOutlined,
  tag: CodeOutlined,
  video: MovieOutlined,
  external_video: MovieOutlined,
  native: ViewQuiltOutlined,
  rich_media: CodeOutlined,
} as const satisfies Record<CreativeType, typeof SvgIcon>;

type CreativeThumbnailProps = {
  readonly url: string | null;
  readonly type: CreativeType;
  readonly name: string;
  readonly size?: number;
};

/**
 * The creative's thumbnail (an image, a video's poster), or its type's icon when it has none (a tag, a video
 * still processing) or when the picture cannot be loaded (a file gone from storage). The picture is decorative
 * beside the name, which the row or heading already says.
 */
export const CreativeThumbnail = ({ url, type, name, size = 40 }: CreativeThumbnailProps) => {
  const Icon = TYPE_ICONS[type];
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = url !== null && url !== failedUrl ? url : null;
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: 1,
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        color: 'text.secondary',
      }}
      title={picture ? undefined : CREATIVE_TYPE_LABELS[type]}
    >
      {picture ? (
        <Box
          component="img"
          src={picture}
          alt=""
          loading="lazy"
          data-thumbnail-of={name}
          onError={() => setFailedUrl(picture)}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Icon fontSize="small" aria-hidden />
      )}
    </Box>
  );
};
