import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { CampaignFormValues, FormErrors } from '../utils/campaign-form';

/** What every section of the campaign form receives. */
export type SectionProps = {
  readonly values: CampaignFormValues;
  readonly errors: FormErrors;
  readonly onChange: (changes: Partial<CampaignFormValues>) => void;
  readonly currency: Currency;
  readonly disabled?: boolean;
};
