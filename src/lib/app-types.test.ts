import { describe, expect, it } from 'vitest';
import { appPlatform, appTypeInfo } from './app-types';

describe('appTypeInfo', () => {
  it.each([
    [1, 'ios'],
    [7, 'ios'],
    [12, 'mac'],
    [15, 'mac'],
    [101, 'android'],
    [115, 'android'],
    [201, 'sdk-browser'],
    [301, 'chrome'],
    [302, 'chrome'],
    [401, 'windows'],
    [402, 'windows'],
    [501, 'web'],
    [512, 'web'],
  ])('maps %i to %s', (type, platform) => {
    expect(appPlatform(type)).toBe(platform);
  });

  it('names 502 Web Turbo and accepts the header’s string form', () => {
    expect(appTypeInfo(502)).toEqual({ platform: 'web', label: 'Web Turbo' });
    expect(appTypeInfo('502')).toEqual({ platform: 'web', label: 'Web Turbo' });
  });

  it.each([0, 8, 11, 13, 14, 100, 116, 200, 202, 303, 403, 500, 513, 1.5, Number.NaN])(
    'knows nothing of %s',
    (type) => {
      expect(appTypeInfo(type)).toBeUndefined();
    },
  );

  it('refuses text that is not a number', () => {
    expect(appTypeInfo('web')).toBeUndefined();
    expect(appTypeInfo('')).toBeUndefined();
  });
});
