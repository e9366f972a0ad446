// The Chromium the end-to-end tests and `npm run perf` drive (scripts/test/ensure-chromium.sh
// checks it is there), and the flags both start it with: headless, no sandbox (containers), and
// none of its own background traffic, which would disturb the measurements.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
