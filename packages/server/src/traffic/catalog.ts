/**
 * The made-up supply the traffic simulator draws from (docs/engine.md "Traffic simulator"): real countries,
 * regions and cities with their coordinates, and plausible but invented sites, apps, screens and devices. The
 * demo campaigns' countries, regions, cities and app bundles are among them, so the demo bids.
 */

/** Region codes and city names are those of the `country-state-city` dataset the console's place pickers use. */
export type City = {
  /** ISO 3166-2 subdivision code without the country part ("ENG" of GB-ENG). */
  readonly region: string;
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  readonly weight: number;
};

export type Country = {
  /** ISO 3166-1 alpha-3, as OpenRTB's device.geo.country. */
  readonly code: string;
  readonly weight: number;
  /** Minutes from UTC (standard time; good enough for geo.utcoffset). */
  readonly utcOffset: number;
  readonly cities: readonly City[];
};

const city = (region: string, name: string, lat: number, lon: number, weight = 1): City => ({
  region,
  name,
  lat,
  lon,
  weight,
});

export const COUNTRIES: readonly Country[] = [
  {
    code: 'USA',
    weight: 30,
    utcOffset: -300,
    cities: [
      city('NY', 'New York City', 40.7128, -74.006, 4),
      city('CA', 'Los Angeles', 34.0522, -118.2437, 3),
      city('CA', 'San Francisco', 37.7749, -122.4194, 2),
      city('IL', 'Chicago', 41.8781, -87.6298, 2),
      city('TX', 'Houston', 29.7604, -95.3698, 2),
      city('FL', 'Miami', 25.7617, -80.1918, 1),
      city('WA', 'Seattle', 47.6062, -122.3321, 1),
    ],
  },
  {
    code: 'GBR',
    weight: 14,
    utcOffset: 0,
    cities: [
      city('ENG', 'London', 51.5074, -0.1278, 5),
      city('ENG', 'Manchester', 53.4808, -2.2426, 2),
      city('ENG', 'Birmingham', 52.4862, -1.8904, 1),
      city('SCT', 'Glasgow', 55.8642, -4.2518, 1),
      city('SCT', 'Edinburgh', 55.9533, -3.1883, 1),
      city('WLS', 'Cardiff', 51.4816, -3.1791, 1),
    ],
  },
  {
    code: 'ESP',
    weight: 12,
    utcOffset: 60,
    cities: [
      city('MD', 'Madrid', 40.4168, -3.7038, 4),
      city('CT', 'Barcelona', 41.3874, 2.1686, 3),
      city('AN', 'Sevilla', 37.3891, -5.9845, 1),
      city('AN', 'Málaga', 36.7213, -4.4214, 1),
      city('VC', 'Valencia', 39.4699, -0.3763, 1),
      city('PV', 'Bilbao', 43.263, -2.935, 1),
    ],
  },
  {
    code: 'FRA',
    weight: 8,
    utcOffset: 60,
    cities: [
      city('IDF', 'Paris', 48.8566, 2.3522, 4),
      city('ARA', 'Lyon', 45.764, 4.8357, 1),
      city('PAC', 'Marseille', 43.2965, 5.3698, 1),
      city('OCC', 'Toulouse', 43.6047, 1.4442, 1),
    ],
  },
  {
    code: 'DEU',
    weight: 8,
    utcOffset: 60,
    cities: [
      city('BE', 'Berlin', 52.52, 13.405, 3),
      city('BY', 'Munich', 48.1351, 11.582, 2),
      city('HH', 'Hamburg', 53.5511, 9.9937, 1),
      city('NW', 'Köln', 50.9375, 6.9603, 1),
    ],
  },
  {
    code: 'CAN',
    weight: 6,
    utcOffset: -300,
    cities: [
      city('ON', 'Toronto', 43.6532, -79.3832, 3),
      city('QC', 'Montréal', 45.5017, -73.5673, 2),
      city('BC', 'Vancouver', 49.2827, -123.1207, 1),
    ],
  },
  {
    code: 'ITA',
    weight: 5,
    utcOffset: 60,
    cities: [
      city('25', 'Milan', 45.4642, 9.19, 2),
      city('62', 'Rome', 41.9028, 12.4964, 2),
      city('72', 'Napoli', 40.8518, 14.2681, 1),
    ],
  },
  {
    code: 'MEX',
    weight: 4,
    utcOffset: -360,
    cities: [
      city('CDMX', 'Ciudad de México', 19.4326, -99.1332, 3),
      city('JAL', 'Guadalajara', 20.6597, -103.3496, 1),
      city('NLE', 'Monterrey', 25.6866, -100.3161, 1),
    ],
  },
  {
    code: 'BRA',
    weight: 4,
    utcOffset: -180,
    cities: [
      city('SP', 'São Paulo', -23.5505, -46.6333, 2),
      city('RJ', 'Rio de Janeiro', -22.9068, -43.1729, 1),
    ],
  },
  {
    code: 'NLD',
    weight: 3,
    utcOffset: 60,
    cities: [city('NH', 'Amsterdam', 52.3676, 4.9041, 2), city('ZH', 'Rotterdam', 51.9244, 4.4777, 1)],
  },
  {
    code: 'AUS',
    weight: 3,
    utcOffset: 600,
    cities: [city('NSW', 'Sydney', -33.8688, 151.2093, 2), city('VIC', 'Melbourne', -37.8136, 144.9631, 2)],
  },
  {
    code: 'JPN',
    weight: 3,
    utcOffset: 540,
    cities: [city('13', 'Tokyo', 35.6762, 139.6503, 3), city('27', 'Osaka', 34.6937, 135.5023, 1)],
  },
];

