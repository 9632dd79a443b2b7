/**
 * The three series of the contract's examples (openapi/examples/catalog.yaml), written out by
 * hand so the mock server and the demo store tell the same story: same ids, titles, synopses,
 * ratings, windows. Episodes the examples do not show are written here in the same voice.
 */
import type { ImportEpisode, ImportSeries } from '../store/index.js';

const IMG = 'https://images.halcyon-studios.example';

type EpisodeLine = [title: string, synopsis: string, seconds: number];

interface ExampleSeason {
  title: string;
  year: number;
  /** First air date; the season airs weekly from it. */
  firstAir: string;
  episodes: EpisodeLine[];
  /** Overrides the series window for this season's episodes. */
  availability?: ImportSeries['availability'];
}

function weekly(first: string, n: number): string {
  return new Date(Date.parse(`${first}T00:00:00Z`) + n * 7 * 86_400_000).toISOString().slice(0, 10);
}

function build(
  series: Omit<ImportSeries, 'seasons' | 'episodes'>,
  seasons: ExampleSeason[],
  episodeId: (season: number, episode: number) => string,
  episodeRatings: ImportSeries['content_ratings'],
): ImportSeries {
  const episodes: ImportEpisode[] = seasons.flatMap((season, si) =>
    season.episodes.map(([title, synopsis, seconds], ei) => {
      const id = episodeId(si + 1, ei + 1);
      return {
        id,
        season_number: si + 1,
        episode_number: ei + 1,
        title,
        synopsis,
        duration_seconds: seconds,
        air_date: weekly(season.firstAir, ei),
        content_ratings: episodeRatings,
        audio_languages: series.audio_languages,
        subtitle_languages: series.subtitle_languages,
        artwork: [{ kind: 'thumbnail', url: `${IMG}/episodes/${id}/still-16x9.jpg`, width: 1920, height: 1080, language: null }],
        availability: season.availability ?? series.availability,
        stream_formats: ['hls', 'dash'],
      };
    }),
  );
  return {
    ...series,
    seasons: seasons.map((s, i) => ({ season_number: i + 1, title: s.title, release_year: s.year })),
    episodes,
  };
}

const poster = (id: string) => ({ kind: 'poster' as const, url: `${IMG}/series/${id}/poster-2x3.jpg`, width: 1000, height: 1500, language: 'en' });

