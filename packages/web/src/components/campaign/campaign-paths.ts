/** Where a campaign's detail opens: its properties tab (§2 `/campaign/{id}/{tab}`). */
export const campaignPath = (id: number): string => `/campaign/${id}/properties`;

/** Where the guided creation flow starts. */
export const NEW_CAMPAIGN_PATH = '/campaign/new';
