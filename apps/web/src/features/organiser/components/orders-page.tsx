import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DESK_SEARCH_MAX, type DeskOrderSummary } from '@marquee/domain/desk';
import { formatMoney } from '@marquee/domain/money';
import { ORDER_STATUSES } from '@marquee/domain/orders';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/text-field';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { deskOrdersQueryOptions } from '../api/get-desk-orders';
import { ORDER_STATUS_BADGES } from '../lib/desk-display';
import { deskFiltersOf, deskQueryOf, isFiltered, NO_FILTERS, type DeskFilters } from '../lib/desk-filters';
import { formatInstant } from '../lib/instant-display';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { CompAction } from './comp-dialog';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { SelectField } from './select-field';
import { StatusPill } from './status-pill';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_BADGES[status].label })),
];

function buyerName(order: DeskOrderSummary): string {
  return `${order.buyer.first_name} ${order.buyer.last_name}`.trim() || '(no name)';
}

function OrderStatus({ order }: { order: DeskOrderSummary }) {
  const badge = ORDER_STATUS_BADGES[order.status];
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
      {order.kind === 'comp' ? <StatusPill tone="violet">Comp</StatusPill> : null}
    </span>
  );
}

/** The Booking ID as the way to the order's page. */
function OrderLink({ org, order }: { org: string; order: DeskOrderSummary }) {
  return (
    <Link
      to={organiserPaths.order(org, order.booking_id)}
      className="font-mono text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {order.booking_id}
    </Link>
  );
}

/** The buyer's contact, or why it is not shown. */
function ContactText({ order }: { order: DeskOrderSummary }) {
  if (order.contact === null) return <span className="text-slate-600">Not shown to your role</span>;
  return (
    <>
      <span className="block break-all">{order.contact.email}</span>
      <span className="block text-slate-600">{order.contact.phone}</span>
    </>
  );
}

