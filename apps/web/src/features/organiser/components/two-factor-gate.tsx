import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ui/error-state';
import { organiserMeQueryOptions } from '../api/get-organiser-me';
import { organiserKeys } from '../api/query-keys';
import { useConsoleServices } from './console-services';
import { ConsoleLoading } from './console-loading';
import { StepUpPanel } from './step-up-panel';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * The server answered `two_factor_required`: an account with two factors confirms this session with a code;
 * one without is shown how to turn them on. Either way the console then asks the server again.
 */
export function TwoFactorGate() {
  const { session } = useConsoleServices();
  const queryClient = useQueryClient();
  const user = session.status === 'signed-in' ? session.email : '';
  const me = useQuery({ ...organiserMeQueryOptions(user), enabled: user !== '' });
  const onDone = () => void queryClient.invalidateQueries({ queryKey: organiserKeys.all });

  if (me.isPending) return <ConsoleLoading label="Checking your sign-in…" rows={1} />;
  if (me.isError) {
    return (
      <ErrorState
        title="Your sign-in could not be checked"
        onRetry={() => void me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }
  return me.data.two_factor.enabled ? <StepUpPanel onConfirmed={onDone} /> : <TwoFactorEnrolment onEnabled={onDone} />;
}
