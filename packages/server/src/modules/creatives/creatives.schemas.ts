import { ZCreative } from '@beacon/domain/api/creatives';
import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { ZDay } from '@beacon/domain/validation/fields';
import { z } from 'zod';

export {
  type TCampaignCreative,
  type TCreative,
  type TCreativeRow,
  ZCampaignCreative,
  ZCreative,
  ZCreativePreviewLink,
  ZCreativeRow,
} from '@beacon/domain/api/creatives';

/** One entry of a creative's history: the one history shape of every resource (decision 039). */
export const ZCreativeHistoryEntry = ZHistoryEntry;
export type TCreativeHistoryEntry = THistoryEntry;

/** `GET /creatives/report.csv`: the days, and the token of a download opened in a new tab (§7). */
export const ZCreativeReportDownloadQuery = z.strictObject({
  from: ZDay.meta({ description: 'First day (UTC), YYYY-MM-DD' }),
  to: ZDay.meta({ description: 'Last day (UTC, inclusive), YYYY-MM-DD' }),
  token: z.string().optional().meta({ description: 'The session token, for a download opened in a new tab' }),
  demo: z.string().optional().meta({ description: '1 while demo mode is on, for a new tab' }),
});

/** A bulk review's answer: the creatives as they are now. */
export const ZCreativeList = ZCreative.array();
