/**
 * The daily digest (每日摘要): a member opts in and sets quiet hours; the hourly run sends each
 * member due one an SMS of its unread items, at most once in DIGEST_GAP_MS and never in its
 * quiet hours, and the link in it unsubscribes in one click.
 */
import { randomBytes } from 'node:crypto';
import type { DigestSettings, DigestSettingsUpdate } from '@steelport/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { digestMessage, type SmsProvider } from '../../providers/sms/index.ts';
import { say } from '../../text.ts';
import { digestText, minutesOf, presentSettings } from './present.ts';
import * as digestRepo from './repo/digest.ts';

/** A member gets at most one digest in this long (the hourly run sends when it is due). */
export const DIGEST_GAP_MS = 20 * HOUR_MS;

/** Whether `now` (Shanghai) falls in the quiet hours `start`-`end` (minutes; may pass midnight). */
export function inQuietHours(now: Date, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  const minute = Math.floor(
    ((((now.getTime() + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS,
  );
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The digest's part of the subscription service. */
export function digestService(deps: {
  db: Db;
  /** the SMS provider digests go through; none: no digests */
  sms?: SmsProvider | undefined;
  /** the portal's address, for the links in a digest */
  publicUrl?: string | undefined;
  /** where an SMS that was not sent is reported */
  log?: { error(obj: object, msg: string): void } | undefined;
}) {
  const { db } = deps;
  return {
    /** The caller's digest settings. */
    async settings(user: AuthUser): Promise<DigestSettings> {
      return presentSettings(await digestRepo.findSettings(db, user.id));
    },

    /** Opts in or out of the daily digest and sets its quiet hours (both ends, or neither). */
    async updateSettings(user: AuthUser, body: DigestSettingsUpdate): Promise<DigestSettings> {
      const current = presentSettings(await digestRepo.findSettings(db, user.id));
      const next = { ...current, ...body };
      if ((next.quietStart === null) !== (next.quietEnd === null))
        throw new Invalid(
          say(
            '参数错误：quietStart 与 quietEnd 需同时设置或同时清除',
            'Invalid request: set or clear quietStart and quietEnd together',
          ),
        );
      await digestRepo.saveSettings(
        db,
        user.id,
        { digest: next.digest, quietStart: minutesOf(next.quietStart), quietEnd: minutesOf(next.quietEnd) },
        randomBytes(24).toString('hex'),
      );
      return presentSettings(await digestRepo.findSettings(db, user.id));
    },

    /** The one-click unsubscribe of a digest's link: the digest is off (code 6 for an unknown link). */
    async unsubscribe(token: string): Promise<{ unsubscribed: true }> {
      if (!(await digestRepo.unsubscribeByToken(db, token)))
        throw new NotFound(say('退订链接无效或已过期', 'The unsubscribe link is invalid or has expired'));
      return { unsubscribed: true };
    },

    /**
     * The hourly run: each opted-in member with unread items newer than its last digest, none
     * sent in DIGEST_GAP_MS and outside its quiet hours, gets one SMS. Each is claimed first, so
     * instances running at once send it once.
     */
    async sendDigests(now: Date = new Date()): Promise<{ sent: number; quiet: number }> {
      if (!deps.sms) return { sent: 0, quiet: 0 };
      const cutoff = new Date(now.getTime() - DIGEST_GAP_MS);
      let sent = 0;
      let quiet = 0;
      for (const due of await digestRepo.digestsDue(db, cutoff)) {
        if (inQuietHours(now, due.quietStart, due.quietEnd)) {
          quiet++;
          continue;
        }
        if (!(await digestRepo.claimDigest(db, due.userId, cutoff))) continue;
        try {
          const lang = due.lang ?? 'zh-CN';
          await deps.sms.send(
            due.phone,
            digestMessage(due, digestText(due, deps.publicUrl ?? '', lang), lang),
          );
        } catch (err) {
          // One refused number (the provider logged why) must not stop the others' digests.
          deps.log?.error({ userId: due.userId, err }, 'digest SMS not sent');
          continue;
        }
        sent++;
      }
      return { sent, quiet };
    },
  };
}
