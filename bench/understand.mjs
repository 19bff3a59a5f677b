#!/usr/bin/env node
/**
 * What understanding a keyword costs a search (issue 29: "understanding adds ≤ 1 ms p95"): the
 * demo vocabulary (test/vocabulary.ts, the seed's own lists), then `parseKeyword` — folding,
 * segmentation, dictionary lookups, dimensions, near-miss suggestions — on keywords traders type,
 * each timed alone many times. No database: the dictionary is cached per process in the server,
 * so this is the whole of what a search adds before its SQL. Prints p50, p95 and p99 per keyword
 * and over all of them, and saves bench/results/understand.json.
 *
 *   node bench/understand.mjs [--rounds 2000]
 */
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { root, saveResults } from './harness.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2000' } } });
const rounds = Number(values.rounds);
register();
const src = (p) => import(`${root}/apps/server/src/${p}`);
const { buildDictionary } = await src('modules/search/dictionary.ts');
const { parseKeyword } = await src('modules/search/query.ts');
const { demoDictionaryRows } = await src('test/vocabulary.ts');

const dict = buildDictionary(demoDictionaryRows());
const keywords = [
  '热卷',
  '冷轧 SPCC 1.0',
  '热卷 Q235B 2.75*1250 日照 乐从',
  '镀锌 DX51D 0.5-0.8 宝武 上海',
  '日照热卷Q235B',
  '中厚板 Q355B 20 鞍钢 天津',
  '酸洗 SPHC 3.0~4.0mm ≥1250',
  'ＳＰＣＣ 1.0×1250×C 宝山钢铁',
  '宝纲 热卷 3以上',
  '花纹板 Q235B 3.0*1500*6000 北辰仓 润钢',
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const us = (ms) => Math.round(ms * 1000);
// Warm the parser and the suggester's index (built once per dictionary).
for (let i = 0; i < 200; i++) for (const k of keywords) parseKeyword(k, dict);

const rows = [];
const all = [];
for (const keyword of keywords) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    parseKeyword(keyword, dict);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  rows.push({
    keyword,
    p50us: us(quantile(times, 0.5)),
    p95us: us(quantile(times, 0.95)),
    p99us: us(quantile(times, 0.99)),
  });
}
all.sort((a, b) => a - b);
const overall = {
  p50us: us(quantile(all, 0.5)),
  p95us: us(quantile(all, 0.95)),
  p99us: us(quantile(all, 0.99)),
};
console.table(rows);
console.log(
  `all ${all.length} parses: p50 ${overall.p50us} µs, p95 ${overall.p95us} µs, p99 ${overall.p99us} µs (budget: 1000 µs p95)`,
);
saveResults('understand', { rounds, words: dict.terms.size, keywords: rows, overall });
