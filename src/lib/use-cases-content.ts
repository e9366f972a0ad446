// The use-case pages under /InternetAccess (spec 2.2): for every family and every child the
// spec lists, which features the page highlights. A child page is built from this entry, its
// own text in messages `UseCasePage.children.<family>.<child>` (title, description, intro,
// tip) and the family's shared text `UseCasePage.families.<family>`, by one template
// (src/components/use-cases/use-case-child.tsx). The mapped types make a missing or an extra
// child a type error.
import type { FeatureSlug, UseCaseFamily, useCases } from './catalog';

type Features = readonly [FeatureSlug, FeatureSlug, FeatureSlug];
type ChildrenOf<F extends UseCaseFamily> = Record<(typeof useCases)[F][number], Features>;

export interface FamilyContent<F extends UseCaseFamily> {
  features: Features;
  children: ChildrenOf<F>;
}

const streaming: Features = ['isp-throttling', 'turbo-speed', 'wifi-protection'];
const sports: Features = ['isp-throttling', 'wifi-protection', 'turbo-speed'];
const privacy: Features = ['anonymous-browsing', 'wifi-protection', 'encryption'];
const gaming: Features = ['anonymous-browsing', 'turbo-speed', 'isp-throttling'];

export const useCaseContent: { [F in UseCaseFamily]: FamilyContent<F> } = {
  'vpn-for-gaming': {
    features: gaming,
    children: {
      pubg: gaming,
      mobile: ['automatic-kill-switch', 'wifi-protection', 'anonymous-browsing'],
      free_fire: ['anonymous-browsing', 'wifi-protection', 'turbo-speed'],
      pokemon_go: ['wifi-protection', 'encryption', 'automatic-kill-switch'],
    },
  },
  'vpn-for-messaging': {
    features: privacy,
    children: {
      Facebook: privacy,
      Gmail: ['wifi-protection', 'encryption', 'no-logs'],
      Google: ['anonymous-browsing', 'private-dns', 'no-logs'],
      Kodi: ['isp-throttling', 'private-dns', 'spilt-tunneling'],
      Omegle: ['anonymous-browsing', 'automatic-kill-switch', 'no-logs'],
      Skype: ['turbo-speed', 'wifi-protection', 'encryption'],
      Telegram: ['encryption', 'private-dns', 'no-logs'],
      WhatsApp: ['anonymous-browsing', 'wifi-protection', 'encryption'],
    },
  },
  'vpn-for-music': {
    features: ['isp-throttling', 'wifi-protection', 'no-logs'],
    children: {
      appleMusic: ['wifi-protection', 'isp-throttling', 'spilt-tunneling'],
      pandora: ['private-dns', 'isp-throttling', 'wifi-protection'],
      spotify: ['isp-throttling', 'wifi-protection', 'no-logs'],
    },
  },
  'vpn-for-social-media': {
    features: privacy,
    children: {
      Facebook: ['anonymous-browsing', 'wifi-protection', 'no-logs'],
      Instagram: ['wifi-protection', 'encryption', 'anonymous-browsing'],
      Twitter: ['anonymous-browsing', 'private-dns', 'no-logs'],
      TikTok: ['isp-throttling', 'anonymous-browsing', 'wifi-protection'],
      Tinder: ['anonymous-browsing', 'no-logs', 'wifi-protection'],
      Twitch: ['anonymous-browsing', 'turbo-speed', 'isp-throttling'],
    },
  },
  'vpn-for-sports': {
    features: sports,
    children: {
      nba: sports,
      ipl: ['isp-throttling', 'turbo-speed', 'wifi-protection'],
      nfl: sports,
      mlb: ['wifi-protection', 'isp-throttling', 'automatic-kill-switch'],
      ufc: ['isp-throttling', 'turbo-speed', 'automatic-kill-switch'],
      uefa: sports,
      f1: ['turbo-speed', 'isp-throttling', 'wifi-protection'],
      wwe: ['isp-throttling', 'wifi-protection', 'no-logs'],
      moto: ['wifi-protection', 'turbo-speed', 'isp-throttling'],
    },
  },
  'vpn-for-streaming': {
    features: streaming,
    children: {
      netflix: streaming,
      hulu: ['wifi-protection', 'isp-throttling', 'no-logs'],
      disney: streaming,
      fox_now: ['wifi-protection', 'isp-throttling', 'encryption'],
      bbc_iplayer: ['wifi-protection', 'no-logs', 'isp-throttling'],
      salto: ['turbo-speed', 'isp-throttling', 'private-dns'],
      hotstar: ['isp-throttling', 'turbo-speed', 'wifi-protection'],
      jiotv: ['wifi-protection', 'isp-throttling', 'encryption'],
      sonyliv: streaming,
      youtube: ['isp-throttling', 'private-dns', 'no-logs'],
    },
  },
};

/** The features a child page highlights (its family's when the child has none of its own). */
export function featuresOf(family: UseCaseFamily, child: string): Features {
  const children = useCaseContent[family].children as Record<string, Features>;
  return children[child] ?? useCaseContent[family].features;
}
