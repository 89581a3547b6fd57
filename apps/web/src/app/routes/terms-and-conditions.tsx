import { TermsAndConditionsContent } from '../../features/static-pages/components/terms-and-conditions-content';

export function Component() {
  return <TermsAndConditionsContent />;
}
