// @vitest-environment node
/** The frames the build prerenders (prerender.tsx): rendered in Node, as the build does. */
import type { Frame, Frames } from '@steelport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFrames } from './prerender.tsx';

let all: Frames;
/** The Chinese frames' HTML by path. */
let frames: Record<string, string>;

beforeAll(async () => {
  all = await renderFrames();
  const chinese: Record<string, Frame> = all['zh-CN']?.pages ?? {};
  frames = Object.fromEntries(Object.entries(chinese).map(([path, frame]) => [path, frame.html]));
}, 60_000);

// Rendering suspends each lazy screen, which starts loading its module, and nothing awaits those
// loads. They finish here, inside this file: this worker's next file (isolate: false) once had
// one land after the environment was torn down (EnvironmentTeardownError in CI).
afterAll(async () => {
  const screens = import.meta.glob([
    './pages/**/index.tsx',
    './pages/vip/open/ResultPage.tsx',
    './pages/admin/AdminLayout.tsx',
  ]);
  await Promise.all(Object.values(screens).map((load) => load()));
}, 60_000);

describe('prerendered frames', () => {
  it('covers the public screens without parameters, not gated ones, redirects or parameter paths', () => {
    const paths = Object.keys(frames);
    for (const path of ['/', '/wareHouse', '/beginMain', '/surplus', '/exponentMain', '/login']) {
      expect(paths, path).toContain(path);
    }
    expect(paths.some((path) => path.startsWith('/account') || path.startsWith('/admin'))).toBe(false);
    // /quotation and /exponent only redirect; /firminfo/:userId/:type has parameters
    expect(paths).not.toContain('/quotation');
    expect(paths).not.toContain('/exponent');
    expect(paths.some((path) => path.includes(':'))).toBe(false);
  });

  it('shows the header, the menu with the screen lit, the footer and the page placeholder', () => {
    const html = frames['/wareHouse'] ?? '';
    expect(html).toContain('欢迎来到钢市通');
    expect(html).toMatch(
      /<a class="sp-nav__link sp-nav__link--active" aria-current="page" href="\/wareHouse"/,
    );
    expect(html).toContain('sp-footer');
    expect(html).toContain('ant-skeleton');
    // antd's theme variables for the frame's own components come with it
    expect(html).toMatch(/^<style>[^<]*--ant-color-primary:#1f4e8c/);
  });

  it('leaves out what depends on the visitor: no login links, no greeting', () => {
    for (const html of Object.values(frames)) {
      expect(html).not.toContain('请登录');
      expect(html).not.toContain('免费注册');
      expect(html).not.toContain('您好');
    }
  });

  it('has no scripts, and takes no input until the app replaces it', () => {
    for (const html of Object.values(frames)) {
      expect(html).not.toContain('<script');
      expect(html).toMatch(/^<style>[^<]*<\/style><div inert style="display:contents">/);
    }
  });

  it('the login site is framed as it shows: footer only', () => {
    const html = frames['/login'] ?? '';
    expect(html).not.toContain('sp-nav');
    expect(html).toContain('sp-footer');
  });

  it('names each screen in its head, in each language', () => {
    expect(all['zh-CN']?.pages['/wareHouse']).toMatchObject({
      title: '仓库现货 - 钢市通 SteelPort',
      description: expect.stringContaining('现货'),
    });
    expect(all['zh-CN']?.site.title).toBe('钢市通 SteelPort');
  });

  it('renders the same screens in English, with English text and the 中文 option marked Chinese', () => {
    const english = all.en?.pages ?? {};
    expect(Object.keys(english).sort()).toEqual(Object.keys(frames).sort());
    const frame = english['/wareHouse'];
    expect(frame?.html).toContain('Welcome to SteelPort');
    expect(frame?.html).not.toContain('欢迎来到钢市通');
    expect(frame?.html).toMatch(
      /<button type="button" lang="zh"[^>]*aria-pressed="false"[^>]*>中文<\/button>/,
    );
    expect(frame?.title).toMatch(/ - SteelPort$/);
    expect(frame?.description).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
