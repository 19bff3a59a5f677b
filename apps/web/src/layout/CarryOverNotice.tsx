/**
 * The notices of a carried-over login (CarryOverViews.tsx: the choice between two accounts, who
 * is now logged in, the new member's welcome). Few visits carry one, so their module (antd's
 * Modal and Alert, the bean guide) is loaded only when this tab holds such news, and before the
 * first render (main.tsx), so the welcome is there from the first paint.
 */
import { CARRY_ARRIVED, CARRY_PENDING, CARRY_WELCOME } from '../auth/carryOver.ts';
import { tabStorage } from '../auth/storage.ts';
import { withScreenTexts } from '../i18n/index.ts';

let views: typeof import('./CarryOverViews.tsx') | null = null;

/** Loads the notices when this tab holds a carried login's news; resolves at once otherwise. */
export async function prepareCarryOverNotices(): Promise<void> {
  if (![CARRY_PENDING, CARRY_ARRIVED, CARRY_WELCOME].some((key) => tabStorage.getItem(key) !== null)) return;
  // With the login screens' texts it shows (i18n/login.ts), in the page's language.
  views = await withScreenTexts(() => import('./CarryOverViews.tsx'))();
}

/** The choice between two accounts, or who is now logged in (a notification). */
export function CarryOverNotice() {
  return views ? <views.CarryOverConflict /> : null;
}

/** The new member's welcome at the top of the page. */
export function WelcomeBanner() {
  return views ? <views.WelcomeBanner /> : null;
}
