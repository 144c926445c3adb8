// The system Chromium that end-to-end tests and the bench drive (no browser downloads), and how it starts.
import { existsSync } from 'node:fs';

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, `chromiumSwitches.ts`). Chromium honours only
 * the last `--disable-features` on its command line and Playwright puts ours after its own, so ours repeats its
 * list: otherwise adding a feature would turn every one of Playwright's back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Chromium 156 preloads its omnibox popup, a WebUI page of its own, in a renderer for every window (every
 * Playwright context): about 2.5 s of CPU per window in a trace, competing with the page on 2 cores. Pages are
 * unaffected; the campaign page's cold load went from 2.8–3.5 s to 2.2 s on the same machine.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** Flags for a headless run as root on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** CHROMIUM_PATH, or Debian's chromium; undefined when none is installed. */
export const chromiumPath = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => candidate && existsSync(candidate),
  );
