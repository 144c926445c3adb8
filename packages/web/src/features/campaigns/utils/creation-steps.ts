/**
 * The guided creation flow: its steps, the fields each asks, and which step holds a message, so that a check
 * on "Next" stops only on the step's own fields and a failed save opens the first step to fix.
 */
import type { FormErrors } from './campaign-form';

export const CREATION_STEPS = ['basics', 'flight', 'bidding', 'targeting', 'review'] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

export const CREATION_STEP_LABELS = {
  basics: 'Basics',
  flight: 'Flight and budget',
  bidding: 'Bidding',
  targeting: 'Targeting',
  review: 'Review',
} as const satisfies Record<CreationStep, string>;

const STEP_OF_FIELD: Readonly<Record<string, CreationStep>> = {
  organization: 'basics',
  name: 'basics',
  type: 'basics',
  objective: 'basics',
  source_campaign: 'basics',
  time_zone: 'flight',
  start_date: 'flight',
  end_date: 'flight',
  budget_timespan: 'flight',
  budget: 'flight',
  daily_limit_type: 'flight',
  daily_budget: 'flight',
  daily_impressions: 'flight',
  daily_clicks: 'flight',
  max_daily_cost_strategy: 'flight',
  pricing: 'bidding',
  price_model: 'bidding',
  bid: 'bidding',
  cpc_target: 'bidding',
  event_optimisation: 'bidding',
  tracking_tool: 'bidding',
  frequency_cap: 'bidding',
  schedule: 'targeting',
  targeting: 'targeting',
  device_types: 'targeting',
  device_id_types: 'targeting',
  video_positions: 'targeting',
  video_attributes: 'targeting',
  viewability: 'targeting',
};

/** The step showing an error key (`targeting.countries` → targeting); anything unknown shows on review. */
export const stepOfErrorKey = (key: string): CreationStep =>
  STEP_OF_FIELD[key.split('.')[0] ?? ''] ?? 'review';

/** The errors a step shows. */
export const errorsOfStep = (errors: FormErrors, step: CreationStep): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => stepOfErrorKey(key) === step));

/** The first step, in the flow's order, holding any of these errors. */
export const firstStepWithErrors = (errors: FormErrors): CreationStep | undefined =>
  CREATION_STEPS.find((step) => Object.keys(errorsOfStep(errors, step)).length > 0);

/** Errors not shown under any field of the flow (the review step lists them). */
export const unplacedErrors = (errors: FormErrors): string[] =>
  Object.entries(errors)
    .filter(([key]) => stepOfErrorKey(key) === 'review')
    .map(([, message]) => message);
