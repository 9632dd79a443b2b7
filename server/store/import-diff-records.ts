// What a catalog import would change (ImportPreviews, the dry run's answer).
/** How importing a batch of series would change one of them (store/shared/catalog-import.ts). */
export interface SeriesDiff {
  seriesId: string;
  title: string;
  change: 'added' | 'changed';
  episodesAdded: number;
  episodesChanged: number;
  episodesRemoved: number;
}

/** What an import would change, series by series, and in all. */
export interface ImportDiff {
  seriesAdded: number;
  seriesChanged: number;
  seriesUnchanged: number;
  episodesAdded: number;
  episodesChanged: number;
  episodesRemoved: number;
  /** Every series added or changed, in the order given. */
  series: SeriesDiff[];
}
