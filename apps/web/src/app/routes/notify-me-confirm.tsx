import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmNotifyMe } from '../../features/notify-me/components/confirm-notify-me';

/** /notify-me/confirm?token=…: where Notify Me's confirmation e-mail links (issue 23). */
export function Component() {
  useDocumentTitle('Confirm Notify Me');
  const [searchParams] = useSearchParams();
  return (
    <PageContainer className="py-6 sm:py-10">
      <div className="flex max-w-2xl flex-col gap-6">
        <PageTitle>Confirm Notify Me</PageTitle>
        <ConfirmNotifyMe token={searchParams.get('token')} />
      </div>
    </PageContainer>
  );
}
