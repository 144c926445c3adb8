/** Support tickets and feedback (spec §3); their transitions are not specified (§4). */

export const TICKET_MESSAGE_TYPES = ['text', 'file'] as const;
export type TicketMessageType = (typeof TICKET_MESSAGE_TYPES)[number];
export const TICKET_MESSAGE_TYPE_LABELS = {
  text: 'Text',
  file: 'File',
} as const satisfies Record<TicketMessageType, string>;

export const TICKET_TYPES = ['issue', 'question', 'suggestion'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_TYPE_LABELS = {
  issue: 'Issue',
  question: 'Question',
  suggestion: 'Suggestion',
} as const satisfies Record<TicketType, string>;

export const TICKET_STATES = ['pending', 'in_progress', 'solved', 'dismissed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export const TICKET_STATE_LABELS = {
  pending: 'Pending',
  in_progress: 'In progress',
  solved: 'Solved',
  dismissed: 'Dismissed',
} as const satisfies Record<TicketState, string>;
