import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_LENGTH,
  WebhookEndpointCreateBodySchema,
  type WebhookEndpoint,
  type WebhookEndpointCreatedAnswer,
  type WebhookEventType,
} from '@marquee/domain/integrations';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliveriesQueryOptions,
  integrationKeys,
  sendWebhookTest,
  updateWebhookEndpoint,
  webhooksQueryOptions,
} from '../api/integrations-api';
import { useSingleSend } from '../hooks/use-single-send';
import { errorsAt, fieldErrorsOf, NO_ERRORS, serverFieldErrors, type FieldErrors } from '../lib/field-errors';
import { formatInstant } from '../lib/instant-display';
import { deliveryOutcome, EVENT_TYPE_LABELS } from '../lib/integration-display';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { CheckboxSetField } from './checkbox-set-field';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { IntegrationSection } from './integration-section';
import { SecretReveal } from './secret-reveal';

/** The server's refusal of an address (`webhook_url_refused`) or of a field, keyed by field. */
function fieldErrorsOfRefusal(error: unknown): FieldErrors | null {
  if (isApiError(error, 'webhook_url_refused')) return { url: error.body.errors?.url ?? [error.body.message] };
  return serverFieldErrors(error);
}

function AddEndpointDialog({
  org,
  isOpen,
  onClose,
  onCreated,
}: {
  org: string;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreatedAnswer) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set(['order.completed']));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();

  function check() {
    const parsed = WebhookEndpointCreateBodySchema.safeParse({
      url,
      events: WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)),
    });
    if (parsed.success) return parsed.data;
    setErrors(fieldErrorsOf(parsed.error.issues));
    return null;
  }

  async function add() {
    await sendOnce(check, async (body) => {
      try {
        const created = await createWebhookEndpoint(org, body);
        setUrl('');
        setErrors(NO_ERRORS);
        onCreated(created);
      } catch (error) {
        const fields = fieldErrorsOfRefusal(error);
        if (fields) setErrors(fields);
        else setProblems([problemMessage(error)]);
      }
    });
  }

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Add a webhook endpoint"
      confirmLabel="Add the endpoint"
      busyLabel="Adding…"
      isBusy={isBusy}
      problems={problems}
      onConfirm={() => void add()}
    >
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/marquee"
        hint="https:// only, on the public internet."
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errorsAt(errors, 'url')[0]}
      />
      <CheckboxSetField
        legend="Events to send"
        options={WEBHOOK_EVENT_TYPES}
        labelOf={(type) => EVENT_TYPE_LABELS[type]}
        chosen={events}
        onChange={setEvents}
        errors={errorsAt(errors, 'events')}
      />
    </ActionDialog>
  );
}

