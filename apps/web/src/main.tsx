import { router } from './app/router';
import { startApp } from './app/start-app';

/** The site's app: the buyer's pages (app/router.tsx). */
startApp(router);
