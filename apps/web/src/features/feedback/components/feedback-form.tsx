import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  type FeedbackCategoryName as FeedbackCategory,
} from '@nebula/protocol/api/help-and-service/help-and-service.constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { displayLength } from '@nebula/protocol/rules/string-length';
import { Button, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { describeError, BusinessError } from '../../../lib/api-errors';
import { formatMoment } from '../../../lib/format-time';
import { useSubmitFeedback } from '../api/feedback.queries';

/**
 * The feedback form: a category, the text (multi-line; contract §8.4 length, a Chinese character
 * counting 2, between 10 and 1000) and an optional contact. Submit stays disabled until valid;
 * the server's rate limit (9320) is shown with the time the next one is allowed.
 */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('feedback');
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFeedback();
  const length = displayLength(content.trim());
  const tooShort = length < FEEDBACK_CONTENT_MIN;
  const tooLong = length > FEEDBACK_CONTENT_MAX;
  const contactTooLong = displayLength(contact.trim()) > FEEDBACK_CONTACT_MAX;
  const valid = category !== null && !tooShort && !tooLong && !contactTooLong;

  const send = () => {
    if (!valid) return;
    setError(null);
    submit.mutate(
      { category, content: content.trim(), ...(contact.trim() ? { contact: contact.trim() } : {}) },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('submitted') });
          setContent('');
          setContact('');
          setCategory(null);
          onSent();
        },
        onError: (failure) => {
          const retryAt =
            failure instanceof BusinessError && failure.code === ErrorCode.FeedbackTooFrequent
              ? (failure.response as { data?: { retryAt?: number } } | undefined)?.data?.retryAt
              : undefined;
          setError(
            retryAt
              ? t('tooFrequent', { time: formatMoment(retryAt) })
              : describeError(failure).message,
          );
        },
      },
    );
  };

  return (
    <form
      className="nb-card nb-fb__form"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <fieldset className="nb-fb__field">
        <legend className="nb-fb__label">{t('category')}</legend>
        <Selector
          columns={4}
          options={FEEDBACK_CATEGORIES.map((c) => ({ label: t(`categories.${c}`), value: c }))}
          value={category ? [category] : []}
          onChange={(v) => setCategory(v[0] ?? null)}
        />
      </fieldset>
      <label className="nb-fb__field">
        <span className="nb-fb__label">{t('content')}</span>
        <TextArea
          value={content}
          onChange={setContent}
          placeholder={t('contentPlaceholder')}
          rows={6}
          autoSize={{ minRows: 6, maxRows: 12 }}
        />
        <span className={`nb-fb__count${tooLong ? ' nb-fb__count--over' : ''}`}>
          {t('contentCount', { length, max: FEEDBACK_CONTENT_MAX })}
        </span>
        {content.trim() !== '' && tooShort && (
          <span className="nb-fb__hint">{t('contentTooShort')}</span>
        )}
        {tooLong && <span className="nb-fb__hint nb-fb__hint--error">{t('contentTooLong')}</span>}
      </label>
      <label className="nb-fb__field">
        <span className="nb-fb__label">{t('contact')}</span>
        <Input
          value={contact}
          onChange={setContact}
          placeholder={t('contactPlaceholder')}
          maxLength={FEEDBACK_CONTACT_MAX}
        />
      </label>
      {error && (
        <p className="nb-fb__error" role="alert">
          {error}
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        type="submit"
        disabled={!valid}
        loading={submit.isPending}
      >
        {t('submit')}
      </Button>
    </form>
  );
}