/** A web site: domain, IAB categories (tier 1 and 2) and the paths its pages live under. */
export type SiteEntry = {
  readonly domain: string;
  readonly cat: readonly string[];
  readonly paths: readonly string[];
};

export const SITES: readonly SiteEntry[] = [
  { domain: 'dailyherald-news.example', cat: ['IAB12'], paths: ['/world', '/politics', '/business'] },
  { domain: 'www.stylepulse.example', cat: ['IAB18', 'IAB18-3'], paths: ['/trends', '/street-style'] },
  { domain: 'shopsmart-deals.example', cat: ['IAB22', 'IAB22-4'], paths: ['/deals', '/coupons'] },
  { domain: 'www.kickoff-sports.example', cat: ['IAB17', 'IAB17-12'], paths: ['/football', '/results'] },
  { domain: 'techcrunchy.example', cat: ['IAB19', 'IAB19-18'], paths: ['/gadgets', '/reviews'] },
  { domain: 'recipebox-kitchen.example', cat: ['IAB8', 'IAB8-5'], paths: ['/dinner', '/baking'] },
  { domain: 'wanderlust-trips.example', cat: ['IAB20', 'IAB20-18'], paths: ['/europe', '/city-breaks'] },
  { domain: 'www.motorgarage.example', cat: ['IAB2'], paths: ['/reviews', '/electric'] },
  { domain: 'moneywise-daily.example', cat: ['IAB13', 'IAB13-7'], paths: ['/savings', '/markets'] },
  { domain: 'healthyhabits.example', cat: ['IAB7', 'IAB7-1'], paths: ['/fitness', '/nutrition'] },
  { domain: 'cinemascope-reviews.example', cat: ['IAB1', 'IAB1-5'], paths: ['/movies', '/trailers'] },
  { domain: 'homenest-living.example', cat: ['IAB10'], paths: ['/garden', '/interiors'] },
];

/** A mobile, tablet or TV app: bundle, store id, IAB categories. */
export type AppEntry = {
  readonly bundle: string;
  readonly name: string;
  readonly cat: readonly string[];
  readonly storeurl: string;
};

const android = (bundle: string, name: string, cat: readonly string[]): AppEntry => ({
  bundle,
  name,
  cat,
  storeurl: `https://play.google.com/store/apps/details?id=${bundle}`,
});
const ios = (id: string, name: string, cat: readonly string[]): AppEntry => ({
  bundle: id,
  name,
  cat,
  storeurl: `https://apps.apple.com/app/${id}`,
});

