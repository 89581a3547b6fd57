import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { toast } from '../../../components/toaster';
import { useEventUpdates } from '../hooks/use-event-updates';
import type { EventAccess } from './event-page';
import { ImageUploadCard } from './image-upload-card';

/** 4. The banner and the thumbnail: both are needed before the event can be published. */
export function EventImagesSection({
  org,
  event,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
}) {
  const updates = useEventUpdates(org, event.uid);
  const onUploaded = async (kind: 'banner' | 'thumbnail') => {
    toast.success(kind === 'banner' ? 'The banner is uploaded.' : 'The thumbnail is uploaded.');
    await updates.refresh();
  };
  return (
    <section aria-labelledby="event-images-heading" className="flex flex-col gap-4">
      <h2 id="event-images-heading" className="text-xl font-semibold text-brand-950">
        Images
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ImageUploadCard
          org={org}
          eventUid={event.uid}
          eventName={event.name}
          kind="banner"
          currentUrl={event.banner_url}
          canEdit={access.canEdit}
          onUploaded={() => onUploaded('banner')}
        />
        <ImageUploadCard
          org={org}
          eventUid={event.uid}
          eventName={event.name}
          kind="thumbnail"
          currentUrl={event.thumbnail_url}
          canEdit={access.canEdit}
          onUploaded={() => onUploaded('thumbnail')}
        />
      </div>
    </section>
  );
}
