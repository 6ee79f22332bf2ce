import { useTranslation } from '../../../i18n/use-translation';
import { FormField, type FieldTone } from '../../../components/ui/form-field';
import type { useCaptcha } from '../api/captcha.query';
import { CAPTCHA_CODE_MAX } from '@nebula/protocol/rules/account-rules';

interface CaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  id: string;
}

/** The image captcha: type what the picture shows; tap the picture for another one. */
export function CaptchaField({ captcha, value, onChange, error, id }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const tone: FieldTone = error ? 'error' : 'neutral';
  const image = captcha.data?.image;
  return (
    <FormField
      label={t('fields.captcha')}
      htmlFor={id}
      hint={error}
      tone={tone}
      extra={
        <button
          type="button"
          className="nb-captcha"
          onClick={() => void captcha.refetch()}
          aria-label={t('captcha.refresh')}
          disabled={captcha.isFetching}
        >
          {image && !captcha.isError ? (
            <img src={image} alt={t('captcha.alt')} width={120} height={44} />
          ) : (
            <span className="nb-captcha__state">
              {captcha.isError ? t('captcha.loadFailed') : '…'}
            </span>
          )}
        </button>
      }
    >
      <input
        id={id}
        className="nb-input"
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        placeholder={t('fields.captchaPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={CAPTCHA_CODE_MAX}
        aria-describedby={error ? `${id}-hint` : undefined}
      />
    </FormField>
  );
}
