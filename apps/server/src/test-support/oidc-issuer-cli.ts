import { startOidcIssuer } from './oidc-issuer';

/**
 * The local OpenID provider as a process, for the Playwright suite: `tsx oidc-issuer-cli.ts PORT
 * REDIRECT_URI…`. It stands in for Google there (Google cannot be reached from here).
 */
const [port, ...redirectUris] = process.argv.slice(2);
const issuer = await startOidcIssuer({ port: Number(port), providerId: 'google', redirectUris });
console.log(`Local OpenID provider at ${issuer.issuer} (client ${issuer.clientId})`);
const stop = () => void issuer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
