import type { RealNameInfo } from '@nebula/protocol/api/member/member.schemas';
import { Button, Toast } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { REAL_NAME_MAX, REAL_NAME_PATTERN } from '@nebula/protocol/rules/account-rules';
import { describeError } from '../../../lib/api-errors';
import { INFO_AUDIT_PATH, USER_INFO_PATH } from '../../../site/paths';
import { useRealNameStatus } from '../api/real-name-status.query';
import { useRealNameSubmit } from '../api/real-name-submit.mutation';
import '../components/member.css';

/** The submitted name's state: under review or approved (nothing to edit then). */
function StatusCard({ info }: { info: RealNameInfo }) {
  const { t } = useTranslation('member');
  const approved = info.status === 'approved';
  return (
    <section className="nb-card nb-realname" aria-live="polite">
      <div className={`nb-realname__badge nb-realname__badge--${info.status}`} aria-hidden="true">
        {approved ? <CheckCircleFill /> : <ClockCircleFill />}
      </div>
      <h2 className="nb-realname__status">{t(`realNameStatus.${info.status}`)}</h2>
      {info.realNameMasked && (
        <p className="nb-realname__name">{t('auth.maskedName', { name: info.realNameMasked })}</p>
      )}
      <p className="nb-realname__text">
        {approved ? t('auth.approvedText') : t('auth.pendingText')}
      </p>
      <Link className="nb-realname__link" to={INFO_AUDIT_PATH}>
        {t('auth.viewProgress')}
      </Link>
    </section>
  );
}

function SubmitForm({ rejected }: { rejected: RealNameInfo | null }) {
  const { t } = useTranslation('member');
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const submit = useRealNameSubmit();
  const valid = REAL_NAME_PATTERN.test(name.trim());

  const send = async () => {
    setMessage(null);
    if (!valid) {
      setError(t('auth.rule'));
      return;
    }
    try {
      await submit.mutateAsync(name.trim());
      Toast.show({ content: t('auth.submitted') });
    } catch (failure) {
      setMessage(describeError(failure).message);
    }
  };

  return (
    <section className="nb-card">
      <p className="nb-sheet__note">{t('auth.intro')}</p>
      {rejected && (
        <p className="nb-form-message" role="status">
          {rejected.reason
            ? t('auth.rejectedText', { reason: rejected.reason })
            : t('auth.rejectedNoReason')}
        </p>
      )}
      <form
        className="nb-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <FormField
          label={t('auth.realName')}
          htmlFor={id}
          tone={error ? 'error' : name !== '' && valid ? 'ok' : 'neutral'}
          hint={error ?? t('auth.rule')}
        >
          <input
            id={id}
            className="nb-input"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            placeholder={t('auth.realNamePlaceholder')}
            autoComplete="name"
            maxLength={REAL_NAME_MAX}
          />
        </FormField>
        <FormMessage>{message}</FormMessage>
        <Button
          className="nb-form__submit"
          type="submit"
          block
          color="primary"
          shape="rounded"
          loading={submit.isPending}
        >
          {t('auth.submit')}
        </Button>
      </form>
    </section>
  );
}

/** /mine/userInfo/authentication: submit the real name, or see where its review stands. */
export function AuthenticationPage() {
  const { t } = useTranslation('member');
  const status = useRealNameStatus();
  const info = status.data;
  return (
    <PageFrame title={t('auth.title')} backTo={USER_INFO_PATH}>
      {!info ? (
        status.isError ? (
          <ErrorState error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <PageSkeleton lines={4} />
        )
      ) : info.status === 'pending' || info.status === 'approved' ? (
        <StatusCard info={info} />
      ) : (
        <SubmitForm rejected={info.status === 'rejected' ? info : null} />
      )}
    </PageFrame>
  );
}
