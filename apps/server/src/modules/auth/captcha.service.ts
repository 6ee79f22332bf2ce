import { ErrorCode, type Captcha } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { randomId } from '../../lib/tokens';
import { drawCaptcha, randomCaptchaText } from './captcha-drawing';
import type { SettingsService } from '../settings/settings.service';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './captcha.repository';
import { bumpThrottle } from './throttle.repository';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
const ISSUE_WINDOW_MS = 60 * 1000;

/** Image captchas: single use, 2 minutes, case-insensitive. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /**
   * A new image. Issuance is counted per address (a site setting per minute, 6057 past it):
   * drawing costs CPU, and a farm that fetches images by the thousand to feed a solver should
   * be slowed where it starts.
   */
  async create(purpose: 'register' | 'login', ip: string): Promise<Captcha> {
    const { captchaPerAddressMinute } = await this.settings.get();
    const issued = await bumpThrottle(
      this.db,
      `captcha:ip:${ip}`,
      this.clock.now(),
      ISSUE_WINDOW_MS,
    );
    if (issued.failures > captchaPerAddressMinute) throw new AppError(ErrorCode.CaptchaTooFrequent);
    const text = randomCaptchaText();
    const id = randomId(12);
    const expiresAt = this.clock.now() + CAPTCHA_TTL_MS;
    await insertCaptcha(this.db, { id, answer: text, purpose, expiresAt });
    await deleteExpiredCaptchas(this.db, this.clock.now());
    return { captchaId: id, image: drawCaptcha(text), expiresAt };
  }

  /**
   * Checks and consumes a captcha: 10409 when none was given, 6022 expired or already used,
   * 6021 wrong. A wrong answer also uses it up, so each guess needs a new image.
   */
  async check(captchaId: string | undefined, code: string | undefined): Promise<void> {
    if (!captchaId || !code)
      throw new AppError(ErrorCode.VerificationRequired, { captchaRequired: true });
    const row = await takeCaptcha(this.db, captchaId);
    if (!row || row.expiresAt <= this.clock.now())
      throw new AppError(ErrorCode.CaptchaExpired, { captchaRequired: true });
    if (row.answer.toUpperCase() !== code.trim().toUpperCase()) {
      throw new AppError(ErrorCode.CaptchaWrong, { captchaRequired: true });
    }
  }
}