function DeliveryLog({ org, endpointId }: { org: string; endpointId: number }) {
  const deliveries = useQuery(deliveriesQueryOptions(org, endpointId));
  if (deliveries.isPending) return <ConsoleLoading label="Loading the deliveries…" rows={1} />;
  if (deliveries.isError) {
    return (
      <ConsoleQueryError
        error={deliveries.error}
        title="The deliveries could not be loaded"
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
      />
    );
  }
  const rows = deliveries.data.deliveries;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">The newest {WEBHOOK_LOG_LENGTH} deliveries.</p>
        <Button variant="ghost" size="sm" onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing sent yet.</p>
      ) : (
        <ul aria-label="Deliveries" className="flex flex-col divide-y divide-slate-200 text-sm">
          {rows.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-0.5 py-2">
              <span className="font-semibold text-slate-900">{delivery.event_type}</span>
              <span className="text-slate-800">{deliveryOutcome(delivery)}</span>
              <span className="text-slate-700">
                Attempt {delivery.attempts}
                {delivery.last_attempt_at ? `, ${formatInstant(delivery.last_attempt_at)}` : ''}
                {delivery.next_attempt_at && delivery.attempts > 0
                  ? `; next ${formatInstant(delivery.next_attempt_at)}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EndpointItem({ org, endpoint }: { org: string; endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [busy, setBusy] = useState<'test' | 'toggle' | 'delete' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const logId = `endpoint-${endpoint.id}-log`;

  async function run(kind: 'test' | 'toggle' | 'delete', action: () => Promise<string>) {
    if (busy) return;
    setBusy(kind);
    setProblems([]);
    try {
      toast.success(await action());
      if (kind === 'delete') setIsDeleting(false);
      await queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(org) });
    } catch (error) {
      setProblems([problemMessage(error)]);
    } finally {
      setBusy(null);
    }
  }

  const sendTest = () =>
    run('test', async () => {
      await sendWebhookTest(org, endpoint.id);
      setIsLogOpen(true);
      return 'A test event is on its way: the delivery log shows how it went.';
    });
  const toggle = () =>
    run('toggle', async () => {
      await updateWebhookEndpoint(org, endpoint.id, { active: !endpoint.active });
      return endpoint.active ? 'The endpoint is turned off.' : 'The endpoint is turned on.';
    });
  const remove = () =>
    run('delete', async () => {
      await deleteWebhookEndpoint(org, endpoint.id);
      return 'The endpoint is deleted.';
    });

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-mono text-sm font-semibold break-all text-brand-950">{endpoint.url}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Events</dt>
        <dd className="text-slate-900">{endpoint.events.map((type) => EVENT_TYPE_LABELS[type]).join(', ')}</dd>
        <dt className="text-slate-700">State</dt>
        <dd className="text-slate-900">{endpoint.active ? 'On' : 'Off'}</dd>
        <dt className="text-slate-700">Added</dt>
        <dd className="text-slate-900">{formatInstant(endpoint.created_at)}</dd>
      </dl>
      <FormProblems messages={problems} />
      <div className="flex flex-wrap gap-2">
        {endpoint.active ? (
          <Button variant="secondary" aria-disabled={busy !== null || undefined} onClick={() => void sendTest()}>
            {busy === 'test' ? 'Sending…' : 'Send test event'}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          aria-expanded={isLogOpen}
          aria-controls={logId}
          onClick={() => setIsLogOpen(!isLogOpen)}
        >
          {isLogOpen ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button variant="secondary" aria-disabled={busy !== null || undefined} onClick={() => void toggle()}>
          {endpoint.active ? 'Turn off' : 'Turn on'}
        </Button>
        <Button variant="ghost" aria-label={`Delete the endpoint ${endpoint.url}`} onClick={() => setIsDeleting(true)}>
          Delete
        </Button>
      </div>
      <div id={logId}>{isLogOpen ? <DeliveryLog org={org} endpointId={endpoint.id} /> : null}</div>
      <ActionDialog
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        title="Delete this endpoint?"
        confirmLabel="Delete the endpoint"
        busyLabel="Deleting…"
        isBusy={busy === 'delete'}
        isDanger
        problems={problems}
        onConfirm={() => void remove()}
      >
        <p className="break-all">
          Nothing more is sent to {endpoint.url}, and its delivery log goes with it. Deliveries waiting to be retried
          are dropped.
        </p>
      </ActionDialog>
    </li>
  );
}

/** The organisation's webhook endpoints: add (the signing secret shown once), deliveries, test, on/off, delete. */
export function WebhooksSection({ org }: { org: string }) {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhooksQueryOptions(org));
  const [isAdding, setIsAdding] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointCreatedAnswer | null>(null);

  async function onCreated(answer: WebhookEndpointCreatedAnswer) {
    setIsAdding(false);
    setCreated(answer);
    await queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(org) });
  }

  return (
    <IntegrationSection
      headingId="webhooks-heading"
      title="Webhooks"
      actionLabel="Add an endpoint"
      onAction={() => setIsAdding(true)}
      intro={
        <>
          Marquee POSTs a signed JSON event to your address when an order is paid or refunded, or a ticket is checked
          in, and retries for about two days when it does not answer 2xx. Check the{' '}
          <code className="font-mono">Marquee-Signature</code> header with the endpoint’s secret.
        </>
      }
      reveal={
        created ? (
          <SecretReveal
            title={`The signing secret of ${created.endpoint.url}`}
            secret={created.secret}
            hint="Your server checks each delivery's signature with it."
            onDone={() => setCreated(null)}
          />
        ) : null
      }
      query={endpoints}
      loadingLabel="Loading the webhook endpoints…"
      errorTitle="The webhook endpoints could not be loaded"
      emptyText="No webhook endpoints yet."
      isEmpty={(data) => data.endpoints.length === 0}
      list={(data) => (
        <ul aria-label="Webhook endpoints" className="flex flex-col gap-4">
          {data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} org={org} endpoint={endpoint} />
          ))}
        </ul>
      )}
      dialog={
        <AddEndpointDialog
          org={org}
          isOpen={isAdding}
          onClose={() => setIsAdding(false)}
          onCreated={(answer) => void onCreated(answer)}
        />
      }
    />
  );
}
