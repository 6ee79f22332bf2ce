import type { LuckyFlipSeeds } from '@nebula/protocol/api/activity/lucky-flip.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { useRotateSeed, useSetClientSeed } from '../api/flip-friends.mutations';

/**
 * The member's seed pair: the server seed's hash, the editable client seed, the next nonce.
 * The page keys it by the saved client seed, so a new one from the server starts a fresh form.
 */
export function FlipSeeds({ seeds }: { seeds: LuckyFlipSeeds }) {
  const { t } = useTranslation('flipFriends');
  const [clientSeed, setClientSeed] = useState(seeds.clientSeed);
  const save = useSetClientSeed();
  const rotate = useRotateSeed();
  const onError = (err: unknown) => showToast(describeError(err).message);
  return (
    <section className="nb-card" aria-labelledby="nb-flip-seeds">
      <h2 id="nb-flip-seeds" className="nb-card__title">
        {t('flip.seeds')}
      </h2>
      <p className="nb-flip__label">{t('flip.commitment')}</p>
      <p className="nb-flip__seed" data-testid="flip-commitment">
        {seeds.serverSeedCommitment}
      </p>
      <p className="nb-flip__label">{t('flip.clientSeed')}</p>
      <form
        className="nb-flip__seed-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(clientSeed, {
            onSuccess: () => showToast(t('flip.seedSaved')),
            onError,
          });
        }}
      >
        <input
          aria-label={t('flip.clientSeed')}
          value={clientSeed}
          maxLength={64}
          onChange={(e) => setClientSeed(e.target.value)}
          data-testid="flip-client-seed"
        />
        <Button size="small" type="submit" loading={save.isPending}>
          {t('flip.saveSeed')}
        </Button>
      </form>
      <p className="nb-flip__label">
        {t('flip.nonce')}：<span data-testid="flip-nonce">{seeds.nonce}</span>
      </p>
      <Button
        block
        size="small"
        style={{ marginTop: 10 }}
        loading={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, { onSuccess: () => showToast(t('flip.rotated')), onError })
        }
        data-testid="flip-rotate"
      >
        {t('flip.rotate')}
      </Button>
      <p className="nb-ff__rule">{t('flip.seedsRule')}</p>
    </section>
  );
}
