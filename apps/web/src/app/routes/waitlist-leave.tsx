import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LeaveWaitlist } from '../../features/waitlist/components/leave-waitlist';

/** /waitlist/leave?token=…: the waitlist e-mails' leave link (issue 23), without signing in. */
export function Component() {
  useDocumentTitle('Leave the waitlist');
  const [searchParams] = useSearchParams();
  return (
    <PageContainer className="py-6 sm:py-10">
      <div className="flex max-w-2xl flex-col gap-6">
        <PageTitle>Leave the waitlist</PageTitle>
        <LeaveWaitlist token={searchParams.get('token')} />
      </div>
    </PageContainer>
  );
}
