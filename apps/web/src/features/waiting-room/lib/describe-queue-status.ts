import type { QueueStatus } from '@marquee/domain/queue';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';

const numberFormat = new Intl.NumberFormat('en-US');

function plural(count: number, one: string, many: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`;
}

/** "Less than a minute to go." · "About 3 minutes to go." · "About 1 hour and 20 minutes to go." */
export function describeWait(seconds: number): string {
  if (seconds < 60) return 'Less than a minute to go.';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${plural(minutes, 'minute', 'minutes')} to go.`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? `About ${plural(hours, 'hour', 'hours')} to go.`
    : `About ${plural(hours, 'hour', 'hours')} and ${plural(rest, 'minute', 'minutes')} to go.`;
}

/**
 * "7:00 PM GMT+5:30" in the venue's zone (as the event page gives its times), with the day when it is not the
 * day of `nowIso` there (the server's clock, not the device's).
 */
export function describeClock(iso: string, nowIso: string, timeZone: string): string {
  const clock = `${formatEventTime(iso, timeZone)} ${formatZoneName(iso, timeZone)}`;
  const day = formatEventDate(iso, timeZone);
  return day === formatEventDate(nowIso, timeZone) ? clock : `${clock} on ${day}`;
}

/** The state's heading on the queue page. */
export function queueHeading(status: QueueStatus): string {
  switch (status.state) {
    case 'pre_queue':
      return 'Waiting for the sale to open';
    case 'waiting':
      return status.position === 1 ? 'You are next in line' : 'You are in line';
    case 'admitted':
      return "It's your turn";
    case 'expired':
      return 'Your turn has ended';
  }
}

/** Where the buyer stands, in plain words: shown on the page, and what the live region says when it changes. */
export function describeQueueStatus(status: QueueStatus, timeZone: string): string {
  switch (status.state) {
    case 'pre_queue': {
      const opens = status.opens_at
        ? `The sale opens at ${describeClock(status.opens_at, status.server_time, timeZone)}.`
        : 'The sale has not opened yet.';
      return `${opens} When it opens, everyone waiting gets a place in line at random, so there is no need to refresh.`;
    }
    case 'waiting': {
      const place =
        status.position === null
          ? 'You are in line.'
          : `You are number ${numberFormat.format(status.position)} in line.`;
      return status.estimated_wait_seconds === null ? place : `${place} ${describeWait(status.estimated_wait_seconds)}`;
    }
    case 'admitted':
      return status.admitted_until
        ? `It's your turn! You have until ${describeClock(status.admitted_until, status.server_time, timeZone)} to choose your tickets.`
        : "It's your turn! Choose your tickets now.";
    case 'expired':
      return 'The time to choose your tickets ran out before an order was saved. Join the queue again for a new place in line.';
  }
}

/** "About 600 buyers a minute are let in." (none: the sale is paused for a moment). */
export function describeAdmitRate(admitPerMinute: number): string {
  return admitPerMinute === 0
    ? 'Nobody is being let in at this moment; your place is kept.'
    : `About ${plural(admitPerMinute, 'buyer is', 'buyers are')} let in each minute.`;
}

/** The number in "1,234 people ahead of you". */
export function describePeopleAhead(position: number): string {
  const ahead = position - 1;
  return ahead === 0 ? 'Nobody is ahead of you' : `${plural(ahead, 'person', 'people')} ahead of you`;
}
