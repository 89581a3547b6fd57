import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAX_PENDING_ORGANISATIONS_PER_USER } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/toaster';
import { createOrganisation } from '../api/create-organisation';
import { organiserKeys } from '../api/query-keys';
import { organiserPaths } from '../lib/organiser-paths';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { useConsoleServices } from './console-services';
import { NewOrganisationForm } from './new-organisation-form';

function SignedOutStart({ onRegister }: { onRegister: (() => void) | undefined }) {
  const { openSignIn, preloadSignIn } = useConsoleServices();
  return (
    <EmptyState
      title="Sign in to start an organisation"
      action={
        <>
          <Button aria-haspopup="dialog" onClick={openSignIn} onPointerEnter={preloadSignIn} onFocus={preloadSignIn}>
            Sign In
          </Button>
          {onRegister ? (
            <Button variant="secondary" aria-haspopup="dialog" onClick={onRegister} onFocus={preloadSignIn}>
              Register
            </Button>
          ) : null}
        </>
      }
    >
      <p>The account that starts an organisation becomes its first owner.</p>
    </EmptyState>
  );
}

function StartForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <NewOrganisationForm
        contactEmail={email}
        onSubmit={async (body) => {
          const organisation = await createOrganisation(body);
          // The new membership: /me and the chooser are asked again.
          await queryClient.invalidateQueries({ queryKey: organiserKeys.all });
          toast.success(`${organisation.name} is started. Marquee will review it; you can prepare events meanwhile.`);
          await navigate(organiserPaths.organisation(organisation.slug));
        }}
      />
    </div>
  );
}

/**
 * /organiser/new: a new organisation, with the signed-in account as its owner. It waits for Marquee's approval
 * before its events can be published (its console says so), and an account may have three waiting at once.
 */
export function NewOrganisationPage({ onRegister }: { onRegister?: () => void }) {
  const { session } = useConsoleServices();
  return (
    <>
      <ConsolePageHeader
        title="Start an organisation"
        description={
          <p>
            Sell tickets on Marquee as a promoter, a theatre or a society. You become its owner; Marquee reviews it
            before its events go on sale, and you can add venues and prepare events meanwhile. One account may have{' '}
            {MAX_PENDING_ORGANISATIONS_PER_USER} organisations waiting for review at once.
          </p>
        }
      />
      {session.status === 'loading' ? (
        <ConsoleLoading label="Checking whether you are signed in…" rows={1} />
      ) : session.status === 'signed-out' ? (
        <SignedOutStart onRegister={onRegister} />
      ) : (
        <StartForm email={session.email} />
      )}
    </>
  );
}
