import { Toast } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { AVATAR_PATHS } from '@nebula/protocol/rules/account-rules';
import { describeError } from '../../../lib/api-errors';
import { useProfileUpdate } from '../api/profile-update.mutation';

/** The 8 bundled avatars (no uploads: design "Look" ships its own artwork). */
export function AvatarSheet({
  visible,
  current,
  onClose,
}: {
  visible: boolean;
  current: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const update = useProfileUpdate();
  const choose = async (avatar: string) => {
    if (avatar === current) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ avatar });
      Toast.show({ content: t('userInfo.avatarSaved') });
      onClose();
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };
  return (
    <BottomSheet visible={visible} title={t('userInfo.changeAvatar')} onClose={onClose}>
      <div className="nb-avatars">
        {AVATAR_PATHS.map((avatar, index) => (
          <button
            key={avatar}
            type="button"
            className={`nb-avatars__item${avatar === current ? ' nb-avatars__item--on' : ''}`}
            aria-pressed={avatar === current}
            aria-label={t('userInfo.avatarOption', { n: index + 1 })}
            disabled={update.isPending}
            onClick={() => void choose(avatar)}
          >
            <img src={avatar} alt="" width={64} height={64} />
            {avatar === current && <CheckCircleFill className="nb-avatars__check" aria-hidden />}
          </button>
        ))}
      </div>
    </BottomSheet>
  );
}
