import { consoleRouter } from './app/console-router';
import { startApp } from './app/start-app';

/** The organiser console's app (app/console-router.tsx), a build of its own (decisions/036). */
startApp(consoleRouter);
