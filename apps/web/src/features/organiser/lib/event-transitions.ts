import { EVENT_TRANSITIONS, needsSaleStart, type EventLifecycleStatus } from '@marquee/domain/authoring';

/**
 * The moves an event's status may make from where it is (the lifecycle's EVENT_TRANSITIONS), as the console's
 * Publish section offers them: a button's words, what it does for buyers, and whether it needs a sale start.
 */
export interface TransitionChoice {
  to: EventLifecycleStatus;
  label: string;
  explanation: string;
  needsSaleStart: boolean;
  /** Final, or taking the event off sale: asked again in a dialog. */
  isDestructive: boolean;
}

function choiceOf(from: EventLifecycleStatus, to: EventLifecycleStatus): TransitionChoice {
  const reopening = from === 'postponed' || from === 'closed';
  switch (to) {
    case 'ongoing':
      return {
        to,
        label: from === 'draft' ? 'Publish: on sale now' : reopening ? 'Re-open: on sale now' : 'Open sales now',
        explanation: 'Buyers see the event and can buy tickets straight away.',
        needsSaleStart: false,
        isDestructive: false,
      };
    case 'presale':
      return {
        to,
        label: from === 'draft' ? 'Publish as a presale' : 'Move to a presale',
        explanation: 'Buyers see the event as a presale; tickets go on sale at the sale start you set.',
        needsSaleStart: true,
        isDestructive: false,
      };
    case 'pending':
      return {
        to,
        label: from === 'draft' ? 'Publish, sales opening later' : 'Open sales later',
        explanation: 'Buyers see the event and "Notify Me"; tickets go on sale at the sale start you set.',
        needsSaleStart: true,
        isDestructive: false,
      };
    case 'postponed':
      return {
        to,
        label: 'Postpone',
        explanation: 'Sales stop and buyers see "Event Postponed". You can re-open it later.',
        needsSaleStart: false,
        isDestructive: false,
      };
    case 'closed':
      return {
        to,
        label: 'Close sales',
        explanation: 'Sales stop and buyers see "Online Tickets Closed". You can re-open it later.',
        needsSaleStart: false,
        isDestructive: false,
      };
    case 'cancelled':
      return {
        to,
        label: 'Cancel the event',
        explanation: 'Final: the event cannot be changed or re-opened afterwards.',
        needsSaleStart: false,
        isDestructive: true,
      };
    case 'draft':
      return { to, label: 'Back to draft', explanation: '', needsSaleStart: false, isDestructive: false };
  }
}

export function transitionsFrom(from: EventLifecycleStatus): TransitionChoice[] {
  return EVENT_TRANSITIONS[from].map((to) => ({ ...choiceOf(from, to), needsSaleStart: needsSaleStart(to) }));
}

/** The status in words, as the console's Publish section says where the event is. */
export const LIFECYCLE_NAMES: Record<EventLifecycleStatus, string> = {
  draft: 'a draft: only your team sees it',
  ongoing: 'on sale',
  presale: 'a presale: sales open at its sale start',
  pending: 'announced: sales open at its sale start',
  postponed: 'postponed: nothing is on sale',
  closed: 'closed: nothing is on sale',
  cancelled: 'cancelled: it can no longer change',
};
