import type { PayMethodOffer } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { alipayNeedsBrowser, bridgeOutcome, payChoices, payDevice } from './payDevice.ts';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
};

describe('payDevice', () => {
  it('reads phones from the user agent, never from the width', () => {
    expect(payDevice(UA.iphone)).toBe('phone');
    expect(payDevice(UA.android)).toBe('phone');
    expect(payDevice(UA.harmony)).toBe('phone');
    expect(payDevice(UA.chromeDesktop)).toBe('desktop');
    expect(payDevice(UA.macSafari)).toBe('desktop');
  });

  it('takes a Macintosh with a touch screen for an iPad', () => {
    expect(payDevice(UA.macSafari, 5)).toBe('phone');
  });

  it('tells WeChat’s browser apart', () => {
    expect(payDevice(UA.wechat)).toBe('wechat');
    expect(payDevice('')).toBe('desktop');
  });
});

const ALL: PayMethodOffer[] = [
  { method: 'wechat', scenes: ['desktop', 'phone', 'wechat'] },
  { method: 'alipay', scenes: ['desktop', 'phone'] },
  { method: 'sandbox', scenes: ['desktop', 'phone'] },
];

describe('payChoices', () => {
  it('offers on a desktop what collects by QR, in the order offered', () => {
    expect(payChoices(ALL, 'desktop')).toEqual([
      { method: 'wechat', scene: 'desktop' },
      { method: 'alipay', scene: 'desktop' },
      { method: 'sandbox', scene: 'desktop' },
    ]);
    expect(payChoices([{ method: 'alipay', scenes: ['phone'] }], 'desktop')).toEqual([]);
  });

  it('offers on a phone what collects in the phone’s browser', () => {
    expect(payChoices(ALL, 'phone')).toEqual([
      { method: 'wechat', scene: 'phone' },
      { method: 'alipay', scene: 'phone' },
      { method: 'sandbox', scene: 'phone' },
    ]);
    expect(payChoices([{ method: 'wechat', scenes: ['desktop', 'wechat'] }], 'phone')).toEqual([]);
  });

  it('pays WeChat by JSAPI inside WeChat and leaves out Alipay there', () => {
    expect(payChoices(ALL, 'wechat')).toEqual([
      { method: 'wechat', scene: 'wechat' },
      { method: 'sandbox', scene: 'phone' },
    ]);
    // WeChat Pay's H5 page does not open inside WeChat.
    expect(payChoices([{ method: 'wechat', scenes: ['phone'] }], 'wechat')).toEqual([]);
    expect(alipayNeedsBrowser(ALL, 'wechat')).toBe(true);
    expect(alipayNeedsBrowser(ALL, 'phone')).toBe(false);
  });
});

describe('bridgeOutcome', () => {
  it('reads getBrandWCPayRequest’s answer', () => {
    expect(bridgeOutcome('get_brand_wcpay_request:ok')).toBe('ok');
    expect(bridgeOutcome('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeOutcome('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeOutcome(undefined)).toBe('fail');
  });
});
