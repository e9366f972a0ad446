// `npm run blog:import`: imports content/blog/<locale>/*.md into the configured database
// (idempotent: unchanged posts are skipped, changed ones updated, none duplicated).
//   npm run blog:import -- [--dir <folder>]
//   npm run blog:import -- --wordpress-url https://wp.example.com [--locale en] [--category news]
// Run with --conditions=react-server (see package.json), like db:migrate.
import { parseArgs } from 'node:util';

const usage =
  'usage: npm run blog:import -- [--dir <folder>] | --wordpress-url <url> [--locale <locale>] [--category <slug>]';

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error: unknown) {
    console.error(`blog:import: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { isLocale } = await import('../../src/lib/locales');
  const { blogCategories, includes } = await import('../../src/lib/catalog');
  const locale = args.values.locale ?? 'en';
  if (!isLocale(locale)) {
    console.error(`blog:import: --locale ${locale} is not one of the site's locales`);
    return 2;
  }
  const category = args.values.category;
  if (category !== undefined && !includes(blogCategories, category)) {
    console.error(`blog:import: --category must be one of ${blogCategories.join(', ')}`);
    return 2;
  }
  const wordpressUrl = args.values['wordpress-url'];
  if (wordpressUrl !== undefined && !/^https?:\/\/[^/]/.test(wordpressUrl)) {
    console.error('blog:import: --wordpress-url must be an http(s) URL');
    return 2;
  }

  const { prepareDatabase } = await import('../../src/server/startup');
  const { settings, handle } = await prepareDatabase();
  try {
    let report: import('../../src/server/blog/importer').ImportReport;
    let from: string;
    if (wordpressUrl) {
      const { importWordPress } = await import('../../src/server/blog/import-wordpress');
      from = wordpressUrl;
      report = await importWordPress(handle.db, {
        baseUrl: wordpressUrl,
        locale,
        siteUrl: settings.SITE_URL,
        fallbackCategory: category,
      });
    } else {
      const { defaultContentDir, importMarkdownDir } = await import(
        '../../src/server/blog/import-markdown'
      );
      from = args.values.dir ?? defaultContentDir();
      report = await importMarkdownDir(handle.db, from, settings.SITE_URL);
    }
    console.log(
      `Blog import from ${from} into ${handle.label}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed.length} failed`,
    );
    for (const failure of report.failed) console.error(`  ${failure.source}: ${failure.error}`);
    return report.failed.length > 0 ? 1 : 0;
  } catch (error: unknown) {
    const { WordPressImportError } = await import('../../src/server/blog/import-wordpress');
    if (error instanceof WordPressImportError) {
      console.error(`blog:import: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

function parse() {
  return parseArgs({
    options: {
      dir: { type: 'string' },
      'wordpress-url': { type: 'string' },
      locale: { type: 'string' },
      category: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
