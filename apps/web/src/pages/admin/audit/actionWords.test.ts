import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { actionWords } from './index.tsx';

beforeAll(async () => {
  initI18n('zh-CN');
  // The console's texts join when the console loads (i18n/admin.ts).
  await import('../../../i18n/admin.ts');
});

describe('audit action words', () => {
  it('reads every action the server writes in Chinese', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(actionWords('order.refund', t)).toBe('订单 · 退款');
    expect(actionWords('account.login_failed', t)).toBe('账户 · 登录失败');
    expect(actionWords('index_correction.create', t)).toBe('指数更正 · 新建');
    expect(actionWords('processing_offer.close_group', t)).toBe('加工报价 · 关闭拼单');
  });

  it('shows a code it has no words for as it is', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(actionWords('widget.update', t)).toBe('widget.update');
    expect(actionWords('order.teleport', t)).toBe('order.teleport');
    expect(actionWords('nodot', t)).toBe('nodot');
  });
});
