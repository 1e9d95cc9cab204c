/** `npm run build:host` (its last step): bundles the web app into dist-web/. */
import { buildWebApp, WEB_APP_BUNDLE } from '../web/web-app-bundle';

buildWebApp()
  .then(() => process.stdout.write(`web app built into ${WEB_APP_BUNDLE}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
