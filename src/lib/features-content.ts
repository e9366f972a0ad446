// What each feature page (/features/{slug}) shows besides its text: whether only Premium has
// the feature, and which features it links to. A feature that is a row of the free-against-
// Premium tables takes its tier from src/lib/plan-features.ts (spec 6: the kill switch is
// Premium; encryption, no logs and a standard speed are free); the others are in both tiers.
// The text itself lives in messages `Features.<slug>`.
import type { FeatureSlug } from './catalog';
import { type PlanFeature, premiumOnly } from './plan-features';

export interface FeatureContent {
  premiumOnly: boolean;
  related: readonly [FeatureSlug, FeatureSlug, FeatureSlug];
}

const tierOf = (feature: PlanFeature) => ({ premiumOnly: premiumOnly(feature) });
const inBothTiers = { premiumOnly: false };

export const featureContent: Record<FeatureSlug, FeatureContent> = {
  'anonymous-browsing': {
    ...inBothTiers,
    related: ['no-logs', 'private-dns', 'encryption'],
  },
  'automatic-kill-switch': {
    ...tierOf('kill-switch'),
    related: ['wifi-protection', 'encryption', 'no-logs'],
  },
  encryption: { ...tierOf('encryption'), related: ['wifi-protection', 'no-logs', 'private-dns'] },
  'isp-throttling': {
    ...inBothTiers,
    related: ['turbo-speed', 'encryption', 'private-dns'],
  },
  'no-logs': { ...tierOf('no-logs'), related: ['anonymous-browsing', 'private-dns', 'encryption'] },
  'private-dns': { ...inBothTiers, related: ['no-logs', 'anonymous-browsing', 'encryption'] },
  'spilt-tunneling': {
    ...inBothTiers,
    related: ['automatic-kill-switch', 'turbo-speed', 'wifi-protection'],
  },
  'turbo-speed': {
    ...tierOf('speed'),
    related: ['isp-throttling', 'spilt-tunneling', 'wifi-protection'],
  },
  'wifi-protection': {
    ...inBothTiers,
    related: ['encryption', 'automatic-kill-switch', 'anonymous-browsing'],
  },
};
