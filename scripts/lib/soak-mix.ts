/**
 * What the soak's clients ask (scripts/soak.ts): partners as they behave over an hour, not one URL
 * repeated. Each client keeps a catalog walk of its own (a random genre or none, either sort, an
 * updated_since now and then, any limit from 1 to 100) and follows its cursors for a random number
 * of pages before starting another, so walks reach deep into the catalog; between pages it
 * searches (1 to 3 words of the catalog's vocabulary, the last often a prefix, from a seeded list
 * of distinct queries) and reads series it met on its walks, or lists their episodes. Seeded:
 * two runs ask the same things in the same order, whatever the server answers.
 */
import { GENRES } from '../../server/demo/catalog-words.js';
import { seeded, variedSearches } from './bench-queries.js';

interface Walk {
  first: string;
  next: string | null;
  pagesLeft: number;
}

/** Ids met on walks, shared by the clients (bounded: the oldest go first). */
const MET_LIMIT = 20_000;

export interface SoakMix {
  /** The next path client `worker` asks. */
  next(worker: number): string;
  /** What a catalog page answered, so the walk continues and its series can be read. */
  answered(worker: number, path: string, status: number, body: string): void;
}

export function soakMix(seed: number, clients: number): SoakMix {
  const random = seeded(seed);
  const searches = variedSearches(50_000, seed);
  let searchAt = 0;
  const met: string[] = [];
  const walks: Walk[] = Array.from({ length: clients }, () => newWalk());

  function newWalk(): Walk {
    const params = new URLSearchParams({ limit: String(1 + Math.floor(random() * 100)) });
    if (random() < 0.5) params.set('genre', GENRES[Math.floor(random() * GENRES.length)]!);
    if (random() < 0.5) params.set('sort', 'updated_at');
    if (random() < 0.2) params.set('updated_since', new Date(Date.UTC(2025, Math.floor(random() * 12), 1)).toISOString().replace('.000', ''));
    // Most walks are short (a partner looking around), one in ten goes to the end (a sync).
    const pagesLeft = random() < 0.1 ? Infinity : 1 + Math.floor(random() * 40);
    return { first: `/api/partner/content/catalog?${params}`, next: null, pagesLeft };
  }

  return {
    next(worker) {
      const r = random();
      if (r < 0.4 || met.length === 0) {
        const walk = walks[worker]!;
        return walk.next === null ? walk.first : `${walk.first}&cursor=${encodeURIComponent(walk.next)}`;
      }
      if (r < 0.75) return searches[searchAt++ % searches.length]!;
      const id = met[Math.floor(random() * met.length)]!;
      return r < 0.9 ? `/api/partner/content/series/${id}` : `/api/partner/content/series/${id}/episodes?limit=${1 + Math.floor(random() * 50)}`;
    },
    answered(worker, path, status, body) {
      const walk = walks[worker]!;
      if (!path.startsWith('/api/partner/content/catalog?') || !path.startsWith(walk.first)) return;
      const page = status === 200 ? (JSON.parse(body) as { items: Array<{ id: string }>; next_cursor: string | null }) : undefined;
      for (const item of page?.items ?? []) met.push(item.id);
      if (met.length > MET_LIMIT) met.splice(0, met.length - MET_LIMIT);
      walk.pagesLeft--;
      walk.next = page?.next_cursor ?? null;
      if (!page || walk.next === null || walk.pagesLeft <= 0) walks[worker] = newWalk();
    },
  };
}
