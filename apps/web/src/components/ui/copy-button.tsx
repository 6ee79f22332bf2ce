import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import './copy-button.css';

/**
 * The clipboard API exists only in secure contexts; elsewhere a selected textarea and
 * execCommand still copy on most phones.
 */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'nb-copy__scratch';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

/** 复制 beside an account number or address; what to copy is the plain text, not the display. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="nb-copy"
      aria-label={t('copyNamed', { name: label })}
      onClick={() =>
        void copy(text).then((done) =>
          Toast.show({ content: done ? t('copied') : t('copyFailed') }),
        )
      }
    >
      <span className="nb-copy__pill">{t('copy')}</span>
    </button>
  );
}
