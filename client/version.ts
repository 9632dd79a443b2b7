/** The package's name and version, for `User-Agent`; test/client/observability.test.ts keeps them equal to package.json's. */
export const PACKAGE_NAME = '@halcyon-studios/partner-catalog-client';
export const PACKAGE_VERSION = '1.0.0';
