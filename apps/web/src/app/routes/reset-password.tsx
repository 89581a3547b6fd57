import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form';

/** /reset-password?token=… (or ?error=INVALID_TOKEN): where the password reset e-mail's link lands. */
export function Component() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  return (
    <PageContainer className="py-6 sm:py-10">
      <PageTitle className="mb-6" description="Enter a new password for your Marquee account, twice.">
        Choose a new password
      </PageTitle>
      <ResetPasswordForm
        token={searchParams.get('token')}
        isLinkInvalid={searchParams.get('error') !== null}
      />
    </PageContainer>
  );
}
