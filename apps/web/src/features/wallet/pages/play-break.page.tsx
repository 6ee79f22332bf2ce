import { PASSWORD_CHECK_MAX } from '@nebula/protocol/rules/account-rules';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { Button, PullToRefresh, Toast } from 'antd-mobile';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { PasswordInput } from '../../../components/ui/password-input';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { MINE_PATH } from '../../../site/paths';
import { usePlayBreakSet } from '../api/play-break-set.mutation';
import { usePlayBreak } from '../api/play-break.query';
import { PlayBreakChoices } from '../components/play-break-choices';
import { PlayBreakConfirm } from '../components/play-break-confirm';
import { PlayBreakRules, PlayBreakStatus } from '../components/play-break-status';
import { useServerNow } from '../hooks/use-server-now';
import { isCode } from '../model/money-errors';
import {
  hasOffers,
  isOffered,
  kindName,
  playBreakFailure,
  type PlayBreakChoice,
} from '../model/play-break';
import '../components/play-break.css';

/**
 * /mine/playBreak (responsible gambling): a time-out (冷静期, days) or a self-exclusion (自我排除,
 * months or years), confirmed with the login password and once more with the exact end. While
 * one runs the page shows it, and offers only longer ones (the server refuses shorter: 9203).
 */
export function PlayBreakPage() {
  const { t } = useTranslation('wallet');
  const status = usePlayBreak();
  const start = usePlayBreakSet();
  const passwordId = useId();
  const now = useServerNow(30_000);
  const [picked, setPicked] = useState<PlayBreakChoice | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const active = status.data?.active ?? null;
  // A choice the running break has overtaken (it was replaced elsewhere) is no choice.
  const choice = picked && isOffered(picked, now, active) ? picked : null;
  const ready = choice !== null && password !== '';
  const refetch = status.refetch;
  const onEnded = useCallback(() => void refetch(), [refetch]);

  const confirm = async () => {
    if (!choice) return;
    try {
      const result = await start.mutateAsync({
        kind: choice.kind,
        length: choice.length,
        password,
      });
      setConfirming(false);
      setPicked(null);
      setPassword('');
      // The break now running is the first thing on the page: show it.
      window.scrollTo({ top: 0 });
      if (result.active) {
        Toast.show({
          icon: 'success',
          content: t('playBreak.started', {
            kind: kindName(result.active.kind),
            time: shanghaiDateTime(result.active.endsAt),
          }),
        });
      }
    } catch (error) {
      setConfirming(false);
      const failure = playBreakFailure(error);
      setPasswordError(failure.password);
      setMessage(failure.message);
      // Another break may have started meanwhile (another device): show it.
      if (isCode(error, ErrorCode.PlayBreakShorter)) void status.refetch();
    }
  };

  const form = hasOffers(now, active) ? (
    <form
      className="nb-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setMessage(null);
        setPasswordError(null);
        setConfirming(true);
      }}
    >
      <PlayBreakChoices value={choice} onChange={setPicked} now={now} running={active} />
      <FormField
        label={t('playBreak.password')}
        htmlFor={passwordId}
        tone={passwordError ? 'error' : 'neutral'}
        hint={passwordError ?? t('playBreak.passwordHint')}
      >
        <PasswordInput
          id={passwordId}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          placeholder={t('playBreak.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={PASSWORD_CHECK_MAX}
        />
      </FormField>
      <FormMessage>{message}</FormMessage>
      <Button
        className="nb-pbreak__submit"
        type="submit"
        block
        color="primary"
        shape="rounded"
        disabled={!ready}
        loading={start.isPending}
      >
        {choice ? t(`playBreak.start.${choice.kind}`) : t('playBreak.pickFirst')}
      </Button>
    </form>
  ) : (
    <p className="nb-pbreak__none">{t('playBreak.noLonger')}</p>
  );

  const body = !status.data ? (
    status.isError ? (
      <ErrorState error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={480} />
    )
  ) : (
    <>
      {active ? (
        <PlayBreakStatus active={active} onEnded={onEnded} />
      ) : (
        <section className="nb-card nb-pbreak-intro" aria-labelledby="nb-pbreak-intro-title">
          <h2 id="nb-pbreak-intro-title" className="nb-card__title">
            {t('playBreak.introTitle')}
          </h2>
          <p className="nb-pbreak-intro__text">{t('playBreak.intro')}</p>
          <h3 className="nb-pbreak-intro__subtitle">{t('playBreak.rulesTitle')}</h3>
          <PlayBreakRules />
          <ul className="nb-pbreak-intro__list">
            <li>{t('playBreak.ruleFinal')}</li>
            <li>{t('playBreak.ruleRecall')}</li>
          </ul>
        </section>
      )}
      <section className="nb-card" aria-labelledby="nb-pbreak-form-title">
        <h2 id="nb-pbreak-form-title" className="nb-card__title">
          {active ? t('playBreak.longerTitle') : t('playBreak.chooseTitle')}
        </h2>
        {active && (
          <p className="nb-card__hint nb-pbreak__hint">
            {t('playBreak.longerHint', { time: shanghaiDateTime(active.endsAt) })}
          </p>
        )}
        {form}
      </section>
    </>
  );

  return (
    <PageFrame title={t('playBreak.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => status.refetch().then(() => undefined)}>{body}</PullToRefresh>
      <PlayBreakConfirm
        choice={confirming ? choice : null}
        loading={start.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </PageFrame>
  );
}
