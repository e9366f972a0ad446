// What each feature page (/features/{slug}) shows besides its text: whether the free tier has
// the feature (spec 6: the kill switch, no ads, faster servers and every app are Premium), and
// which features it links to. The text itself lives in messages `Features.<slug>`.
import type { FeatureSlug } from './catalog';

export interface FeatureContent {
  premiumOnly: boolean;
  related: readonly [FeatureSlug, FeatureSlug, FeatureSlug];
}

export const featureContent: Record<FeatureSlug, FeatureContent> = {
  'anonymous-browsing': {
    premiumOnly: false,
    related: ['no-logs', 'private-dns', 'encryption'],
  },
  'automatic-kill-switch': {
    premiumOnly: true,
    related: ['wifi-protection', 'encryption', 'no-logs'],
  },
  encryption: { premiumOnly: false, related: ['wifi-protection', 'no-logs', 'private-dns'] },
  'isp-throttling': {
    premiumOnly: false,
    related: ['turbo-speed', 'encryption', 'private-dns'],
  },
  'no-logs': { premiumOnly: false, related: ['anonymous-browsing', 'private-dns', 'encryption'] },
  'private-dns': { premiumOnly: false, related: ['no-logs', 'anonymous-browsing', 'encryption'] },
  'spilt-tunneling': {
    premiumOnly: false,
    related: ['automatic-kill-switch', 'turbo-speed', 'wifi-protection'],
  },
  'turbo-speed': {
    premiumOnly: false,
    related: ['isp-throttling', 'spilt-tunneling', 'wifi-protection'],
  },
  'wifi-protection': {
    premiumOnly: false,
    related: ['encryption', 'automatic-kill-switch', 'anonymous-browsing'],
  },
};