/** Wide screens: a row per order. */
function OrdersTable({ org, orders }: { org: string; orders: readonly DeskOrderSummary[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {['Booking ID', 'Buyer', 'Event', 'Made', 'Status', 'Total'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <tr key={order.booking_id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                <OrderLink org={org} order={order} />
              </th>
              <td className="px-4 py-3 text-slate-900">
                <span className="block font-semibold">{buyerName(order)}</span>
                <ContactText order={order} />
              </td>
              <td className="px-4 py-3 text-slate-900">{order.event.name}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900">{formatInstant(order.created_at)}</td>
              <td className="px-4 py-3">
                <OrderStatus order={order} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900">
                {formatMoney(order.total, order.currency)}
                <span className="block text-slate-600">
                  {order.tickets} ticket{order.tickets === 1 ? '' : 's'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a card per order. */
function OrderCards({ org, orders }: { org: string; orders: readonly DeskOrderSummary[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Orders">
      {orders.map((order) => (
        <li
          key={order.booking_id}
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="font-semibold">
              <OrderLink org={org} order={order} />
            </h2>
            <OrderStatus order={order} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Buyer</dt>
            <dd className="text-slate-900">
              <span className="block font-semibold">{buyerName(order)}</span>
              <ContactText order={order} />
            </dd>
            <dt className="text-slate-700">Event</dt>
            <dd className="text-slate-900">{order.event.name}</dd>
            <dt className="text-slate-700">Made</dt>
            <dd className="text-slate-900">{formatInstant(order.created_at)}</dd>
            <dt className="text-slate-700">Total</dt>
            <dd className="text-slate-900">
              {formatMoney(order.total, order.currency)} · {order.tickets} ticket{order.tickets === 1 ? '' : 's'}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The search box: sent on Enter or Search, not on each key (each search is a request and a history entry). */
function SearchBox({
  value,
  canSearchContact,
  onSearch,
}: {
  value: string;
  canSearchContact: boolean;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // Back or a link changed the address: the box shows its search.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" aria-label="Orders" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <TextField
        className="min-w-0 flex-1 basis-64"
        label="Search"
        type="search"
        autoComplete="off"
        maxLength={DESK_SEARCH_MAX}
        hint={
          canSearchContact
            ? 'A Booking ID, or part of the buyer’s name, e-mail or phone number.'
            : 'A Booking ID, or part of the buyer’s name.'
        }
        error={undefined}
        value={text}
        onChange={(change) => setText(change.target.value)}
      />
      <Button type="submit" className="mb-5">
        Search
      </Button>
    </form>
  );
}

function Filters({
  org,
  filters,
  onChange,
}: {
  org: string;
  filters: DeskFilters;
  onChange: (change: Partial<DeskFilters>) => void;
}) {
  const events = useQuery(consoleEventsQueryOptions(org));
  const eventList = events.data?.events ?? [];
  const options = [
    { value: '', label: 'All events' },
    ...eventList.map((event) => ({ value: event.uid, label: event.name })),
  ];
  // An event named by the address that the list does not hold (yet) stays choosable.
  if (filters.event && !eventList.some((event) => event.uid === filters.event)) {
    options.push({ value: filters.event, label: filters.event });
  }
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filters</legend>
      <SelectField
        label="Event"
        options={options}
        error={undefined}
        hint={events.isError ? 'The events could not be loaded.' : undefined}
        value={filters.event}
        onChange={(change) => onChange({ event: change.target.value })}
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        error={undefined}
        value={filters.status}
        onChange={(change) => onChange({ status: change.target.value as DeskFilters['status'] })}
      />
      <TextField
        label="Made from"
        type="date"
        hint="Days in UTC."
        error={undefined}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(change) => onChange({ from: change.target.value })}
      />
      <TextField
        label="Made until"
        type="date"
        error={undefined}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(change) => onChange({ to: change.target.value })}
      />
    </fieldset>
  );
}

function Paging({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pages of orders" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">
        {total === 0 ? 'No orders' : `Orders ${first}–${last} of ${total}`} · page {page} of {pages}
      </p>
      <div className="flex gap-3">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}

function Results({ org, filters, onPage }: { org: string; filters: DeskFilters; onPage: (page: number) => void }) {
  const orders = useQuery(deskOrdersQueryOptions(org, deskQueryOf(filters)));
  if (orders.isPending) return <ConsoleLoading label="Loading the orders…" />;
  if (orders.isError) {
    return (
      <ConsoleQueryError
        error={orders.error}
        title="The orders could not be loaded"
        onRetry={() => void orders.refetch()}
        isRetrying={orders.isFetching}
      />
    );
  }
  const { data } = orders;
  if (data.orders.length === 0) {
    return (
      <EmptyState title="No orders match">
        <p>
          {isFiltered(filters)
            ? 'Try a shorter search, another event or status, or wider dates.'
            : 'Orders for your events appear here as soon as buyers make them.'}
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={orders.isPlaceholderData || undefined}>
      {orders.isPlaceholderData ? (
        <p role="status" className="text-sm text-slate-700">
          Loading…
        </p>
      ) : null}
      <OrdersTable org={org} orders={data.orders} />
      <OrderCards org={org} orders={data.orders} />
      <Paging page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} />
    </div>
  );
}

/**
 * /organiser/{org}/orders: the orders desk. A search (Booking ID, name; e-mail and phone for roles that see
 * contacts) and filters (event, status, days), all in the address's query so Back and reload keep them; the
 * orders newest first, a table on wide screens and cards on phones, each Booking ID the way to its page.
 */
export function OrdersPage({ org, role }: { org: string; role: ConsoleRole }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = deskFiltersOf(searchParams);

  // A new search or filter starts at page 1; every change is a history entry, so Back undoes it.
  function change(next: Partial<DeskFilters>) {
    setSearchParams(new URLSearchParams(deskQueryOf({ ...filters, page: 1, ...next })));
  }

  return (
    <>
      <ConsolePageHeader
        title="Orders"
        description={<p>Find an order by its Booking ID or its buyer. Times are in your own time zone.</p>}
        action={mayUse(role, 'order.comp') ? <CompAction org={org} /> : undefined}
      />
      <div className="mb-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4">
        <SearchBox
          value={filters.q}
          canSearchContact={mayUse(role, 'order.contact.read')}
          onSearch={(q) => change({ q })}
        />
        <Filters org={org} filters={filters} onChange={change} />
        {isFiltered(filters) ? (
          <div>
            <Button variant="ghost" onClick={() => change(NO_FILTERS)}>
              Clear the search and filters
            </Button>
          </div>
        ) : null}
      </div>
      <Results org={org} filters={filters} onPage={(page) => change({ page })} />
    </>
  );
}
