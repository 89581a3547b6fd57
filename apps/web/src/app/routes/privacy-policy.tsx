import { PrivacyPolicyContent } from '../../features/static-pages/components/privacy-policy-content';

export function Component() {
  return <PrivacyPolicyContent />;
}
