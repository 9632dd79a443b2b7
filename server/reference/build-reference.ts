/**
 * Builds an API reference (the partner API's by default; the studio API's for its own listener and
 * `npm run docs`): ONE self-contained HTML page, the pinned Redoc 2 bundle and the
 * bundled contract (generated/openapi.json) inlined, that renders with no network access at all.
 * The server answers `GET /docs` with it; `npm run docs` (scripts/build-docs.ts) writes it to a file.
 *
 * Not `redocly build-docs --template`: Redocly CLI 2 prerenders with Redoc 3, and the markup it hands
 * a template (`redocHTML`) carries a module script importing Redoc from cdn.redocly.com (with
 * --inline-bundle, the CLI's own Redoc 3 bundle, whose UI still loads its logo and icons from Redocly's
 * CDNs). No template can swap that for the pinned Redoc 2 bundle, so the page is assembled here.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { CONTRACT_BUNDLE as CONTRACT, REFERENCE_TEMPLATE as TEMPLATE } from '../platform/paths.js';

// Redoc 2 always renders its attribution logo from Redocly's CDN. An empty src fails without any
// request, and Redoc's own onError handler then drops the image; the "API docs by Redocly" link stays.
const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace';

// Redoc's options, here only (the page is built here, not by Redocly CLI);
// test/docs/reference.test.ts checks their effect. Fonts are local stacks: Redoc's defaults name
// web fonts the page must not download.
const REDOC_OPTIONS = {
  expandResponses: '200',
  hideDownloadButtons: false,
  theme: {
    typography: { fontFamily: SANS, headings: { fontFamily: SANS }, code: { fontFamily: MONO } },
  },
};

export interface Reference {
  html: string;
  /** The policy the page declares in its <meta> tag; send it as a header too when serving the page. */
  contentSecurityPolicy: string;
}

/** Builds the reference page and the Content-Security-Policy it runs under, for `npm run docs` and `GET /docs`. */
export async function buildReference(contractPath: string = CONTRACT): Promise<Reference> {
  const [template, contractJson, redoc] = await Promise.all([
    readFile(TEMPLATE, 'utf8'),
    readFile(contractPath, 'utf8'),
    readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8'),
  ]);
  const contract = JSON.parse(contractJson) as { info?: { title?: string } };

  if (redoc.split(CDN_LOGO).length !== 2) {
    throw new Error(`redoc.standalone.js no longer holds exactly one ${CDN_LOGO}: review the offline patch in ${import.meta.filename}`);
  }
  const redocBundle = scriptText(redoc.replace(CDN_LOGO, '""'), 'redoc.standalone.js');
  const redocInit = scriptText(
    `Redoc.init(${jsonLiteral(contract)}, ${jsonLiteral(REDOC_OPTIONS)}, document.getElementById('redoc'));`,
    'redoc-init.js',
  );

  // Everything the page runs is inline and hashed, so the browser itself refuses any off-machine
  // script, style sheet, font, image or fetch, whatever Redoc or the contract's Markdown asks for.
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${sha256(redocBundle)} ${sha256(redocInit)}`,
    // styled-components injects <style> elements at run time.
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    // Redoc's search index runs in a Web Worker built from a blob: URL.
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  const html = fill(template, {
    contentSecurityPolicy: escapeHtml(contentSecurityPolicy),
    title: escapeHtml(`${contract.info?.title ?? 'API'} reference`),
    redocBundle,
    redocInit,
  });
  return { html, contentSecurityPolicy };
}

function fill(template: string, slots: Record<string, string>): string {
  // One pass with a replacer function: inserted text is never rescanned and `$` in it stays literal.
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`${TEMPLATE} has an unknown slot {{${name}}}`);
    return value;
  });
}

function scriptText(js: string, filename: string): string {
  // Inside <script>, "</script" would end the element and "<!--" can change how the HTML parser
  // finds the end; \x3C means "<" wherever they can occur (strings, template literals, regexes).
  const safe = js.replace(/<(\/script|script|!--)/gi, '\\x3C$1');
  new Script(safe, { filename }); // compiles without running: fails the build, not the page, if escaping broke it
  return safe;
}

function jsonLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
