/**
 * The console's content through the API: what an operator publishes reaches the portal as a
 * visitor and a member see it (members-only text, scheduled ads and articles, sanitised HTML,
 * published images), every write leaves exactly one audit row, and nobody but an operator gets in.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads, articleCategories, articles, auditLog } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { fileBody } from '../../test/multipart.ts';
import { adService } from '../ad/service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'steelport-admin-content-'));
const t = useTestApp({ DATA_DIR: dataDir });
let ip = 1;
const nextIp = () => `10.18.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF');

let admin: MadeUser;
let admin2: MadeUser;
let member: MadeUser;
let trader: MadeUser;
let categoryId: number;

/** Uploads one file as `token`; answers its id. */
async function upload(token: string, bytes: Buffer, name = 'cover.png'): Promise<number> {
  const body = fileBody(bytes, name, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/web/upload',
    headers: { ...body.headers, 'x-token': token },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.id;
}

const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Calls the API; `token` undefined is a visitor. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { 'x-token': token } : {},
    remoteAddress: nextIp(),
  });

/**
 * An operator's write: answers the envelope and checks the audit log grew by exactly one row
 * when it succeeded, and not at all when it failed.
 */
async function write(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const before = await auditRows();
  const res = await call(method, url, token, payload);
  const body = res.json();
  expect(await auditRows(), `${method} ${url}: ${res.body}`).toBe(before + (body.code === 0 ? 1 : 0));
  return body;
}

