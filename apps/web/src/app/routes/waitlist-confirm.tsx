import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmWaitlist } from '../../features/waitlist/components/confirm-waitlist';

/** /waitlist/confirm?token=…: where the waitlist's confirmation e-mail links (issue 23). */
export function Component() {
  useDocumentTitle('Confirm your place on the waitlist');
  const [searchParams] = useSearchParams();
  return (
    <PageContainer className="py-6 sm:py-10">
      <div className="flex max-w-2xl flex-col gap-6">
        <PageTitle>Confirm your place on the waitlist</PageTitle>
        <ConfirmWaitlist token={searchParams.get('token')} />
      </div>
    </PageContainer>
  );
}
