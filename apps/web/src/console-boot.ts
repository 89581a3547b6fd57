import { bootApp } from './lib/boot-app';
import './styles.css';

/**
 * The entry organiser.html loads: the organiser console's app (src/console-main.tsx), a build of its own
 * (decisions/036), started as the site's is (lib/boot-app.ts).
 */
bootApp(() => import('./console-main'));
