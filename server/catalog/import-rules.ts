/**
 * Rules across fields and items of a catalog import that JSON Schema cannot state. Run only on
 * a file that already matches the schema, so every field has its contract type here.
 */
import type { ImportSeries } from '../store/index.js';
import type { ImportIssue } from './import-schema.js';

/** Most episodes one season may have (the contract's Season.episode_count maximum). */
const MAX_EPISODES_PER_SEASON = 500;

/** The cross-field problems of a schema-valid file, each pointing at the value to fix. */
export function crossFieldErrors(series: ImportSeries[]): ImportIssue[] {
  const errors: ImportIssue[] = [];
  const seriesAt = new Map<string, string>();
  const episodeAt = new Map<string, string>();

  series.forEach((s, i) => {
    const base = `/series/${i}`;
    const firstSeries = seriesAt.get(s.id);
    if (firstSeries !== undefined) errors.push({ pointer: `${base}/id`, message: `duplicate series id ${s.id} (first at ${firstSeries})` });
    else seriesAt.set(s.id, `${base}/id`);

    if (s.end_year !== null && s.end_year < s.release_year) {
      errors.push({ pointer: `${base}/end_year`, message: `must not be before release_year ${s.release_year}` });
    }
    checkWindow(s.availability, `${base}/availability`, errors);

    const seasons = new Set<number>();
    s.seasons.forEach((season, k) => {
      if (seasons.has(season.season_number)) {
        errors.push({ pointer: `${base}/seasons/${k}/season_number`, message: `duplicate season_number ${season.season_number}` });
      }
      seasons.add(season.season_number);
    });

    const numbers = new Set<string>();
    const perSeason = new Map<number, number>();
    s.episodes.forEach((e, k) => {
      const at = `${base}/episodes/${k}`;
      const firstEpisode = episodeAt.get(e.id);
      if (firstEpisode !== undefined) errors.push({ pointer: `${at}/id`, message: `duplicate episode id ${e.id} (first at ${firstEpisode})` });
      else episodeAt.set(e.id, `${at}/id`);

      if (!seasons.has(e.season_number)) {
        errors.push({ pointer: `${at}/season_number`, message: `season ${e.season_number} is not in this series' seasons` });
      }
      const key = `${e.season_number}/${e.episode_number}`;
      if (numbers.has(key)) {
        errors.push({ pointer: `${at}/episode_number`, message: `duplicate episode ${e.episode_number} in season ${e.season_number}` });
      }
      numbers.add(key);
      const count = (perSeason.get(e.season_number) ?? 0) + 1;
      perSeason.set(e.season_number, count);
      if (count === MAX_EPISODES_PER_SEASON + 1) {
        errors.push({ pointer: `${at}`, message: `season ${e.season_number} has more than ${MAX_EPISODES_PER_SEASON} episodes` });
      }
      checkWindow(e.availability, `${at}/availability`, errors);
    });
  });
  return errors;
}

function checkWindow(w: ImportSeries['availability'], pointer: string, errors: ImportIssue[]): void {
  if (w.ends_at !== null && Date.parse(w.ends_at) <= Date.parse(w.starts_at)) {
    errors.push({ pointer: `${pointer}/ends_at`, message: 'must be after starts_at' });
  }
}
