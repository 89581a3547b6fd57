import { bootApp } from './lib/boot-app';
import './styles.css';

/**
 * The entry index.html loads: the site's app (src/main.tsx), started after the first paint (lib/boot-app.ts).
 * zod and the catalogue's schemas (every page's, made when their module runs) come first, in a task of their own.
 */
bootApp(
  () => import('@marquee/domain/catalog'),
  () => import('./main'),
);
