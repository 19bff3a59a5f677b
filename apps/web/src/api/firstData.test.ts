// @vitest-environment happy-dom
import { FIRST_DATA_FRESH_MS, FIRST_DATA_ID, type FirstAnswer } from '@steelport/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readFirstData, resetFirstData, takeFirstAnswer } from './firstData.ts';

const PAGE = { code: 0, message: 'ok', data: { list: [{ id: 7 }], total: 1, page: 1, pageSize: 20 } };
const MENU = { code: 0, message: 'ok', data: { products: [] } };

/** A page whose first data holds the stock page (POST) and the surplus menu (GET with a query). */
function loadPage(): void {
  const answers: FirstAnswer[] = [
    {
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      body: { page: 1, pageSize: 20 },
      lang: 'zh-CN',
      answer: PAGE,
    },
    {
      method: 'GET',
      url: '/api/web/2.0/searchMaterial/page?page=1&pageSize=20',
      lang: 'zh-CN',
      answer: MENU,
    },
  ];
  document.body.innerHTML = `<script type="application/json" id="${FIRST_DATA_ID}">${JSON.stringify(answers)}</script><div id="root"></div>`;
  resetFirstData();
}

const stockPage = (over: Partial<Parameters<typeof takeFirstAnswer>[0]> = {}) => ({
  lang: 'zh-CN' as const,
  method: 'post',
  url: '/api/web/2.0/searchCargo/page',
  data: '{"pageSize":20,"page":1}',
  loggedIn: false,
  ...over,
});

afterEach(() => resetFirstData());

describe('the first data a page brings', () => {
  it('answers a call the page carries once, matching its body as data and its query in any order', () => {
    loadPage();
    expect(takeFirstAnswer(stockPage(), 100)).toEqual(PAGE);
    // Its element is gone once read, and a second ask goes to the network.
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
    expect(takeFirstAnswer(stockPage(), 100)).toBeUndefined();
    expect(
      takeFirstAnswer(
        {
          ...stockPage(),
          method: 'get',
          url: '/api/web/2.0/searchMaterial/page?pageSize=20&page=1',
          data: undefined,
        },
        100,
      ),
    ).toEqual(MENU);
  });

  it('leaves to the network another search, another language, a late call and any call of a session', () => {
    loadPage();
    expect(takeFirstAnswer(stockPage({ data: '{"page":2,"pageSize":20}' }), 100)).toBeUndefined();
    expect(takeFirstAnswer(stockPage({ lang: 'en' }), 100)).toBeUndefined();
    expect(takeFirstAnswer(stockPage(), FIRST_DATA_FRESH_MS + 1)).toBeUndefined();

    loadPage();
    expect(takeFirstAnswer(stockPage({ loggedIn: true }), 100)).toBeUndefined();
    // A session's answers differ (phones, own rows): the page's are dropped, not kept for later.
    expect(takeFirstAnswer(stockPage(), 100)).toBeUndefined();
  });

  it('reads nothing from a page without first data or with a broken one', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readFirstData(document).size).toBe(0);
    document.body.innerHTML = `<script type="application/json" id="${FIRST_DATA_ID}">{not json</script>`;
    expect(readFirstData(document).size).toBe(0);
  });
});