export const ANDROID_APPS: readonly AppEntry[] = [
  android('com.beacon.fitness', 'Beacon Fitness', ['IAB7', 'IAB17']),
  android('com.puzzlepop.blocks', 'Puzzle Pop Blocks', ['IAB9', 'IAB9-30']),
  android('com.newsflash.reader', 'Newsflash Reader', ['IAB12']),
  android('com.weatherly.forecast', 'Weatherly', ['IAB15', 'IAB15-10']),
  android('com.tunestream.radio', 'Tunestream Radio', ['IAB1', 'IAB1-6']),
  android('com.chefmate.recipes', 'Chefmate Recipes', ['IAB8']),
  android('com.citymover.transit', 'Citymover Transit', ['IAB20']),
];

export const IOS_APPS: readonly AppEntry[] = [
  ios('id1234567890', 'Beacon Fitness', ['IAB7', 'IAB17']),
  ios('id1467221930', 'Puzzle Pop Blocks', ['IAB9', 'IAB9-30']),
  ios('id1503982741', 'Newsflash Reader', ['IAB12']),
  ios('id1389042215', 'Weatherly', ['IAB15', 'IAB15-10']),
  ios('id1620557348', 'Tunestream Radio', ['IAB1', 'IAB1-6']),
];

/** Connected-TV channels; the bundle format differs by platform, a plain name is fine for a simulation. */
export const CTV_APPS: readonly AppEntry[] = [
  { bundle: 'tv.streamly.channel', name: 'Streamly TV', cat: ['IAB1', 'IAB1-7'], storeurl: '' },
  { bundle: 'tv.sportzone.live', name: 'SportZone Live', cat: ['IAB17'], storeurl: '' },
  { bundle: 'tv.kidsplanet.app', name: 'Kids Planet', cat: ['IAB1'], storeurl: '' },
  { bundle: 'tv.docuworld.hd', name: 'DocuWorld HD', cat: ['IAB5', 'IAB15'], storeurl: '' },
];

/** Audio apps: music streaming and podcasts. */
export const AUDIO_APPS: readonly AppEntry[] = [
  android('com.tunestream.radio', 'Tunestream Radio', ['IAB1', 'IAB1-6']),
  android('com.podnest.player', 'Podnest Podcasts', ['IAB1', 'IAB12']),
  ios('id1620557348', 'Tunestream Radio', ['IAB1', 'IAB1-6']),
];

/** DOOH venue types (OpenOOH venue taxonomy 1.1 names; `venuetypetax` 2) with a typical audience per play. */
export const VENUES: readonly (readonly [venue: string, audiencePerPlay: number, weight: number])[] = [
  ['transit.airports.gates', 22, 2],
  ['transit.subway.platform', 35, 3],
  ['transit.bus.shelter', 8, 3],
  ['retail.malls.concourse', 18, 3],
  ['retail.grocery.checkout', 4, 2],
  ['outdoor.billboards.roadside', 60, 3],
  ['outdoor.urban_panels', 12, 2],
  ['office_buildings.elevators', 6, 1],
];

export const DOOH_NETWORKS: readonly string[] = [
  'metroscreens',
  'billboardco',
  'mallvision',
  'skyport-media',
];

/** OpenRTB 2.6 list "Device Types": 4 phone, 5 tablet, 1 mobile/tablet, 2 PC, 3 connected TV, 7 set-top box. */
export type DeviceProfile = {
  readonly devicetype: number;
  readonly os: string;
  readonly osv: readonly string[];
  readonly make: string;
  readonly models: readonly string[];
  readonly ua: string;
  /** IAB ifa_type of its advertising id; undefined: the device has none (a desktop browser). */
  readonly ifaType: string | undefined;
  /** Share of devices that limit ad tracking (iOS ATT, Android opt-out). */
  readonly lmtRate: number;
};

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

export const PHONES: readonly (readonly [DeviceProfile, number])[] = [
  [
    {
      devicetype: 4,
      os: 'Android',
      osv: ['13', '14', '15'],
      make: 'Samsung',
      models: ['SM-S921B', 'SM-A546B', 'SM-G991B'],
      ua: 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      ifaType: 'aaid',
      lmtRate: 0.05,
    },
    45,
  ],
  [
    {
      devicetype: 4,
      os: 'Android',
      osv: ['14', '15'],
      make: 'Google',
      models: ['Pixel 8', 'Pixel 9'],
      ua: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      ifaType: 'aaid',
      lmtRate: 0.05,
    },
    12,
  ],
  [
    {
      devicetype: 4,
      os: 'iOS',
      osv: ['17.6', '18.0', '18.1'],
      make: 'Apple',
      models: ['iPhone'],
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ifaType: 'idfa',
      lmtRate: 0.55,
    },
    43,
  ],
];