/** The audit rows of one entity row, oldest first. */
const auditOf = (entity: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

beforeAll(async () => {
  admin = await makeUser(t.db, { role: 'admin' });
  admin2 = await makeUser(t.db, { role: 'admin' });
  member = await makeUser(t.db);
  trader = await makeUser(t.db, { role: 'trader' });
  const [c] = await t.db
    .insert(articleCategories)
    .values({ code: 'news', name: '行业资讯' })
    .onConflictDoNothing()
    .returning({ id: articleCategories.id });
  categoryId =
    c?.id ??
    (
      await t.db
        .select({ id: articleCategories.id })
        .from(articleCategories)
        .where(eq(articleCategories.code, 'news'))
    )[0]!.id;
});

describe('articles', () => {
  it('publishes a members-only article with an image: a visitor gets the summary, a member the text', async () => {
    const cover = await upload(admin.token, PNG);
    const created = await write('POST', '/api/admin/articles', {
      categoryId,
      title: '十一月热卷库存回落',
      summary: '社会库存连续三周下降',
      contentHtml:
        '<p onclick="steal()">库存<strong>回落</strong></p><script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:x()">链接</a>',
      coverUploadId: cover,
      tags: ['热卷', '库存', '热卷'],
      membersOnly: true,
    });
    expect(created.code).toBe(0);
    const a = created.data;
    expect(a).toMatchObject({
      title: '十一月热卷库存回落',
      cover: `/api/web/upload/content/${cover}`,
      coverUploadId: cover,
      membersOnly: true,
      status: 'published',
      scheduled: false,
      tags: ['热卷', '库存'],
    });
    expect(a.contentHtml).not.toMatch(/script|onclick|javascript/i);
    expect(a.contentHtml).toContain('<strong>回落</strong>');

    // the cover is public now: a visitor's <img> loads it without a signed link
    const img = await call('GET', a.cover);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const visitor = (await call('GET', `/api/web/2.0/article/detail/${a.id}`)).json();
    expect(visitor.data).toMatchObject({
      loginRequired: true,
      contentHtml: '',
      summary: '社会库存连续三周下降',
    });
    const reader = (await call('GET', `/api/web/article/detail-login/${a.id}`, member.token)).json();
    expect(reader.data.loginRequired).toBe(false);
    expect(reader.data.contentHtml).toContain('库存<strong>回落</strong>');
    expect(reader.data.contentHtml).not.toMatch(/script|onclick|javascript/i);

    const [row] = await auditOf('article', a.id);
    expect(row).toMatchObject({ action: 'article.create', actorUserId: admin.id, before: null });
    expect(row!.after).toMatchObject({ title: '十一月热卷库存回落', membersOnly: true });
  });

  it("refuses a cover that is a member's file (code 6) or not an image, and an unknown category", async () => {
    const theirs = await upload(member.token, PNG);
    const pdf = await upload(admin.token, PDF, 'a.pdf');
    const body = { categoryId, title: '封面测试', contentHtml: '<p>x</p>' };
    const stolen = await write('POST', '/api/admin/articles', { ...body, coverUploadId: theirs });
    expect(stolen).toMatchObject({ code: 6, message: '图片不存在或不是您上传的，请重新上传' });
    expect((await write('POST', '/api/admin/articles', { ...body, coverUploadId: pdf })).code).toBe(2);
    expect((await write('POST', '/api/admin/articles', { ...body, categoryId: 999999 })).message).toContain(
      '资讯分类不存在',
    );
    // the member's file stays private
    expect((await call('GET', `/api/web/upload/content/${theirs}`)).json().code).toBe(6);
    // another operator's upload may be used
    const colleague = await upload(admin2.token, PNG);
    expect((await write('POST', '/api/admin/articles', { ...body, coverUploadId: colleague })).code).toBe(0);
  });

  it('schedules, edits, withdraws and deletes with one audit row each (before and after)', async () => {
    const created = (
      await write('POST', '/api/admin/articles', {
        categoryId,
        title: '定时文章',
        contentHtml: '<p>明早发布</p>',
        publishedAt: at(HOUR),
      })
    ).data;
    expect(created.scheduled).toBe(true);
    expect((await call('GET', `/api/web/2.0/article/detail/${created.id}`)).json().code).toBe(6);
    const list = (await call('GET', '/api/admin/articles?keyword=定时', admin.token)).json().data;
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([created.id]);

    const edited = await write('PUT', `/api/admin/articles/${created.id}`, {
      categoryId,
      title: '改过的文章',
      contentHtml: '<p>现在发布</p>',
      publishedAt: at(-60_000),
    });
    expect(edited.data).toMatchObject({ title: '改过的文章', scheduled: false });
    expect((await call('GET', `/api/web/2.0/article/detail/${created.id}`)).json().data.title).toBe(
      '改过的文章',
    );

    const hidden = await write('PUT', `/api/admin/articles/${created.id}`, {
      categoryId,
      title: '改过的文章',
      contentHtml: '<p>现在发布</p>',
      status: 'hidden',
    });
    expect(hidden.data.status).toBe('hidden');
    expect((await call('GET', `/api/web/2.0/article/detail/${created.id}`)).json().code).toBe(6);

    expect(await write('DELETE', `/api/admin/articles/${created.id}`)).toMatchObject({
      code: 0,
      data: { id: created.id, deleted: true },
    });
    expect((await call('GET', `/api/admin/articles/${created.id}`, admin.token)).json().code).toBe(6);
    expect((await write('DELETE', `/api/admin/articles/${created.id}`)).code).toBe(6);

    const trail = await auditOf('article', created.id);
    expect(trail.map((r) => r.action)).toEqual([
      'article.create',
      'article.update',
      'article.update',
      'article.delete',
    ]);
    expect(trail[1]!.before).toMatchObject({ title: '定时文章', scheduled: true });
    expect(trail[1]!.after).toMatchObject({ title: '改过的文章' });
    expect(trail[3]).toMatchObject({ after: null });
    expect(trail[3]!.before).toMatchObject({ status: 'hidden' });
  });
});

describe('article rules', () => {
  it('refuses to edit an article the system writes from data, and bad input with code 2', async () => {
    const [generated] = await t.db
      .insert(articles)
      .values({ categoryId, title: '指数周评', generatedKey: 'index-weekly:test:2026-11-22' })
      .returning({ id: articles.id });
    const edit = await write('PUT', `/api/admin/articles/${generated!.id}`, {
      categoryId,
      title: '手改周评',
      contentHtml: '',
    });
    expect(edit).toMatchObject({ code: 1, message: '系统据数据生成的文章不能在后台修改' });
    const row = (await call('GET', `/api/admin/articles/${generated!.id}`, admin.token)).json().data;
    expect(row).toMatchObject({ generated: true, title: '指数周评' });
    for (const bad of [
      { categoryId, title: '', contentHtml: '' },
      { categoryId, title: 'x'.repeat(201), contentHtml: '' },
      { categoryId, title: 'x', contentHtml: '', tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) },
      { categoryId, title: 'x', contentHtml: '', publishedAt: '明天' },
    ]) {
      expect((await write('POST', '/api/admin/articles', bad)).code, JSON.stringify(bad).slice(0, 80)).toBe(
        2,
      );
    }
  });
});

