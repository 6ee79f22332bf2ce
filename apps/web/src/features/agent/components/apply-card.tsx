import type { AgentStatus } from '@nebula/protocol/api/agent/agent.schemas';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useApplyAgent } from '../api/agent.mutations';

/** Not yet an agent: the application's status, or the form (again after a rejection). */
export function ApplyCard({ application }: { application: AgentStatus['application'] }) {
  const { t } = useTranslation('agent');
  if (application?.status === 'pending')
    return (
      <section className="nb-card" data-testid="agent-pending">
        <div className="nb-agent__row">
          <h2 className="nb-card__title">{t('apply.title')}</h2>
          <StatusBadge tone="warning">{t('application.pending')}</StatusBadge>
        </div>
        <p className="nb-agent__note">
          {t('application.pendingText', { time: shanghaiDateTime(application.createdAt) })}
        </p>
      </section>
    );
  return (
    <>
      {application?.status === 'rejected' && (
        <section className="nb-card" data-testid="agent-rejected">
          <div className="nb-agent__row">
            <h2 className="nb-card__title">{t('apply.title')}</h2>
            <StatusBadge tone="danger">{t('application.rejected')}</StatusBadge>
          </div>
          <p className="nb-agent__note">
            {t('application.rejectedText', {
              reason: application.reason ?? t('application.noReason'),
            })}
          </p>
        </section>
      )}
      <ApplyForm />
    </>
  );
}

function ApplyForm() {
  const { t } = useTranslation('agent');
  const apply = useApplyAgent();
  const [contact, setContact] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (contact.trim().length < 2) {
      setError(t('apply.contactRequired'));
      return;
    }
    setError(null);
    apply.mutate(
      { contact: contact.trim(), ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => showToast(t('apply.submitted')),
        onError: (err) => setError(describeError(err).message),
      },
    );
  };
  return (
    <section className="nb-card" aria-labelledby="nb-agent-apply">
      <h2 id="nb-agent-apply" className="nb-card__title">
        {t('apply.title')}
      </h2>
      <p className="nb-agent__note">{t('intro.text')}</p>
      <FormField label={t('apply.contact')} htmlFor="nb-agent-contact">
        <Input
          id="nb-agent-contact"
          value={contact}
          onChange={setContact}
          maxLength={40}
          placeholder={t('apply.contactPlaceholder')}
        />
      </FormField>
      <FormField label={t('apply.note')} htmlFor="nb-agent-note">
        <TextArea
          id="nb-agent-note"
          value={note}
          onChange={setNote}
          maxLength={200}
          rows={3}
          placeholder={t('apply.notePlaceholder')}
        />
      </FormField>
      {error && <FormMessage>{error}</FormMessage>}
      <Button block color="primary" shape="rounded" loading={apply.isPending} onClick={submit}>
        {t('apply.submit')}
      </Button>
    </section>
  );
}
