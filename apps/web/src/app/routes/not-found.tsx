import { NotFoundPage } from '../../components/ui/not-found';

export function Component() {
  return <NotFoundPage />;
}
