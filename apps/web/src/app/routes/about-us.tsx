import { AboutUsContent } from '../../features/static-pages/components/about-us-content';

export function Component() {
  return <AboutUsContent />;
}