describe('ads and banners', () => {
  it('serves a scheduled banner only from its start time', async () => {
    const image = await upload(admin.token, PNG);
    const created = await write('POST', '/api/admin/ads', {
      positionName: 'listTop',
      title: '双十二钢材节',
      imageUploadId: image,
      linkUrl: '/wareHouse',
      startsAt: at(2 * HOUR),
      endsAt: at(48 * HOUR),
      sort: 1,
    });
    expect(created.data).toMatchObject({ live: false, imageUrl: `/api/web/upload/content/${image}` });
    const before = (await call('GET', '/api/web/2.0/ad/getByPositionName?positionName=listTop')).json();
    expect(before.data.map((a: { title: string }) => a.title)).not.toContain('双十二钢材节');

    // two hours later (the row's window moved instead of the clock)
    await t.db
      .update(ads)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(ads.id, created.data.id));
    const later = await adService({ db: t.db }).byPosition('listTop');
    expect(later.map((a) => a.title)).toContain('双十二钢材节');
    expect(later.find((a) => a.id === created.data.id)).toMatchObject({
      imageUrl: `/api/web/upload/content/${image}`,
      linkUrl: '/wareHouse',
    });
  });

  it('shows a live ad on the portal at once, keeps the image on update and refuses a bad window', async () => {
    const image = await upload(admin.token, PNG);
    const created = (
      await write('POST', '/api/admin/ads', {
        positionName: 'sideBar',
        title: '侧栏广告',
        imageUploadId: image,
      })
    ).data;
    expect(created).toMatchObject({ live: true, startsAt: null, endsAt: null, active: true });
    const portal = (await call('GET', '/api/web/2.0/ad/getByPositionName?positionName=sideBar')).json();
    expect(portal.data.map((a: { title: string }) => a.title)).toContain('侧栏广告');

    const updated = await write('PUT', `/api/admin/ads/${created.id}`, {
      positionName: 'sideBar',
      title: '侧栏广告（停用）',
      active: false,
    });
    expect(updated.data).toMatchObject({ imageUploadId: image, active: false, live: false });
    expect((await call('GET', `/api/admin/ads/${created.id}`, admin.token)).json().data.title).toBe(
      '侧栏广告（停用）',
    );
    // The portal's cached answer (read above) is forgotten by the write: the ad is gone at once.
    const after = (await call('GET', '/api/web/2.0/ad/getByPositionName?positionName=sideBar')).json();
    expect(after.data.map((a: { title: string }) => a.title)).not.toContain('侧栏广告');

    const bad = await write('PUT', `/api/admin/ads/${created.id}`, {
      positionName: 'sideBar',
      title: 'x',
      startsAt: at(HOUR),
      endsAt: at(-HOUR),
    });
    expect(bad).toMatchObject({ code: 2, message: '参数错误：投放结束时间须晚于开始时间' });
    expect((await write('POST', '/api/admin/ads', { positionName: 'sideBar', title: '无图' })).code).toBe(2);
    expect(
      (
        await write('POST', '/api/admin/ads', {
          positionName: 'sideBar',
          title: 'x',
          imageUploadId: image,
          linkUrl: 'javascript:alert(1)',
        })
      ).code,
    ).toBe(2);
    const page = (await call('GET', '/api/admin/ads?positionName=sideBar&active=false', admin.token)).json()
      .data;
    expect(page.list.map((a: { id: number }) => a.id)).toEqual([created.id]);
    expect((await write('DELETE', `/api/admin/ads/${created.id}`)).code).toBe(0);
    expect((await auditOf('ad', created.id)).map((r) => r.action)).toEqual([
      'ad.create',
      'ad.update',
      'ad.delete',
    ]);
  });
});

