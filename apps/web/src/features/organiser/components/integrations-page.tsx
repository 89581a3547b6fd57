import type { ConsoleRole } from '../lib/permissions';
import { ApiKeysSection } from './api-keys-section';
import { ConsolePageHeader } from './console-page-header';
import { WebhooksSection } from './webhooks-section';

/** Integrations (issue 22; decisions/044): the organisation's API keys and webhooks, for owners. */
export function IntegrationsPage({ org, role }: { org: string; role: ConsoleRole }) {
  return (
    <>
      <ConsolePageHeader
        title="Integrations"
        description="Connect your own software: API keys to read and act through the API, webhooks to hear of orders and check-ins as they happen."
      />
      <div className="flex flex-col gap-10">
        <ApiKeysSection org={org} role={role} />
        <WebhooksSection org={org} />
      </div>
    </>
  );
}
