/**
 * Where the buyer pays from, and which of the offered methods collect there, as pure rules.
 *
 * One rule decides the device: the browser's user agent, never the window's width. A phone's
 * browser pays at the provider's phone page (WeChat H5, Alipay wap), which the providers refuse
 * to open from a desktop browser, while a narrow desktop window can still show a QR code to scan.
 * - `wechat`: WeChat's own browser (`MicroMessenger`): WeChat Pay by JSAPI there.
 * - `phone`: a phone or tablet browser (Android, iPhone, iPad, iPod, HarmonyOS, `Mobile`), and
 *   iPadOS, which names itself Macintosh but has a touch screen.
 * - `desktop`: anything else: the QR code.
 */
import type { PayMethod, PayMethodOffer, PayScene } from '@steelport/contracts';

export type PayDevice = 'desktop' | 'phone' | 'wechat';

const WECHAT_UA = /MicroMessenger/i;
const PHONE_UA = /Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony|Mobile/i;

/** The device of a user agent (and its touch points, for iPadOS). */
export function payDevice(userAgent: string, maxTouchPoints = 0): PayDevice {
  if (WECHAT_UA.test(userAgent)) return 'wechat';
  if (PHONE_UA.test(userAgent)) return 'phone';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'phone';
  return 'desktop';
}

/** This browser's device; `desktop` where there is no browser (the build's prerender). */
export function currentPayDevice(): PayDevice {
  if (typeof navigator === 'undefined') return 'desktop';
  return payDevice(navigator.userAgent ?? '', navigator.maxTouchPoints ?? 0);
}

/** A method the buyer may tap, with the scene payStart is asked for. */
export interface PayChoice {
  method: PayMethod;
  scene: PayScene;
}

/**
 * The offered methods that collect on `device`, in the order offered, each with its scene:
 * - desktop: those with scene `desktop` (the QR code's tabs);
 * - phone: those with scene `phone`;
 * - inside WeChat: WeChat Pay by `wechat` (JSAPI), the others by `phone`; WeChat's browser
 *   opens neither WeChat Pay's H5 page nor Alipay's, so those two are left out there.
 */
export function payChoices(offers: readonly PayMethodOffer[], device: PayDevice): PayChoice[] {
  const choices: PayChoice[] = [];
  for (const { method, scenes } of offers) {
    if (device === 'desktop' || device === 'phone') {
      if (scenes.includes(device)) choices.push({ method, scene: device });
    } else if (method === 'wechat') {
      if (scenes.includes('wechat')) choices.push({ method, scene: 'wechat' });
    } else if (method !== 'alipay' && scenes.includes('phone')) {
      choices.push({ method, scene: 'phone' });
    }
  }
  return choices;
}

/** Whether Alipay is offered for phones but left out because this is WeChat's browser. */
export function alipayNeedsBrowser(offers: readonly PayMethodOffer[], device: PayDevice): boolean {
  return device === 'wechat' && offers.some((o) => o.method === 'alipay' && o.scenes.includes('phone'));
}

/** WeChat Pay's answer to getBrandWCPayRequest, by its `err_msg`. */
export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

export function bridgeOutcome(errMsg: string | undefined): BridgeOutcome {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}
