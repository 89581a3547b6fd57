import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MyBookings } from '../../features/accounts/components/my-bookings';

/** /my-bookings: the signed-in buyer's bookings. */
export function Component() {
  useDocumentTitle('My bookings');
  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb currentLabel="My bookings" />
      <PageTitle className="mt-4 mb-6" description="Every booking you made while signed in, newest first.">
        My bookings
      </PageTitle>
      <MyBookings />
    </PageContainer>
  );
}
