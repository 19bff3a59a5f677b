import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { signedInPagesEn } from './locales/signed-in-pages.en.ts';
import { signedInPagesZhCN } from './locales/signed-in-pages.zh-CN.ts';
import { zhCN } from './locales/zh-CN.ts';

// Layout.tsx names each screen to browsers and search engines from these entries (issue 12).
describe.each([
  ['zh-CN', { ...zhCN.pages, ...signedInPagesZhCN.pages }],
  ['en', { ...en.pages, ...signedInPagesEn.pages }],
])('screen titles and descriptions (%s)', (_language, pages) => {
  const entries = Object.entries(pages) as [string, { title: string; desc?: string }][];

  it('every screen has a description', () => {
    expect(entries.filter(([, page]) => !page.desc?.trim()).map(([key]) => key)).toEqual([]);
  });

  it('no two screens share a title or a description', () => {
    const titles = entries.map(([, page]) => page.title);
    const descriptions = entries.map(([, page]) => page.desc);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
    expect(descriptions.filter((desc, i) => descriptions.indexOf(desc) !== i)).toEqual([]);
  });
});
