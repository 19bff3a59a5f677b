/**
 * The payment providers this instance runs (the interface is `types.ts`), chosen by
 * configuration (config.payment: PAYMENT_PROVIDERS, in the order offered to payers) and built
 * once in app.ts as `app.payments`. The VIP service starts, queries, closes and settles through
 * it; the console refunds through it. Modules import this file, never a provider's own. The
 * sandbox delivers its notification through `deliverSandbox`, which takes the same road in as a
 * provider's request (the route, its schema, its verification).
 */
import type { PayMethodOffer } from '@steelport/contracts';
import type { Config } from '../../config.ts';
import { alipayProvider } from './alipay.ts';
import { type Deliver, type SandboxProvider, sandboxProvider } from './sandbox.ts';
import type { PaymentProvider, PayScene, ProviderName } from './types.ts';
import { wechatProvider } from './wechat.ts';

export { type SandboxProvider, sandboxProvider } from './sandbox.ts';
export * from './types.ts';

export interface Payments {
  /** The configured providers, in the order offered. */
  readonly offered: readonly PaymentProvider[];
  /** The provider of that name when it is configured. */
  byName(name: string): PaymentProvider | undefined;
  /** The first offered provider that collects in `scene` (the QR of wechatXcxTempQrPayCreate). */
  forScene(scene: PayScene): PaymentProvider | undefined;
  /** The sandbox when configured (its own pay page /m/pay confirms through it). */
  readonly sandbox: SandboxProvider | undefined;
  /** The ways to pay as /vipopen offers them. */
  offers(): PayMethodOffer[];
}

/** The registry over the configured providers (at least one). */
export function paymentRegistry(providers: readonly PaymentProvider[]): Payments {
  if (providers.length === 0) throw new Error('no payment provider configured');
  const byName = new Map<string, PaymentProvider>(providers.map((p) => [p.name, p]));
  return {
    offered: providers,
    byName: (name) => byName.get(name),
    forScene: (scene) => providers.find((p) => p.scenes.includes(scene)),
    sandbox: byName.get('sandbox') as SandboxProvider | undefined,
    offers: () => providers.map((p) => ({ method: p.name as ProviderName, scenes: [...p.scenes] })),
  };
}

/** Builds the configured providers (config.payment) into the registry. */
export function paymentsOf(config: Config, deliverSandbox: Deliver): Payments {
  const build: Record<ProviderName, () => PaymentProvider> = {
    sandbox: () =>
      sandboxProvider({ appSecret: config.appSecret, publicUrl: config.publicUrl, deliver: deliverSandbox }),
    // config.ts refuses a provider named in PAYMENT_PROVIDERS without its settings.
    wechat: () => wechatProvider(config.payment.wechat!),
    alipay: () => alipayProvider(config.payment.alipay!, { notifyUrl: config.payment.alipayNotifyUrl }),
  };
  return paymentRegistry(config.payment.providers.map((name) => build[name]()));
}
