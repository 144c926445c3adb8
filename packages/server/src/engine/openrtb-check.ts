/**
 * The bid request's schema (`ZBidRequest` in openrtb.ts) as plain checks, for the bidder's hot path (decision
 * 055): a request the checks accept is used as JSON.parse made it, with no copy; one they refuse is read again
 * by the schema, which says why. The schema stays the reference: openrtb-check.test.ts compares the two on the
 * example requests and on every field of them set to values of every type, so a field added to one and not
 * the other fails the test.
 */

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isNonEmptyString: Check = (value) => typeof value === 'string' && value.length > 0;
/** `z.number().int()`: a safe integer. */
const isInt: Check = (value) => Number.isSafeInteger(value);
/** `z.number()`: finite. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNonNegative: Check = (value) => isNumber(value) && value >= 0;
const isPositive: Check = (value) => isNumber(value) && value > 0;
const isNonNegativeInt: Check = (value) => isInt(value) && (value as number) >= 0;
const between =
  (min: number, max: number): Check =>
  (value) =>
    isNumber(value) && value >= min && value <= max;
/** 0/1 flags. */
const isFlag: Check = (value) => value === 0 || value === 1;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const arrayOf =
  (item: Check, min = 0): Check =>
  (value) => {
    if (!Array.isArray(value) || value.length < min) return false;
    for (const element of value) if (!item(element)) return false;
    return true;
  };
const isStrings = arrayOf(isString);
const isInts = arrayOf(isInt);

/**
 * `z.looseObject`: an object whose listed fields have their type; fields are optional (absent or undefined)
 * unless named in `required`, and other fields pass untouched.
 */
const looseObject = (fields: Readonly<Record<string, Check>>, required: readonly string[] = []): Check => {
  const keys = Object.keys(fields);
  const checks = keys.map((key) => fields[key] as Check);
  const optional = keys.map((key) => !required.includes(key));
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (let i = 0; i < keys.length; i += 1) {
      const field = value[keys[i] as string];
      if (field === undefined) {
        if (optional[i]) continue;
        return false;
      }
      if (!(checks[i] as Check)(field)) return false;
    }
    return true;
  };
};

const isFormat = looseObject({ w: isInt, h: isInt });
const isBanner = looseObject({
  w: isInt,
  h: isInt,
  format: arrayOf(isFormat),
  battr: isInts,
  pos: isInt,
  mimes: isStrings,
});
const isVideo = looseObject({
  mimes: isStrings,
  minduration: isInt,
  maxduration: isInt,
  protocols: isInts,
  w: isInt,
  h: isInt,
  placement: isInt,
  plcmt: isInt,
  pos: isInt,
  startdelay: isInt,
  battr: isInts,
  companionad: arrayOf(isBanner),
});
const isAudio = looseObject({
  mimes: isStrings,
  minduration: isInt,
  maxduration: isInt,
  protocols: isInts,
  battr: isInts,
});
const isNative = looseObject(
  {
    request: (value) => typeof value === 'string' || isPlainObject(value),
    ver: isString,
    battr: isInts,
  },
  ['request'],
);
const isDeal = looseObject(
  {
    id: isNonEmptyString,
    bidfloor: isNonNegative,
    bidfloorcur: isString,
    at: isInt,
    wseat: isStrings,
    wadomain: isStrings,
  },
  ['id'],
);
const isPmp = looseObject({ private_auction: isFlag, deals: arrayOf(isDeal) });
const isImp = looseObject(
  {
    id: isNonEmptyString,
    banner: isBanner,
    video: isVideo,
    audio: isAudio,
    native: isNative,
    pmp: isPmp,
    bidfloor: isNonNegative,
    bidfloorcur: isString,
    qty: looseObject({ multiplier: isPositive }),
    instl: isFlag,
    secure: isFlag,
    tagid: isString,
  },
  ['id'],
);
const isPublisher = looseObject({ id: isString, domain: isString, cat: isStrings });
const distribution = {
  id: isString,
  domain: isString,
  cat: isStrings,
  cattax: isInt,
  sectioncat: isStrings,
  pagecat: isStrings,
  publisher: isPublisher,
};
const isSite = looseObject({ ...distribution, page: isString });
const isApp = looseObject({ ...distribution, bundle: isString });
const isDooh = looseObject({
  id: isString,
  venuetype: isStrings,
  venuetypetax: isInt,
  domain: isString,
  publisher: isPublisher,
});
const isGeo = looseObject({
  country: isString,
  region: isString,
  city: isString,
  lat: between(-90, 90),
  lon: between(-180, 180),
  type: isInt,
  utcoffset: isInt,
});
const isDevice = looseObject({
  ua: isString,
  ip: isString,
  ipv6: isString,
  devicetype: isInt,
  os: isString,
  ifa: isString,
  lmt: isFlag,
  dnt: isFlag,
  geo: isGeo,
  ext: looseObject({ ifa_type: isString }),
});
const isEid = looseObject({
  source: isString,
  uids: arrayOf(looseObject({ id: isString, atype: isInt }, ['id'])),
});
const isUser = looseObject({
  id: isString,
  buyeruid: isString,
  eids: arrayOf(isEid),
  ext: looseObject({ eids: arrayOf(isEid) }),
});
const isRegs = looseObject({
  coppa: isFlag,
  gdpr: isFlag,
  us_privacy: isString,
  gpp: isString,
  gpp_sid: isInts,
});

/** True when `ZBidRequest` accepts the value as it is (its output would equal its input). */
export const isBidRequest: Check = looseObject(
  {
    id: isNonEmptyString,
    imp: arrayOf(isImp, 1),
    site: isSite,
    app: isApp,
    dooh: isDooh,
    device: isDevice,
    user: isUser,
    regs: isRegs,
    at: isInt,
    tmax: isNonNegativeInt,
    cur: isStrings,
    bcat: isStrings,
    badv: isStrings,
    wseat: isStrings,
    bseat: isStrings,
    test: isFlag,
    source: looseObject({ tid: isString }),
  },
  ['id', 'imp'],
);
