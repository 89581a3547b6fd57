import { DESK_SEARCH_MAX } from '@marquee/domain/desk';
import { ORDER_STATUSES, type OrderStatus } from '@marquee/domain/orders';

/**
 * The orders desk's search and filters, kept in the page's address (`?q=…&status=complete&page=2`), so Back and
 * reload keep them. Read leniently: a value the server would refuse (a status it does not know, a day that is not
 * one) is dropped rather than shown as an error, as an address can be typed or kept from an older console.
 */
export interface DeskFilters {
  q: string;
  event: string;
  status: OrderStatus | '';
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: DeskFilters = { q: '', event: '', status: '', from: '', to: '', page: 1 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVENT_UID = /^[A-Za-z0-9_-]{1,40}$/;

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function deskFiltersOf(params: URLSearchParams): DeskFilters {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const event = params.get('event') ?? '';
  const page = params.get('page') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, DESK_SEARCH_MAX),
    event: EVENT_UID.test(event) ? event : '',
    status: isOrderStatus(status) ? status : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  };
}

/** The filters as a query string, in a fixed order and without what is empty (page 1 is left out too). */
export function deskQueryOf(filters: DeskFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.event) query.set('event', filters.event);
  if (filters.status) query.set('status', filters.status);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.page > 1) query.set('page', String(filters.page));
  return query.toString();
}

/** Whether anything narrows the search (the empty state then says to widen it). */
export function isFiltered(filters: DeskFilters): boolean {
  return Boolean(filters.q || filters.event || filters.status || filters.from || filters.to);
}
