// What search engines read (docs/rendering.md, "Public items"): robots.txt, which lets them into the
// public pages and keeps them out of the API and the admin console, and sitemap.xml, which lists the
// public pages and every item of a public source at the public URL. The sitemap is built from the
// documents table and kept until a public source's index artifact changes (the artifact catalog
// hears INDEX_BUILT_CHANNEL), so a crawler's request costs no query.
import { asc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppConfig } from '#shared/app-config';
import type { Database } from '../db/client';
import { documents } from '../db/schema/documents';
import type { ArtifactCatalog } from '../search/artifact-catalog';

/** The pages every visitor may open that are worth a crawler's visit. */
export const PUBLIC_PAGES = ['/', '/about', '/search', '/contact'];
/** The sitemap protocol's limit on URLs in one file. */
export const MAX_SITEMAP_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function publicSourceNames(config: AppConfig): string[] {
  return Object.entries(config.gapSearch.dataSources)
    .filter(([, source]) => !source.protected)
    .map(([name]) => name);
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /graphql',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public items' paths, at most `limit`, by source then key (the client's paths.item). */
async function publicItemPaths(database: Database, sources: string[], limit: number): Promise<string[]> {
  if (sources.length === 0 || limit <= 0) return [];
  const rows = await database.db
    .select({ source: documents.source, key: documents.key })
    .from(documents)
    .where(inArray(documents.source, sources))
    .orderBy(asc(documents.source), asc(documents.key))
    .limit(limit);
  return rows.map(({ source, key }) => `/item/${encodeURIComponent(source)}/${encodeURIComponent(key)}`);
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export interface CrawlerFilesDeps {
  config: AppConfig;
  database: Database;
  artifacts: ArtifactCatalog;
  /** The public URL (env.PUBLIC_URL): the origin every listed URL starts with. */
  publicUrl: string;
}

export function crawlerFiles({ config, database, artifacts, publicUrl }: CrawlerFilesDeps) {
  const origin = publicUrl.replace(/\/+$/, '');
  const sources = publicSourceNames(config);
  const robots = robotsTxt(origin);
  // The sitemap of the public artifacts it was built for; a new artifact of any of them rebuilds it.
  let kept: { version: string; xml: Promise<string> } | undefined;

  async function sitemap(): Promise<string> {
    const summaries = await artifacts.summaries();
    const version = sources
      .map(
        (name) => `${name}:${summaries.get(name)?.crc32c ?? ''}+${summaries.get(name)?.delta?.crc32c ?? ''}`,
      )
      .join(',');
    if (kept?.version !== version) {
      const started = {
        version,
        xml: publicItemPaths(database, sources, MAX_SITEMAP_URLS - PUBLIC_PAGES.length).then((items) =>
          sitemapXml(origin, [...PUBLIC_PAGES, ...items]),
        ),
      };
      // A failed build is not kept: the next request tries again.
      started.xml.catch(() => {
        if (kept === started) kept = undefined;
      });
      kept = started;
    }
    return kept.xml;
  }

  return new Hono()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robots);
    })
    .get('/sitemap.xml', async (c) => {
      const xml = await sitemap();
      c.header('Content-Type', 'application/xml; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(xml);
    });
}
