import { DIALOG_COMPACT_BELOW_HEIGHT, DIALOG_WIDTH } from '@nebula/protocol/constants/constants';
import { t } from '../../i18n/i18n';
import { showModal } from './modal.store';

/** Whether the security tip uses its compact layout (short viewports: most phones). */
export function isCompactViewport(height: number = window.innerHeight): boolean {
  return height < DIALOG_COMPACT_BELOW_HEIGHT;
}

/** The anti-fraud security tip of contract §8.1: width 360, compact below 900 px of height. */
export function showSecurityTip(): Promise<void> {
  return showModal({
    title: t('shell:securityTip.title'),
    content: t('shell:securityTip.content'),
    confirmText: t('common:iKnow'),
    width: DIALOG_WIDTH,
    className: isCompactViewport() ? 'nb-security-tip nb-security-tip--compact' : 'nb-security-tip',
  });
}
