import type { EventDetail } from '@marquee/domain/catalog';
import { useSession } from '../../features/accounts/api/get-session';
import { NotifyMe } from '../../features/notify-me/components/notify-me';

/** The event page's Notify Me (issue 23), its form started with the signed-in buyer's e-mail. */
export function EventNotifyMe({ event }: { event: EventDetail }) {
  const { user } = useSession();
  return <NotifyMe eventUid={event.uid} eventName={event.name} defaultEmail={user?.email ?? null} />;
}
