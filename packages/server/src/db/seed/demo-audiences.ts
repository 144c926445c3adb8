import type { TAudienceCreate } from '@beacon/domain/validation/audience-form';
import { countAudience } from '../../modules/audiences/audiences.jobs';
import { insertAudienceWithHistory } from '../../modules/audiences/audiences.service';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';

/**
 * Demo audiences (decision 019): Demo Agency's private audience (empty: it fills with an upload, no
 * invented identifiers) and an interaction audience over the demo campaigns' conversions (counted from the
 * tracking events there are, none on a fresh start), and the segments Data Partner Co publishes with the
 * sizes of its catalogue. Every one satisfies the domain's create schema (audiences.seed.test.ts checks it).
 */

type DemoAudience = {
  organization: 'agency' | 'dataPartner';
  values: Omit<TAudienceCreate, 'organization' | 'campaigns'> & { campaigns?: 'agency campaigns' };
};

export const DEMO_AUDIENCES: DemoAudience[] = [
  {
    organization: 'agency',
    values: {
      name: 'CRM loyal customers',
      description: 'Device IDs exported from the CRM: upload them with the identifiers button',
      type: 'private',
    },
  },
  {
    organization: 'agency',
    values: {
      name: 'Converted after a click',
      description: null,
      type: 'interaction',
      kpis: ['on_conversion_1', 'on_conversion_2'],
      campaigns: 'agency campaigns',
    },
  },
  {
    organization: 'dataPartner',
    values: {
      name: 'Frequent flyers',
      description: 'Seen at two or more airports a month',
      type: 'adsquare',
      users_count: 2_400_000,
    },
  },
  {
    organization: 'dataPartner',
    values: {
      name: 'Young families',
      description: 'Households with children under 6',
      type: 'digiseg',
      users_count: 1_150_000,
    },
  },
];

export const seedDemoAudiences = async (
  db: Db,
  organizations: { agency: string; advertiser: string; dataPartner: string },
  actor: HistoryActor,
  now: Date,
): Promise<void> => {
  const campaigns = await db
    .selectFrom('campaigns')
    .select('id')
    .where('organization_id', 'in', [organizations.agency, organizations.advertiser])
    .where('state', '<>', 'deleted')
    .orderBy('id')
    .limit(3)
    .execute();
  for (const audience of DEMO_AUDIENCES) {
    const { campaigns: campaignChoice, ...values } = audience.values;
    const isInteraction = values.type === 'interaction';
    if (isInteraction && campaigns.length === 0) continue;
    const created = await insertAudienceWithHistory(
      db,
      {
        organization_id: organizations[audience.organization],
        ...values,
        campaigns: campaignChoice ? campaigns.map((campaign) => Number(campaign.id)) : [],
        is_shared: audience.organization === 'dataPartner',
        users_count: isInteraction ? null : (values.users_count ?? 0),
      },
      actor,
    );
    if (isInteraction) await countAudience(db, { now: () => now }, created.id);
  }
};
