/**
 * The payment providers this instance runs, chosen by configuration (PAYMENT_PROVIDERS, in the
 * order offered to payers) and built once in app.ts. The VIP service starts, queries, closes
 * and settles through it; the console refunds through it. Other modules import this file, not
 * the providers.
 */
import type { PayMethodOffer } from '@steelport/contracts';
import type { SandboxProvider } from './sandbox.ts';
import type { PaymentProvider, PayScene, ProviderName } from './types.ts';

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
