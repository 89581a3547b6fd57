import { ContactUsContent } from '../../features/static-pages/components/contact-us-content';

export function Component() {
  return <ContactUsContent />;
}
