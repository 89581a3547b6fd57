import { useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OrganisationChooser } from '../../features/organiser/components/organisation-chooser';
import { OrganiserConsole } from '../../features/organiser/components/organiser-console';
import { OrganiserServices } from './organiser-services';

/** /organiser: the console's start, which organisation to open (one: straight to it). */
function ChooserPage() {
  useDocumentTitle('Organiser console');
  return (
    <PageContainer className="py-6 sm:py-10">
      <PageTitle className="mb-6" description="Run your organisation's venues and events on Marquee.">
        Organiser console
      </PageTitle>
      <OrganisationChooser />
    </PageContainer>
  );
}

/**
 * The organiser console, one chunk for both of its routes (decisions/017: one request, and one list of
 * chunks to preload in the router's code that every page loads): /organiser chooses an organisation,
 * /organiser/{org}/* is that organisation's console, whose pages are the feature's own.
 */
export function Component() {
  const { org } = useParams();
  return (
    <OrganiserServices>
      {org === undefined ? (
        <ChooserPage />
      ) : (
        <PageContainer className="py-6 sm:py-8">
          <OrganiserConsole />
        </PageContainer>
      )}
    </OrganiserServices>
  );
}