export const TABLETS: readonly (readonly [DeviceProfile, number])[] = [
  [
    {
      devicetype: 5,
      os: 'iPadOS',
      osv: ['17.6', '18.1'],
      make: 'Apple',
      models: ['iPad'],
      ua: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ifaType: 'idfa',
      lmtRate: 0.5,
    },
    55,
  ],
  [
    {
      devicetype: 5,
      os: 'Android',
      osv: ['13', '14'],
      make: 'Samsung',
      models: ['SM-X710', 'SM-X210'],
      ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ifaType: 'aaid',
      lmtRate: 0.05,
    },
    35,
  ],
  [
    {
      // Older integrations still send "mobile/tablet" (1).
      devicetype: 1,
      os: 'Android',
      osv: ['12', '13'],
      make: 'Lenovo',
      models: ['TB-X606F'],
      ua: 'Mozilla/5.0 (Linux; Android 12; TB-X606F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ifaType: 'aaid',
      lmtRate: 0.05,
    },
    10,
  ],
];

export const DESKTOPS: readonly (readonly [DeviceProfile, number])[] = [
  [
    {
      devicetype: 2,
      os: 'Windows',
      osv: ['10', '11'],
      make: '',
      models: [''],
      ua: CHROME_UA,
      ifaType: undefined,
      lmtRate: 0,
    },
    70,
  ],
  [
    {
      devicetype: 2,
      os: 'macOS',
      osv: ['14.7', '15.1'],
      make: 'Apple',
      models: ['Macintosh'],
      ua: SAFARI_MAC_UA,
      ifaType: undefined,
      lmtRate: 0,
    },
    25,
  ],
  [
    {
      devicetype: 2,
      os: 'Linux',
      osv: [''],
      make: '',
      models: [''],
      ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ifaType: undefined,
      lmtRate: 0,
    },
    5,
  ],
];

export const TVS: readonly (readonly [DeviceProfile, number])[] = [
  [
    {
      devicetype: 7,
      os: 'Roku',
      osv: ['13.0', '14.0'],
      make: 'Roku',
      models: ['Roku Ultra', 'Roku Express'],
      ua: 'Roku/DVP-13.0 (13.0.0.4175)',
      ifaType: 'rida',
      lmtRate: 0.1,
    },
    30,
  ],
  [
    {
      devicetype: 3,
      os: 'Tizen',
      osv: ['7.0', '8.0'],
      make: 'Samsung',
      models: ['QN65Q80C', 'UE55CU8000'],
      ua: 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) 94.0.4606.31/7.0 TV Safari/537.36',
      ifaType: 'tifa',
      lmtRate: 0.1,
    },
    25,
  ],
  [
    {
      devicetype: 3,
      os: 'webOS',
      osv: ['23', '24'],
      make: 'LG',
      models: ['OLED55C3', 'OLED65G4'],
      ua: 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.128 Safari/537.36 WebAppManager',
      ifaType: 'lgudid',
      lmtRate: 0.1,
    },
    15,
  ],
  [
    {
      devicetype: 7,
      os: 'Fire OS',
      osv: ['7', '8'],
      make: 'Amazon',
      models: ['AFTKA', 'AFTMM'],
      ua: 'Mozilla/5.0 (Linux; Android 9; AFTKA) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.5481.153 Mobile Safari/537.36',
      ifaType: 'afai',
      lmtRate: 0.1,
    },
    20,
  ],
  [
    {
      devicetype: 7,
      os: 'tvOS',
      osv: ['18.1'],
      make: 'Apple',
      models: ['AppleTV14,1'],
      ua: 'AppleCoreMedia/1.0.0.22J580 (Apple TV; U; CPU OS 18_1 like Mac OS X; en_us)',
      ifaType: 'idfa',
      lmtRate: 0.4,
    },
    10,
  ],
];

export const BANNER_SIZES: readonly (readonly [readonly [number, number], number])[] = [
  [[300, 250], 40],
  [[320, 50], 25],
  [[728, 90], 15],
  [[300, 600], 10],
  [[320, 480], 10],
];
