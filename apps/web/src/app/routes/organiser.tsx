import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthModals } from '../../features/accounts/components/auth-modals-context';
import { JoinPage } from '../../features/organiser/components/join-page';
import { NewOrganisationPage } from '../../features/organiser/components/new-organisation-page';
import { OperatorPage } from '../../features/organiser/components/operator-page';
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
 * The console's pages outside an organisation. Their names are slugs no organisation may take
 * (RESERVED_ORGANISATION_SLUGS), so they share the `:org/*` route and this one chunk. Registering is the accounts
 * feature's modal, handed in from here.
 */
function OutsidePage({ name }: { name: 'join' | 'new' | 'operator' }) {
  const { openAuthModal } = useAuthModals();
  const onRegister = () => openAuthModal('register');
  let page: ReactNode;
  switch (name) {
    case 'join':
      page = <JoinPage onRegister={onRegister} />;
      break;
    case 'new':
      page = <NewOrganisationPage onRegister={onRegister} />;
      break;
    case 'operator':
      page = <OperatorPage />;
      break;
  }
  return <PageContainer className="py-6 sm:py-8">{page}</PageContainer>;
}

function outsidePageOf(org: string, rest: string): 'join' | 'new' | 'operator' | null {
  if (rest !== '') return null;
  return org === 'join' || org === 'new' || org === 'operator' ? org : null;
}

/**
 * The organiser console, one chunk for both of its routes (app/console-router.tsx, an app built apart from the
 * site's: decisions/036): /organiser chooses an organisation,
 * /organiser/{org}/* is that organisation's console, whose pages are the feature's own; /organiser/join,
 * /organiser/new and /organiser/operator are the pages outside an organisation.
 */
export function Component() {
  const { org, '*': rest = '' } = useParams();
  const outside = org === undefined ? null : outsidePageOf(org, rest);
  return (
    <OrganiserServices>
      {org === undefined ? (
        <ChooserPage />
      ) : outside ? (
        <OutsidePage name={outside} />
      ) : (
        <PageContainer className="py-6 sm:py-8">
          <OrganiserConsole />
        </PageContainer>
      )}
    </OrganiserServices>
  );
}
