/**
 * What `npm run bench` asks the targets: the operations, and for each a mix of URLs built from
 * the generated catalog through the real server (series the bench partner reads or streams,
 * search words of every kind, catalog pages with their cursors).
 */
import { demoSeriesId } from '../../server/demo/catalog.js';
import { benchGrants, type CatalogManifest } from '../generate-catalog.js';

export const OPERATIONS = ['getCatalog', 'getSeries', 'searchCatalog', 'resolveStream', 'catalogPaging'] as const;
export type Operation = (typeof OPERATIONS)[number];

export async function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; contentType: string; body: Buffer }> {
  const res = await fetch(base + path, { headers });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

/** A token of the catalog's bench partner from the server at base. */
export async function authenticate(base: string, manifest: CatalogManifest): Promise<string> {
  const res = await fetch(`${base}/api/partner/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api_key: manifest.partner.apiKey, api_secret: manifest.partner.apiSecret }),
  });
  if (res.status !== 200) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The search mix: specific titles, names, common words, short and long prefixes, several words. */
function searchQueries(titles: string[]): string[] {
  const specific = titles.slice(0, 8);
  return [
    ...specific,
    'harbour', 'lighthouse', 'ada', 'kestrel bay', 'silent harb', 'the quarry', 'forgiveness',
    'ha', 'th', 'lig', 'inher', 'ferry capt', 'the', 'and', 'of the', 'undertow',
    'port arden', 'choose between', 'a', 'paper harbour',
  ];
}

/** Every operation's URLs; catalogPaging follows each listing's cursors for pagesPerListing pages. */
export async function buildMixes(base: string, headers: Record<string, string>, manifest: CatalogManifest, pagesPerListing: number): Promise<Record<Operation, string[]>> {
  const json = async (path: string) => {
    const r = await get(base, path, headers);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.toString().slice(0, 300)}`);
    return JSON.parse(r.body.toString()) as Record<string, any>;
  };
  // Series spread over the catalog that the partner reads (and streams).
  const n = manifest.series;
  const spread = (count: number, want: (i: number) => boolean) => {
    const out: number[] = [];
    for (let k = 0; out.length < Math.min(count, n) && k < n * 2; k++) {
      const i = Math.floor((k * 7919) % n);
      if (want(i) && !out.includes(i)) out.push(i);
    }
    return out;
  };
  const readable = spread(100, (i) => benchGrants(i).includes('read'));
  const streamable = spread(40, (i) => benchGrants(i).includes('stream'));

  const getSeries = readable.map((i) => `/api/partner/content/series/${demoSeriesId(i)}`);

  const titles: string[] = [];
  for (const path of getSeries.slice(0, 8)) titles.push((await json(path)).title as string);
  const searchCatalog = searchQueries(titles).map((q) => `/api/partner/content/search?q=${encodeURIComponent(q)}`);

  const now = Date.now();
  const resolveStream: string[] = [];
  for (const i of streamable) {
    const page = await json(`/api/partner/content/series/${demoSeriesId(i)}/episodes?limit=10`);
    for (const e of page.items as Array<{ id: string; availability: { starts_at: string; ends_at: string | null }; stream_formats: string[] }>) {
      const open = Date.parse(e.availability.starts_at) <= now && (e.availability.ends_at === null || Date.parse(e.availability.ends_at) > now);
      if (open && e.stream_formats.includes('hls')) {
        resolveStream.push(`/api/partner/streaming/episodes/${e.id}?format=hls`);
        break;
      }
    }
  }

  // Paging: the first pages by title and by updated_at, and genre-filtered pages, with cursors.
  const catalogPaging: string[] = [];
  for (const first of ['/api/partner/content/catalog?limit=25', '/api/partner/content/catalog?sort=updated_at&limit=25', '/api/partner/content/catalog?genre=western&limit=25', '/api/partner/content/catalog?genre=drama&limit=50']) {
    let path: string | undefined = first;
    for (let p = 0; path && p < pagesPerListing; p++) {
      catalogPaging.push(path);
      const cursor = (await json(path)).next_cursor as string | null;
      path = cursor ? `${first}&cursor=${cursor}` : undefined;
    }
  }

  return { getCatalog: ['/api/partner/content/catalog'], getSeries, searchCatalog, resolveStream, catalogPaging };
}
