/**
 * Partner tables of spec §3 ("Other tables"). The spec lists the tables, not their rows; these are the
 * real-world companies a buying platform of this kind connects to.
 */

/** Supply partners: the exchanges and SSPs the bidder buys from. */
export const SUPPLY_PARTNERS = [
  'google_adx',
  'appnexus',
  'magnite',
  'pubmatic',
  'openx',
  'index_exchange',
  'equativ',
  'inmobi',
  'smaato',
  'verve',
  'unity',
  'applovin',
  'digital_turbine',
  'chartboost',
  'freewheel',
  'yieldmo',
] as const;
export type SupplyPartner = (typeof SUPPLY_PARTNERS)[number];
export const SUPPLY_PARTNER_LABELS = {
  google_adx: 'Google Ad Exchange',
  appnexus: 'Xandr (AppNexus)',
  magnite: 'Magnite',
  pubmatic: 'PubMatic',
  openx: 'OpenX',
  index_exchange: 'Index Exchange',
  equativ: 'Equativ',
  inmobi: 'InMobi',
  smaato: 'Smaato',
  verve: 'Verve',
  unity: 'Unity Exchange',
  applovin: 'AppLovin',
  digital_turbine: 'Digital Turbine',
  chartboost: 'Chartboost',
  freewheel: 'FreeWheel',
  yieldmo: 'Yieldmo',
} as const satisfies Record<SupplyPartner, string>;

/** Digital out-of-home supply (screens bought programmatically for dooh campaigns). */
export const DOOH_SUPPLIERS = [
  'viooh',
  'hivestack',
  'broadsign',
  'vistar_media',
  'place_exchange',
  'moving_walls',
  'lemma',
] as const;
export type DoohSupplier = (typeof DOOH_SUPPLIERS)[number];
export const DOOH_SUPPLIER_LABELS = {
  viooh: 'VIOOH',
  hivestack: 'Hivestack',
  broadsign: 'Broadsign',
  vistar_media: 'Vistar Media',
  place_exchange: 'Place Exchange',
  moving_walls: 'Moving Walls',
  lemma: 'Lemma',
} as const satisfies Record<DoohSupplier, string>;

/** Third-party data providers; adsquare and digiseg also name audience types (§3). */
export const DATA_PARTNERS = [
  'adsquare',
  'digiseg',
  'lotame',
  'liveramp',
  'eyeota',
  'foursquare',
  'near',
] as const;
export type DataPartner = (typeof DATA_PARTNERS)[number];
export const DATA_PARTNER_LABELS = {
  adsquare: 'Adsquare',
  digiseg: 'Digiseg',
  lotame: 'Lotame',
  liveramp: 'LiveRamp',
  eyeota: 'Eyeota',
  foursquare: 'Foursquare',
  near: 'Near',
} as const satisfies Record<DataPartner, string>;

/** Ad quality scanners behind the "ad quality scans" organization service. */
export const CREATIVE_SCANNERS = ['geoedge', 'the_media_trust', 'confiant', 'clean_io'] as const;
export type CreativeScanner = (typeof CREATIVE_SCANNERS)[number];
export const CREATIVE_SCANNER_LABELS = {
  geoedge: 'GeoEdge',
  the_media_trust: 'The Media Trust',
  confiant: 'Confiant',
  clean_io: 'clean.io',
} as const satisfies Record<CreativeScanner, string>;
