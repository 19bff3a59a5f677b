import { describe, expect, it } from 'vitest';
import { initI18n } from './index.ts';
import { adminVipZhCN } from './locales/admin-vip.zh-CN.ts';
import { en } from './locales/en.ts';
import { vipZhCN } from './locales/vip.zh-CN.ts';
import { zhCN } from './locales/zh-CN.ts';

/** Every string of a resource tree with its key path. */
function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
}

// The membership words are one set (issue 30 item 5): texts name a membership through
// `$t(membership.…)`, so the paid membership is never called by a second name.
describe('membership words', () => {
  const all = [...strings(zhCN), ...strings(vipZhCN, 'vip'), ...strings(adminVipZhCN, 'adminVip')];
  const vipName = zhCN.membership.vip;

  it('name the paid membership only through its key', () => {
    const outside = all.filter(([key]) => !key.startsWith('membership.'));
    expect(outside.filter(([, text]) => text.includes(`VIP${zhCN.membership.member}`))).toEqual([]);
    expect(outside.filter(([, text]) => text.includes(vipName))).toEqual([]);
  });

  it('give every word a meaning in both languages', () => {
    for (const word of ['member', 'vip', 'badge', 'data', 'company'] as const) {
      expect(zhCN.membership[`${word}Meaning`]).not.toBe('');
      expect(en.membership[`${word}Meaning`]).not.toBe('');
    }
  });

  it('resolve the nested names', () => {
    const i18n = initI18n('zh-CN');
    expect(i18n.t('header.vipOpened')).toBe(
      `${zhCN.header.vipOpened.replace('$t(membership.vip)', vipName)}`,
    );
    expect(i18n.t('header.vipOpened')).not.toContain('$t(');
    expect(i18n.t('access.vip')).toContain(vipName);
  });
});
