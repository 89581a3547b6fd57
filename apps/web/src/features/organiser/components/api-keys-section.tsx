import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_KEY_SCOPES,
  ApiKeyCreateBodySchema,
  isApiKeyScope,
  type ApiKey,
  type ApiKeyCreatedAnswer,
  type ApiKeyScope,
} from '@marquee/domain/integrations';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { apiKeysQueryOptions, createApiKey, integrationKeys, revokeApiKey } from '../api/integrations-api';
import { useSingleSend } from '../hooks/use-single-send';
import { errorsAt, fieldErrorsOf, NO_ERRORS, serverFieldErrors, type FieldErrors } from '../lib/field-errors';
import { formatInstant } from '../lib/instant-display';
import { SCOPE_LABELS } from '../lib/integration-display';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { CheckboxSetField } from './checkbox-set-field';
import { IntegrationSection } from './integration-section';
import { SecretReveal } from './secret-reveal';

function CreateKeyDialog({
  org,
  scopes,
  isOpen,
  onClose,
  onCreated,
}: {
  org: string;
  scopes: readonly ApiKeyScope[];
  isOpen: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreatedAnswer) => void;
}) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<ApiKeyScope>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();

  function check() {
    const parsed = ApiKeyCreateBodySchema.safeParse({ name, scopes: scopes.filter((scope) => chosen.has(scope)) });
    if (parsed.success) return parsed.data;
    setErrors(fieldErrorsOf(parsed.error.issues));
    return null;
  }

  async function create() {
    await sendOnce(check, async (body) => {
      try {
        const created = await createApiKey(org, body);
        setName('');
        setChosen(new Set());
        setErrors(NO_ERRORS);
        onCreated(created);
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields) setErrors(fields);
        else setProblems([problemMessage(error)]);
      }
    });
  }

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title="New API key"
      confirmLabel="Make the key"
      busyLabel="Making…"
      isBusy={isBusy}
      problems={problems}
      onConfirm={() => void create()}
    >
      <TextField
        label="Name"
        hint="What uses it: “Accounting export”, “Box office kiosk”."
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        error={errorsAt(errors, 'name')[0]}
      />
      <CheckboxSetField
        legend="What it may do"
        hint="Only what it needs. A key never manages the team, settings or integrations."
        options={scopes}
        labelOf={(scope) => SCOPE_LABELS[scope]}
        chosen={chosen}
        onChange={setChosen}
        errors={errorsAt(errors, 'scopes')}
        errorId="key-scopes-error"
      />
    </ActionDialog>
  );
}

function KeyItem({ org, apiKey }: { org: string; apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const isRevoked = apiKey.revoked_at !== null;

  async function revoke() {
    setIsBusy(true);
    setProblems([]);
    try {
      await revokeApiKey(org, apiKey.id);
    } catch (error) {
      setProblems([problemMessage(error)]);
      setIsBusy(false);
      return;
    }
    setIsBusy(false);
    setIsConfirming(false);
    toast.success(`The key “${apiKey.name}” is revoked: it no longer works.`);
    await queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(org) });
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold break-all text-brand-950">
        {apiKey.name} {isRevoked ? <span className="text-sm font-normal text-slate-700">(revoked)</span> : null}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Key</dt>
        <dd className="font-mono break-all text-slate-900">{apiKey.prefix}…</dd>
        <dt className="text-slate-700">May</dt>
        <dd className="text-slate-900">
          {apiKey.scopes.map((scope) => (isApiKeyScope(scope) ? SCOPE_LABELS[scope] : scope)).join(', ')}
        </dd>
        <dt className="text-slate-700">Made</dt>
        <dd className="text-slate-900">
          {formatInstant(apiKey.created_at)}
          {apiKey.created_by ? ` by ${apiKey.created_by}` : ''}
        </dd>
        <dt className="text-slate-700">Last used</dt>
        <dd className="text-slate-900">{apiKey.last_used_at ? formatInstant(apiKey.last_used_at) : 'Never'}</dd>
        {apiKey.revoked_at ? (
          <>
            <dt className="text-slate-700">Revoked</dt>
            <dd className="text-slate-900">{formatInstant(apiKey.revoked_at)}</dd>
          </>
        ) : null}
      </dl>
      {isRevoked ? null : (
        <div>
          <Button
            variant="secondary"
            aria-label={`Revoke the key ${apiKey.name}`}
            onClick={() => setIsConfirming(true)}
          >
            Revoke
          </Button>
        </div>
      )}
      <ActionDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke the key"
        busyLabel="Revoking…"
        isBusy={isBusy}
        isDanger
        problems={problems}
        onConfirm={() => void revoke()}
      >
        <p>Whatever uses this key is refused from its next request. This cannot be undone: make a new key instead.</p>
      </ActionDialog>
    </li>
  );
}

/** The organisation's API keys: list, make (the secret shown once), revoke. */
export function ApiKeysSection({ org, role }: { org: string; role: ConsoleRole }) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions(org));
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreatedAnswer | null>(null);
  const scopes = API_KEY_SCOPES.filter((scope) => mayUse(role, scope));

  async function onCreated(answer: ApiKeyCreatedAnswer) {
    setIsCreating(false);
    setCreated(answer);
    await queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(org) });
  }

  return (
    <IntegrationSection
      headingId="api-keys-heading"
      title="API keys"
      actionLabel="New API key"
      onAction={() => setIsCreating(true)}
      intro={
        <>
          A key lets your own software use the console’s API for this organisation, with only the permissions you give
          it: send it as <code className="font-mono">Authorization: Bearer mq_live_…</code>.
        </>
      }
      reveal={
        created ? (
          <SecretReveal
            title={`The key “${created.key.name}”`}
            secret={created.secret}
            hint="Marquee keeps only a fingerprint of it. Lost it? Revoke it and make another."
            onDone={() => setCreated(null)}
          />
        ) : null
      }
      query={keys}
      loadingLabel="Loading the API keys…"
      errorTitle="The API keys could not be loaded"
      emptyText="No API keys yet."
      isEmpty={(data) => data.keys.length === 0}
      list={(data) => (
        <ul aria-label="API keys" className="grid gap-4 md:grid-cols-2">
          {data.keys.map((apiKey) => (
            <KeyItem key={apiKey.id} org={org} apiKey={apiKey} />
          ))}
        </ul>
      )}
      dialog={
        <CreateKeyDialog
          org={org}
          scopes={scopes}
          isOpen={isCreating}
          onClose={() => setIsCreating(false)}
          onCreated={(answer) => void onCreated(answer)}
        />
      }
    />
  );
}
