import type { MetadataRoute } from 'next';
import { config } from '@/server/config';

export default function robots(): MetadataRoute.Robots {
  const siteUrl = config().SITE_URL;
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/ws/'] }],
    sitemap: new URL('/sitemap.xml', siteUrl).toString(),
  };
}
