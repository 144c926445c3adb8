import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { TargetedResource } from '../api/resources';
import type { CampaignFormValues, FormErrors } from '../utils/campaign-form';

/** What every section of the campaign form receives. */
export type SectionProps = {
  readonly values: CampaignFormValues;
  readonly errors: FormErrors;
  readonly onChange: (changes: Partial<CampaignFormValues>) => void;
  readonly currency: Currency;
  /** The zone a campaign without its own takes: the advertiser organization's (while creating). */
  readonly defaultTimeZone?: string;
  readonly disabled?: boolean;
  /** The resources the saved campaign targets, named (none while creating). */
  readonly targetedResources?: readonly TargetedResource[];
};
