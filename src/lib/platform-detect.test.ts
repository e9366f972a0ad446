import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform-detect';

const agents = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  windowsFirefox:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadClassic:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  curl: 'curl/8.5.0',
};

describe('detectPlatform', () => {
  it.each([
    ['Chrome on Windows', agents.windowsChrome, 'windows'],
    ['Edge on Windows', agents.windowsEdge, 'windows'],
    ['Firefox on Windows', agents.windowsFirefox, 'windows'],
    ['Safari on a Mac', agents.macSafari, 'macos'],
    ['Safari on an iPhone', agents.iphone, 'ios'],
    ['Safari on an iPad (mobile UA)', agents.ipadClassic, 'ios'],
    ['Chrome on Android', agents.android, 'android'],
    ['Chrome on Android with the reduced UA', agents.androidReduced, 'android'],
    ['Chrome on a Chromebook', agents.chromebook, 'chrome'],
    ['Chrome on Linux', agents.linuxChrome, 'chrome'],
  ])('%s leads with %s', (_name, userAgent, expected) => {
    expect(detectPlatform({ userAgent })).toBe(expected);
  });

  it('tells an iPad in desktop mode (Mac UA, touch screen) from a Mac', () => {
    expect(detectPlatform({ userAgent: agents.macSafari, maxTouchPoints: 5 })).toBe('ios');
    expect(detectPlatform({ userAgent: agents.macSafari, maxTouchPoints: 0 })).toBe('macos');
  });

  it('prefers the platform client hint over the User-Agent', () => {
    // Chromium's frozen UA on a Mac still claims macOS 10_15_7; the hint is what counts.
    expect(detectPlatform({ userAgent: agents.windowsChrome, platformHint: 'macOS' })).toBe(
      'macos',
    );
    expect(detectPlatform({ userAgent: agents.linuxChrome, platformHint: '"Android"' })).toBe(
      'android',
    );
    expect(detectPlatform({ userAgent: agents.linuxChrome, platformHint: 'Chrome OS' })).toBe(
      'chrome',
    );
    expect(detectPlatform({ userAgent: agents.windowsChrome, platformHint: '' })).toBe('windows');
  });

  it('offers nothing specific where no app fits', () => {
    expect(detectPlatform({ userAgent: agents.linuxFirefox })).toBeNull();
    expect(detectPlatform({ userAgent: agents.curl })).toBeNull();
    expect(detectPlatform({ userAgent: '' })).toBeNull();
  });
});
