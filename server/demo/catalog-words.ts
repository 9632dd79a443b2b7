/**
 * Vocabulary of the generated demo catalog. Varied enough that search has something to rank
 * (shared words across titles and synopses, rarer words in a few) and listings look plausible.
 */
import type { Genre } from '../store/index.js';

export const ADJECTIVES = [
  'Silent', 'Hollow', 'Northern', 'Burning', 'Quiet', 'Last', 'Iron', 'Glass', 'Distant', 'Crooked',
  'Golden', 'Broken', 'Endless', 'Hidden', 'Winter', 'Salt', 'Midnight', 'Paper', 'Velvet', 'Copper',
  'Lost', 'Wild', 'Bright', 'Restless', 'Scarlet', 'Long', 'Small', 'Borrowed', 'Second', 'Open',
];

export const NOUNS = [
  'Harbour', 'Orchard', 'Signal', 'Frontier', 'Archive', 'Garden', 'Tide', 'Station', 'Valley', 'Mirror',
  'Foundry', 'Quarry', 'Circus', 'Embassy', 'Observatory', 'Vineyard', 'Ferry', 'Kingdom', 'Reservoir', 'Bridge',
  'Parish', 'Canal', 'Summit', 'Lantern', 'Meridian', 'Chorus', 'Orbit', 'Border', 'Estate', 'Academy',
];

export const PLACES = [
  'Kestrel Bay', 'Ashford', 'the Fens', 'Port Arden', 'Glenmoray', 'Halden', 'the Marches', 'Saltmarsh',
  'Coldharbour', 'Whitby Sands', 'Lake Orra', 'Vesterhavn', 'Montclair', 'Calder Ridge', 'the Delta', 'Nightingale Row',
];

export const FIRST_NAMES = [
  'Ada', 'Ravi', 'Maeve', 'Tomasz', 'Ines', 'Kofi', 'Hanna', 'Lucas', 'Priya', 'Owen', 'Sofia', 'Jun',
  'Elif', 'Mateo', 'Niamh', 'Yusuf', 'Freya', 'Dmitri', 'Leila', 'Callum', 'Rosa', 'Henrik', 'Amara', 'Theo',
];

export const ROLES = [
  'a disgraced surgeon', 'a rookie detective', 'a retired magician', 'a border guard', 'a ferry captain',
  'an archivist', 'a forensic accountant', 'a village vet', 'a war photographer', 'a chess prodigy',
  'a lighthouse engineer', 'a night-shift nurse', 'a jazz pianist', 'a wildlife ranger', 'a failed astronaut',
  'a cartographer', 'a pastry chef', 'a court interpreter', 'a rally driver', 'a beekeeper',
];

export const INCITING = [
  'inherits a house with a locked room', 'finds a letter that was never sent', 'witnesses a crash nobody else saw',
  'is elected mayor by mistake', 'discovers a second family', 'wakes up ten years in the past',
  'loses a bet with the wrong people', 'returns home after twenty years away', 'is handed a case everyone else refused',
  'finds a map drawn in their own handwriting', 'takes over a failing family business', 'answers a radio call from a ship lost at sea',
];

export const STAKES = [
  'before the harvest fails', 'while the town prepares for the flood', 'as an election tears the valley apart',
  'before the last ferry of the season', 'while a storm closes every road', 'as old enemies return',
  'before the investors arrive', 'while the river rises', 'as the festival draws the whole county in',
  'before the trial begins', 'while a rival crew closes in', 'as the mine prepares to reopen',
];

export const THEMES = [
  'loyalty', 'grief', 'ambition', 'forgiveness', 'power', 'memory', 'class', 'faith', 'belonging', 'greed', 'love', 'survival',
];

export const EPISODE_WORDS = [
  'Arrival', 'Undertow', 'Crossing', 'Ledger', 'Homecoming', 'Vigil', 'Reckoning', 'Thaw', 'Static', 'Embers',
  'Landfall', 'Witness', 'Blackout', 'Inheritance', 'Harvest', 'Quarantine', 'Aftermath', 'Eclipse', 'Masquerade', 'Ransom',
  'Ceasefire', 'Overture', 'Relay', 'Sanctuary', 'Threshold', 'Exposure', 'Alibi', 'Fault Line', 'Open Water', 'Dead Air',
];

export const GENRES: Genre[] = [
  'action', 'animation', 'comedy', 'crime', 'documentary', 'drama', 'family', 'fantasy',
  'history', 'horror', 'mystery', 'reality', 'romance', 'science_fiction', 'thriller', 'western',
];

export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'sv', 'da', 'ja', 'ko', 'pt-BR', 'en-GB'];

export const TERRITORIES = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'JP'];

/** Ratings by audience level (0 youngest to 4 adult), one per country's system. */
export const RATINGS: Array<Array<{ country: string; system: string; rating: string }>> = [
  [{ country: 'GB', system: 'BBFC', rating: 'U' }, { country: 'US', system: 'US-TV', rating: 'TV-Y' }, { country: 'DE', system: 'FSK', rating: '0' }],
  [{ country: 'GB', system: 'BBFC', rating: 'PG' }, { country: 'US', system: 'US-TV', rating: 'TV-PG' }, { country: 'DE', system: 'FSK', rating: '6' }],
  [{ country: 'GB', system: 'BBFC', rating: '12' }, { country: 'US', system: 'US-TV', rating: 'TV-14' }, { country: 'DE', system: 'FSK', rating: '12' }],
  [{ country: 'GB', system: 'BBFC', rating: '15' }, { country: 'US', system: 'US-TV', rating: 'TV-MA' }, { country: 'DE', system: 'FSK', rating: '16' }],
  [{ country: 'GB', system: 'BBFC', rating: '18' }, { country: 'US', system: 'US-TV', rating: 'TV-MA' }, { country: 'DE', system: 'FSK', rating: '18' }],
];
