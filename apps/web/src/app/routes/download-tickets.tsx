import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DownloadTickets } from '../../features/tickets/components/download-tickets';

/** /download-tickets: the spec's Download Your Tickets page. */
export function Component() {
  useDocumentTitle('Download Your Tickets');
  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb currentLabel="Download Your Tickets" />
      <PageTitle
        className="mt-4 mb-6"
        description="Enter the Booking ID from your confirmation e-mail and the NIC you gave at checkout."
      >
        Download Your Tickets
      </PageTitle>
      <DownloadTickets />
    </PageContainer>
  );
}
