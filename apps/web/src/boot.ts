import { bootApp } from './lib/boot-app';
import './styles.css';

/** The entry index.html loads: the site's app (src/main.tsx), started after the first paint (lib/boot-app.ts). */
bootApp(() => import('./main'));
