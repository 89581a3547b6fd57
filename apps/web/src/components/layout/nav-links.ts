import type { CategoryKey } from '@marquee/domain/categories';
import { paths } from '../../config/paths';

/** The category routes, in the order the header and footer list them. */
export const CATEGORY_NAV_LINKS: readonly { key: CategoryKey; label: string; href: string }[] = [
  { key: 'concerts', label: 'Concerts', href: paths.category('concerts') },
  { key: 'theatre', label: 'Theatre', href: paths.category('theatre') },
  { key: 'dance', label: 'Dance', href: paths.category('dance') },
  { key: 'uni-events', label: 'Uni Events', href: paths.category('uni-events') },
  { key: 'all', label: 'All events', href: paths.category('all') },
];
