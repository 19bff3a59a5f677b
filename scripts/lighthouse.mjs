#!/usr/bin/env node
/**
 * `npm run lighthouse [-- <portal url>] [--runs N]`: Lighthouse (desktop preset) on the main
 * screens of a running portal, printed as one table: screen | performance | accessibility |
 * best practices | SEO | LCP | TBT | CLS, then the JavaScript each screen loads.
 *
 * The portal is not started here: `npm start` (or `PORT=3300 DATA_DIR=... node scripts/start.mjs`)
 * first; the default address is http://localhost:3000, or LIGHTHOUSE_URL / the first argument.
 * The browser is the system Chromium (CHROME_PATH, default /usr/bin/chromium), launched by
 * chrome-launcher; nothing is downloaded. With --runs N each screen is measured N times and the
 * run with the median performance score is reported (a 2-core machine varies run to run). The
 * JSON reports go to .tmp/lighthouse/; `--screens /,/login` measures only those screens. The browser
 * speaks `--lang` (default zh-CN, the portal's traders; `--lang en` measures the English session,
 * which first fetches the English texts and skips the data the page brings). Not part
 * of `npm test`: it takes a minute or two and its scores depend on the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const SCREENS = [
  '/',
  '/wareHouse',
  '/exponentMain',
  '/beginMain',
  '/surplus',
  '/moreInfo',
  '/priceTable',
  '/login',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = path.join(root, '.tmp/lighthouse');

function parseArgs(argv) {
  let base = process.env.LIGHTHOUSE_URL ?? 'http://localhost:3000';
  let runs = 1;
  let screens = SCREENS;
  let lang = 'zh-CN';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg.startsWith('--runs=')) runs = Number(arg.slice('--runs='.length));
    else if (arg === '--screens') screens = argv[++i].split(',');
    else if (arg === '--lang') lang = argv[++i];
    else if (/^https?:\/\//.test(arg)) base = arg;
    else {
      console.error(
        `unknown argument: ${arg}\nusage: npm run lighthouse -- [http://host:port] [--runs N] [--screens /,/login] [--lang zh-CN|en]`,
      );
      process.exit(2);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs takes a whole number of 1 or more');
    process.exit(2);
  }
  if (lang !== 'zh-CN' && lang !== 'en') {
    console.error('--lang takes zh-CN or en');
    process.exit(2);
  }
  return { base: base.replace(/\/$/, ''), runs, screens, lang };
}

/** Fails early, with a hint, when nothing answers at `base`. */
async function checkPortal(base) {
  try {
    const response = await fetch(`${base}/healthz`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    console.error(`no portal at ${base} (${error.message}): start one with \`npm start\` first`);
    process.exit(1);
  }
}

/** Tries Lighthouse on the URL: a failed trace (NO_NAVSTART...) asks to run again, so once more. */
async function measure(url, port) {
  let lastError = null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      desktopConfig,
    );
    if (result && !result.lhr.runtimeError) return result.lhr;
    lastError = result?.lhr.runtimeError?.message ?? 'no result';
  }
  throw new Error(`${url}: ${lastError}`);
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const ms = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Script bytes the screen transferred (compressed as served), from the network records. */
function scriptKb(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return bytes / 1024;
}

function row(screen, lhr) {
  const lcp = ms(lhr, 'largest-contentful-paint');
  return [
    screen,
    score(lhr, 'performance'),
    score(lhr, 'accessibility'),
    score(lhr, 'best-practices'),
    score(lhr, 'seo'),
    `${(lcp / 1000).toFixed(1)} s`,
    `${Math.round(ms(lhr, 'total-blocking-time'))} ms`,
    ms(lhr, 'cumulative-layout-shift').toFixed(3),
  ];
}

/** The failing audits of the categories below 100, so a lost point says where it went. */
function lostPoints(lhr) {
  const lines = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        lines.push(
          `${category.title}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        );
      }
    }
  }
  return lines;
}

const { base, runs, screens, lang } = parseArgs(process.argv.slice(2));
await checkPortal(base);
mkdirSync(outDir, { recursive: true });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--lang=${lang}`, `--accept-lang=${lang}`],
  // Chromium on Linux takes its interface language (navigator.languages) from the environment.
  envVars: { ...process.env, LANGUAGE: lang.replace('-', '_'), LANG: `${lang.replace('-', '_')}.UTF-8` },
});

const results = [];
try {
  for (const screen of screens) {
    const measured = [];
    for (let run = 0; run < runs; run += 1) {
      measured.push(await measure(`${base}${screen}`, chrome.port));
    }
    measured.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = measured[Math.floor((measured.length - 1) / 2)];
    const name = screen === '/' ? 'home' : screen.slice(1);
    writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(lhr));
    results.push({ screen, lhr });
    process.stderr.write(`measured ${screen}\n`);
  }
} finally {
  await chrome.kill();
}

const header = ['screen', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'];
const lines = [header, header.map(() => '---'), ...results.map(({ screen, lhr }) => row(screen, lhr))];
console.log(
  `\nLighthouse ${results[0]?.lhr.lighthouseVersion}, desktop preset, browser in ${lang}, ${base}${runs > 1 ? `, median of ${runs} runs` : ''}\n`,
);
for (const line of lines) console.log(`| ${line.join(' | ')} |`);
console.log('\nJavaScript transferred (compressed as served):');
for (const { screen, lhr } of results) console.log(`  ${screen}: ${scriptKb(lhr).toFixed(1)} KiB`);
const lost = results.flatMap(({ screen, lhr }) => lostPoints(lhr).map((line) => `  ${screen} · ${line}`));
if (lost.length) console.log(`\nAudits below 90:\n${lost.join('\n')}`);
console.log(`\nReports: ${path.relative(root, outDir)}/`);