describe('market dynamics and agencies', () => {
  it('publishes market dynamics with sanitised HTML', async () => {
    const created = (
      await write('POST', '/api/admin/affairs', {
        kind: 'priceAdjust',
        title: '宝钢十二月出厂价上调',
        contentHtml: '<p>热轧上调 <b>100</b> 元/吨</p><script>x()</script>',
        city: '上海',
      })
    ).data;
    expect(created.contentHtml).toBe('<p>热轧上调 <b>100</b> 元/吨</p>');
    const portal = (await call('GET', `/api/web/commercialAffairs/getDetail/${created.id}`)).json();
    expect(portal.data).toMatchObject({ title: '宝钢十二月出厂价上调', kind: 'priceAdjust' });
    const updated = await write('PUT', `/api/admin/affairs/${created.id}`, {
      kind: 'priceAdjust',
      title: '宝钢十二月出厂价上调',
      contentHtml: '<p>撤回</p>',
      status: 'hidden',
    });
    expect(updated.data).toMatchObject({ status: 'hidden', city: '上海' });
    expect((await call('GET', `/api/admin/affairs/${created.id}`, admin.token)).json().data).toMatchObject({
      status: 'hidden',
      contentHtml: '<p>撤回</p>',
    });
    const listed = (
      await call('GET', '/api/admin/affairs?kind=priceAdjust&status=hidden', admin.token)
    ).json().data;
    expect(listed.list.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect((await call('GET', `/api/web/commercialAffairs/getDetail/${created.id}`)).json().code).toBe(6);
    expect((await write('DELETE', `/api/admin/affairs/${created.id}`)).code).toBe(0);
    expect((await auditOf('affair', created.id)).length).toBe(3);
  });

  it('adds, edits and removes an agency the portal lists', async () => {
    const logo = await upload(admin.token, PNG);
    const created = (
      await write('POST', '/api/admin/agencies', {
        name: '上海宝联钢材代理有限公司',
        brands: ['宝钢', '宝钢'],
        products: ['热轧卷板'],
        region: '华东',
        city: '上海',
        contactName: '王经理',
        contactPhone: '13912345678',
        logoUploadId: logo,
      })
    ).data;
    expect(created).toMatchObject({ brands: ['宝钢'], logoUploadId: logo, active: true });
    const portal = (await call('GET', `/api/web/2.0/agency/detail/${created.id}`)).json();
    expect(portal.data).toMatchObject({ name: '上海宝联钢材代理有限公司', phoneMasked: true });
    const off = await write('PUT', `/api/admin/agencies/${created.id}`, {
      name: '上海宝联钢材代理有限公司',
      active: false,
    });
    expect(off.data).toMatchObject({ active: false, city: '上海', logoUploadId: logo });
    expect((await call('GET', `/api/admin/agencies/${created.id}`, admin.token)).json().data).toMatchObject({
      contactPhone: '13912345678',
      active: false,
    });
    expect((await call('GET', `/api/web/2.0/agency/detail/${created.id}`)).json().code).toBe(6);
    const found = (await call('GET', '/api/admin/agencies?keyword=宝联', admin.token)).json().data;
    expect(found.total).toBe(1);
    expect((await write('DELETE', `/api/admin/agencies/${created.id}`)).code).toBe(0);
    expect((await auditOf('agency', created.id)).map((r) => r.action)).toEqual([
      'agency.create',
      'agency.update',
      'agency.delete',
    ]);
  });
});

describe('home announcement', () => {
  it('shows the newest active announcement in its window on the home page', async () => {
    expect((await call('GET', '/api/web/2.0/home/announcement')).json()).toMatchObject({
      code: 0,
      data: null,
    });
    const first = (
      await write('POST', '/api/admin/announcements', { text: '元旦期间客服照常在线', linkUrl: '/news' })
    ).data;
    expect(first.live).toBe(true);
    expect((await call('GET', '/api/web/2.0/home/announcement')).json().data).toMatchObject({
      id: first.id,
      text: '元旦期间客服照常在线',
      linkUrl: '/news',
    });
    const later = (
      await write('POST', '/api/admin/announcements', { text: '明天的公告', startsAt: at(HOUR) })
    ).data;
    expect(later.live).toBe(false);
    expect((await call('GET', '/api/web/2.0/home/announcement')).json().data.id).toBe(first.id);
    await write('PUT', `/api/admin/announcements/${first.id}`, {
      text: '元旦期间客服照常在线',
      active: false,
    });
    expect((await call('GET', '/api/web/2.0/home/announcement')).json().data).toBeNull();
    expect(
      (await call('GET', `/api/admin/announcements/${first.id}`, admin.token)).json().data,
    ).toMatchObject({
      active: false,
      live: false,
      linkUrl: '/news',
    });
    const list = (await call('GET', '/api/admin/announcements', admin.token)).json().data;
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([later.id, first.id]);
    expect((await write('DELETE', `/api/admin/announcements/${later.id}`)).code).toBe(0);
    expect((await auditOf('announcement', first.id)).map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.update',
    ]);
  });
});

describe('access', () => {
  it('refuses every content route to visitors (code 4), members and traders (code 5)', async () => {
    const routes: [string, string][] = [];
    for (const entity of ['articles', 'affairs', 'agencies', 'ads', 'announcements']) {
      routes.push(
        ['GET', `/api/admin/${entity}`],
        ['GET', `/api/admin/${entity}/1`],
        ['POST', `/api/admin/${entity}`],
        ['PUT', `/api/admin/${entity}/1`],
        ['DELETE', `/api/admin/${entity}/1`],
      );
    }
    const before = await auditRows();
    for (const [method, url] of routes) {
      const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body = m === 'POST' || m === 'PUT' ? {} : undefined;
      expect((await call(m, url, undefined, body)).json().code, `${method} ${url}`).toBe(4);
      expect((await call(m, url, member.token, body)).json().code, `${method} ${url}`).toBe(5);
      expect((await call(m, url, trader.token, body)).json().code, `${method} ${url}`).toBe(5);
    }
    expect(await auditRows()).toBe(before);
  });
});
