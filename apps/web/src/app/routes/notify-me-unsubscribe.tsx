import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UnsubscribeNotifyMe } from '../../features/notify-me/components/unsubscribe-notify-me';

/** /notify-me/unsubscribe?token=…: the "on sale now" e-mail's unsubscribe link (issue 23), without signing in. */
export function Component() {
  useDocumentTitle('Unsubscribe from Notify Me');
  const [searchParams] = useSearchParams();
  return (
    <PageContainer className="py-6 sm:py-10">
      <div className="flex max-w-2xl flex-col gap-6">
        <PageTitle>Unsubscribe from Notify Me</PageTitle>
        <UnsubscribeNotifyMe token={searchParams.get('token')} />
      </div>
    </PageContainer>
  );
}