/** The contract's example series; episodeId gives ids to episodes the examples do not name. */
export function exampleSeries(episodeId: (seriesIndex: number, season: number, episode: number) => string): ImportSeries[] {
  const lighthouseWindow = { starts_at: '2026-01-01T00:00:00Z', ends_at: '2029-06-30T23:59:59Z', territories: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'] };
  const named: Record<string, string> = { '1/1': 'ep_4mq8z2xkwt', '1/2': 'ep_6rc1v8njpd' };
  const lighthouse = build(
    {
      id: 'ser_7hx2k9qmbd',
      title: 'The Lighthouse Keepers',
      original_title: null,
      synopsis:
        "When the last keeper of a remote Hebridean lighthouse disappears during a winter storm, his estranged daughter returns to the island to run the light and finds the logbooks rewritten. Over two seasons the island's families, the coastguard and a salvage company with too much money close in on what the light was really guarding.",
      short_synopsis: 'An estranged daughter returns to a remote lighthouse and finds its logbooks rewritten.',
      genres: ['drama', 'mystery'],
      content_ratings: [{ country: 'GB', system: 'BBFC', rating: '15' }, { country: 'US', system: 'US-TV', rating: 'TV-14' }],
      original_language: 'en',
      audio_languages: ['en', 'fr', 'de'],
      subtitle_languages: ['en', 'fr', 'de', 'es', 'nl'],
      release_year: 2023,
      end_year: null,
      status: 'returning',
      artwork: [poster('ser_7hx2k9qmbd'), { kind: 'backdrop', url: `${IMG}/series/ser_7hx2k9qmbd/backdrop-16x9.jpg`, width: 3840, height: 2160, language: null }],
      availability: lighthouseWindow,
    },
    [
      {
        title: 'Season 1', year: 2023, firstAir: '2023-03-05',
        episodes: [
          ['The First Light', "Isla Macrae comes home to Sgeir Mhòr for a funeral without a body, and lights the lamp her father left burning for twenty years.", 3420],
          ['Fog Signal', "The supply boat refuses to land, the radio picks up a signal from a wreck that sank in 1974, and Isla finds her father's handwriting on a page dated last week.", 3305],
          ['Low Water', 'A spring tide uncovers a causeway nobody on the island admits to knowing, and a crate that was never on any manifest.', 3390],
          ['The Relief Keeper', 'A coastguard officer arrives to take over the light, with orders signed by a man who has been dead for a decade.', 3275],
          ['Salt in the Works', "The lamp's clockwork stops at the same minute every night; Isla and the ferryman Calum take the mechanism apart.", 3440],
          ['Neap Tide', 'The salvage company makes the islanders an offer for the whole north shore, and the minister refuses to read the banns.', 3330],
          ['Logbook', 'Isla reads the rewritten logbooks against the shipping forecasts and finds the nights her father was somewhere else.', 3510],
          ['Whiteout', "A storm cuts the island off, the light fails, and the first season's question is answered in the worst possible way.", 3600],
        ],
      },
      {
        title: 'Season 2: Winter Crossing', year: 2027, firstAir: '2027-03-07',
        // Not on air yet: its episodes become available when the season premieres.
        availability: { ...lighthouseWindow, starts_at: '2027-03-07T00:00:00Z' },
        episodes: [
          ['Winter Crossing', 'Six months on, the ferry stops running and Isla must decide who she lets across the sound.', 3450],
          ['The Salvage Men', 'The salvage company brings divers, lawyers and a warrant for the lighthouse itself.', 3380],
          ['Second Light', 'An unlit second tower on the charts turns out to be real, and someone has been keeping it.', 3295],
          ['Keeper of Records', 'The registrar in Stornoway finds two death certificates for the same man.', 3320],
          ["The Minister's Bell", 'The church bell rings at low water; Calum finally tells Isla what he saw in 1999.', 3410],
          ['Dead Reckoning', 'A navigation error that was never an error puts a trawler on the rocks below the light.', 3360],
          ['Sgeir Mhòr', "The island's families hold a vote, and the coastguard holds the harbour.", 3480],
          ['Last Watch', 'Isla keeps the light through the longest night of the year and learns what it was guarding.', 3650],
        ],
      },
    ],
    (season, episode) => named[`${season}/${episode}`] ?? episodeId(0, season, episode),
    [{ country: 'GB', system: 'BBFC', rating: '15' }],
  );

  const paperWindow = { starts_at: '2026-01-01T00:00:00Z', ends_at: '2028-12-31T23:59:59Z', territories: ['GB', 'IE', 'US', 'CA'] };
  const paper = build(
    {
      id: 'ser_3fz8w1rtnc',
      title: 'Paper Harbour',
      original_title: null,
      synopsis:
        "Nell Tierney runs the last weekly newspaper in a Cornish harbour town. A forged shipping manifest sends her after a smuggling ring that has used the port for forty years, and every lead runs back through her own family: the harbourmaster uncle, the mother who left, and the boat registered in Nell's name.",
      short_synopsis: "A harbour-town reporter follows a forged shipping manifest into her own family's past.",
      genres: ['crime', 'thriller'],
      content_ratings: [{ country: 'GB', system: 'BBFC', rating: '15' }, { country: 'US', system: 'US-TV', rating: 'TV-MA' }],
      original_language: 'en',
      audio_languages: ['en'],
      subtitle_languages: ['en', 'es'],
      release_year: 2021,
      end_year: 2023,
      status: 'ended',
      artwork: [poster('ser_3fz8w1rtnc')],
      availability: paperWindow,
    },
    [
      { title: 'Season 1', year: 2021, firstAir: '2021-09-12', episodes: [
        ['Manifest', 'A shipping manifest lists a cargo the harbour could never have landed; Nell prints the story anyway.', 2880],
        ['Copy Deadline', "The paper's only advertiser pulls out the day after the story runs.", 2760],
        ['Harbourmaster', "Nell's uncle Ronan explains the manifest away a little too well.", 2820],
        ['Spring Tide', 'A body in a lobster pot, and the boat it came from is registered to Nell.', 2905],
        ['Front Page', 'Nell has the story of her life and cannot print a word of it.', 2790],
        ['Stop Press', 'The ring moves its cargo on the night the paper goes to press.', 3010],
      ] },
      { title: 'Season 2', year: 2022, firstAir: '2022-09-18', episodes: [
        ['Back Issues', "The paper's archive shows the ring at work in 1983, under another editor.", 2850],
        ['The Mother', "Nell's mother returns after twenty years with a lawyer and a ledger.", 2930],
        ['Bonded Warehouse', 'Customs raids the wrong warehouse; someone tipped them off.', 2800],
        ['Letters Page', "An anonymous letter names the harbour's oldest family.", 2745],
        ['Fog Bank', 'Nell goes out with the night boat and does not come back on it.', 2990],
        ['Print Run', 'The town chooses between its paper and its port.', 3050],
      ] },
      { title: 'Season 3', year: 2023, firstAir: '2023-09-17', episodes: [
        ['Closing Date', 'The paper is sold, and the new owner wants the archive.', 2870],
        ['Salvage Rights', 'A wreck off the point holds the manifest that started it all.', 2815],
        ['Corrections', 'Nell prints a correction that is really a confession.', 2780],
        ['Witness', 'Ronan agrees to talk, on the record, for one night only.', 2960],
        ['Slack Water', "The ring's last cargo and the last tide it can use.", 2900],
        ['Final Edition', "The last issue of the Paper Harbour Packet goes to press.", 3120],
      ] },
    ],
    (season, episode) => episodeId(1, season, episode),
    [{ country: 'GB', system: 'BBFC', rating: '15' }],
  );

  const smallWindow = { starts_at: '2025-06-01T00:00:00Z', ends_at: null, territories: ['GB', 'IE'] };
  const small = build(
    {
      id: 'ser_9kd4p6vyja',
      title: 'Small Hours',
      original_title: null,
      synopsis:
        'Between midnight and dawn, three night-shift bakers keep a failing Leeds café alive with sourdough, bad ideas and the customers nobody else is awake for: taxi drivers, nurses, a lost wedding party and a landlord who wants the building back by spring.',
      short_synopsis: 'Three night-shift bakers keep a failing café alive between midnight and dawn.',
      genres: ['comedy'],
      content_ratings: [{ country: 'GB', system: 'BBFC', rating: '12' }],
      original_language: 'en',
      audio_languages: ['en'],
      subtitle_languages: ['en'],
      release_year: 2025,
      end_year: 2025,
      status: 'limited',
      artwork: [poster('ser_9kd4p6vyja')],
      availability: smallWindow,
    },
    [
      { title: 'Season 1', year: 2025, firstAir: '2025-06-06', episodes: [
        ['Proving', 'Dev, Marta and Olu inherit a café, a starter older than all of them and a rent rise.', 1680],
        ['Night Bus', 'A bus full of stranded passengers becomes the best night the café has ever had.', 1620],
        ['Laminate', "Marta's croissants fail forty times; the forty-first is worse.", 1590],
        ['Wedding Party', 'A lost wedding party arrives at 3 a.m. without the groom.', 1710],
        ['Health Inspection', 'An inspector comes at dawn, and so does the landlord.', 1650],
        ['First Light', 'The last night shift, and the first morning the café opens in daylight.', 1800],
      ] },
    ],
    (season, episode) => episodeId(2, season, episode),
    [{ country: 'GB', system: 'BBFC', rating: '12' }],
  );
  return [lighthouse, paper, small];
}
