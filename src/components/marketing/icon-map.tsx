import {
  Clapperboard,
  EyeOff,
  FileX,
  Gamepad2,
  Gauge,
  Laptop,
  Lock,
  type LucideIcon,
  MessageCircle,
  Monitor,
  Music,
  Power,
  Puzzle,
  Server,
  Smartphone,
  Split,
  Trophy,
  Users,
  Wifi,
  Zap,
} from 'lucide-react';
import type { FeatureSlug, UseCaseFamily } from '@/lib/catalog';

// Icons are rendered on the server as inline SVG: no client JavaScript, no requests.

export const featureIcons: Record<FeatureSlug, LucideIcon> = {
  'anonymous-browsing': EyeOff,
  'automatic-kill-switch': Power,
  encryption: Lock,
  'isp-throttling': Gauge,
  'no-logs': FileX,
  'private-dns': Server,
  'spilt-tunneling': Split,
  'turbo-speed': Zap,
  'wifi-protection': Wifi,
};

export const familyIcons: Record<UseCaseFamily, LucideIcon> = {
  'vpn-for-gaming': Gamepad2,
  'vpn-for-messaging': MessageCircle,
  'vpn-for-music': Music,
  'vpn-for-social-media': Users,
  'vpn-for-sports': Trophy,
  'vpn-for-streaming': Clapperboard,
};

export type IconPlatform =
  | 'windows'
  | 'macos'
  | 'ios'
  | 'android'
  | 'androidpro'
  | 'androidlite'
  | 'chrome'
  | 'xbox'
  | 'playstation'
  | 'switch';

export const platformIcons: Record<IconPlatform, LucideIcon> = {
  windows: Monitor,
  macos: Laptop,
  ios: Smartphone,
  android: Smartphone,
  androidpro: Smartphone,
  androidlite: Smartphone,
  chrome: Puzzle,
  xbox: Gamepad2,
  playstation: Gamepad2,
  switch: Gamepad2,
};

/** An icon of the maps above, decorative (the text next to it names the thing). */
export function Icon({ icon: Glyph, size = 24 }: { icon: LucideIcon; size?: number }) {
  return <Glyph size={size} aria-hidden="true" focusable="false" strokeWidth={2} />;
}
