/** The `User-Agent` the client sends: `<package>/<version> node/<version>`, then the partner's app name. */
import { PACKAGE_NAME, PACKAGE_VERSION } from './version.js';

// Product tokens and comments (RFC 9110 §10.1.5), printable ASCII: nothing that could break a header.
const APP_NAME = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/** The header's value, or undefined when `appName` could not be sent in a header. */
export function userAgent(appName: string | undefined): string | undefined {
  const runtime = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  const base = `${PACKAGE_NAME}/${PACKAGE_VERSION}${runtime ? ` node/${runtime}` : ''}`;
  if (appName === undefined) return base;
  return typeof appName === 'string' && appName.length <= 200 && APP_NAME.test(appName) ? `${base} ${appName}` : undefined;
}
