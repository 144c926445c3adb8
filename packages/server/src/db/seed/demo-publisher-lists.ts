import { parsePublisher, type TPublisher } from '@beacon/domain/validation/publisher-file';
import type { HistoryActor } from '../../modules/history/history.service';
import { upsertCataloguePublishers } from '../../modules/publisher-lists/publisher-lists.repo';
import { insertPublisherListWithHistory } from '../../modules/publisher-lists/publisher-lists.service';
import type { Db } from '../database';

/**
 * Demo publishers (decision 018): a catalogue of well-known apps and sites for the search publishers
 * dialog, with their display names, and an allowlist and a blocklist of Demo Agency. The identifiers are the
 * public ones (store bundle ids, numeric App Store ids, domains); the blocklist's made-for-advertising sites
 * are invented `.example` domains, not real sites accused of anything.
 */
export const DEMO_CATALOGUE: readonly { publisher: string; name: string }[] = [
  { publisher: 'nytimes.com', name: 'The New York Times' },
  { publisher: 'theguardian.com', name: 'The Guardian' },
  { publisher: 'bbc.co.uk', name: 'BBC' },
  { publisher: 'elpais.com', name: 'El País' },
  { publisher: 'lemonde.fr', name: 'Le Monde' },
  { publisher: 'spiegel.de', name: 'Der Spiegel' },
  { publisher: 'reuters.com', name: 'Reuters' },
  { publisher: 'espn.com', name: 'ESPN' },
  { publisher: 'weather.com', name: 'The Weather Channel' },
  { publisher: 'imdb.com', name: 'IMDb' },
  { publisher: 'wikipedia.org', name: 'Wikipedia' },
  { publisher: 'allrecipes.com', name: 'Allrecipes' },
  { publisher: 'com.king.candycrushsaga', name: 'Candy Crush Saga (Android)' },
  { publisher: '553834731', name: 'Candy Crush Saga (iOS)' },
  { publisher: 'com.spotify.music', name: 'Spotify (Android)' },
  { publisher: '324684580', name: 'Spotify (iOS)' },
  { publisher: 'com.duolingo', name: 'Duolingo (Android)' },
  { publisher: '570060128', name: 'Duolingo (iOS)' },
  { publisher: 'com.weather.Weather', name: 'The Weather Channel (Android)' },
  { publisher: 'com.shazam.android', name: 'Shazam (Android)' },
  { publisher: 'com.imdb.mobile', name: 'IMDb (Android)' },
  { publisher: 'com.accuweather.android', name: 'AccuWeather (Android)' },
  { publisher: 'com.outfit7.mytalkingtomfree', name: 'My Talking Tom (Android)' },
  { publisher: 'com.roblox.client', name: 'Roblox (Android)' },
  { publisher: '431946152', name: 'Roblox (iOS)' },
  { publisher: 'com.zhiliaoapp.musically', name: 'TikTok (Android)' },
];

type DemoPublisherList = { name: string; kind: 'allow' | 'block'; publishers: readonly string[] };

export const DEMO_PUBLISHER_LISTS: readonly DemoPublisherList[] = [
  {
    name: 'Premium news and weather',
    kind: 'allow',
    publishers: [
      'nytimes.com',
      'theguardian.com',
      'bbc.co.uk',
      'elpais.com',
      'reuters.com',
      'weather.com',
      'com.weather.Weather',
      'com.accuweather.android',
    ],
  },
  {
    name: 'Made-for-advertising sites',
    kind: 'block',
    publishers: [
      'clickbait-daily.example',
      'top10-slideshows.example',
      'free-prizes-now.example',
      'com.flashlight.adsfree.example',
    ],
  },
];

const publisherOf = (value: string): TPublisher => {
  const publisher = parsePublisher(value);
  if (!publisher) throw new Error(`The demo publisher ${value} is not a publisher`);
  return publisher;
};

export const seedDemoPublisherLists = async (
  db: Db,
  organizations: { agency: string },
  actor: HistoryActor,
): Promise<void> => {
  await upsertCataloguePublishers(
    db,
    DEMO_CATALOGUE.map(({ publisher, name }) => ({ ...publisherOf(publisher), name })),
  );
  for (const list of DEMO_PUBLISHER_LISTS) {
    await insertPublisherListWithHistory(
      db,
      { organization_id: organizations.agency, name: list.name, kind: list.kind },
      list.publishers.map(publisherOf),
      actor,
    );
  }
};
