import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { EMAIL_MAX, EMAIL_PATTERN, NICKNAME_MAX } from '@nebula/protocol/rules/account-rules';
import { formatDateTime } from '../../../lib/format-time';
import { AUTHENTICATION_PATH, MINE_PATH, SECURITY_PATH } from '../../../site/paths';
import { useMemberInfo } from '../api/member-info.query';
import { useProfileUpdate } from '../api/profile-update.mutation';
import { AvatarSheet } from '../components/avatar-sheet';
import { FundPasswordSheet } from '../components/fund-password-sheet';
import { FUND_PASSWORD_SHEET } from '../../../site/paths';
import { InfoRow } from '../components/info-row';
import { PhoneSheet } from '../components/phone-sheet';
import { TextEditSheet } from '../components/text-edit-sheet';
import '../components/member.css';

/** Clipboard access exists only in secure contexts; elsewhere the code stays readable on screen. */
async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: done });
  } catch {
    // No clipboard here: nothing to do, the code is shown in full.
  }
}

type Sheet = 'avatar' | 'nickname' | 'email' | 'phone' | 'fund' | null;

/** /mine/userInfo: profile, phone, fund password, and the ways to real name and security. */
export function UserInfoPage() {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const info = useMemberInfo();
  const update = useProfileUpdate();
  // `?open=fundPassword` (the withdrawal page's 去设置) opens the fund-password form at once.
  const [params] = useSearchParams();
  const [sheet, setSheet] = useState<Sheet>(() =>
    params.get('open') === FUND_PASSWORD_SHEET ? 'fund' : null,
  );
  const close = () => setSheet(null);
  const data = info.data;

  return (
    <PageFrame title={t('userInfo.title')} backTo={MINE_PATH}>
      {!data ? (
        info.isError ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <PageSkeleton lines={8} />
        )
      ) : (
        <>
          <section className="nb-card nb-rows" aria-label={t('userInfo.sectionBasic')}>
            <h2 className="nb-card__title">{t('userInfo.sectionBasic')}</h2>
            <InfoRow
              label={t('userInfo.avatar')}
              value={
                <img className="nb-row__avatar" src={data.avatar} alt="" width={40} height={40} />
              }
              onPress={() => setSheet('avatar')}
            />
            <InfoRow
              label={t('userInfo.nickname')}
              value={data.nickname}
              onPress={() => setSheet('nickname')}
            />
            <InfoRow label={t('userInfo.userName')} value={data.userName} />
            <InfoRow
              label={t('userInfo.email')}
              value={data.email ?? <span className="nb-row__muted">{t('userInfo.notSet')}</span>}
              onPress={() => setSheet('email')}
            />
            <InfoRow
              label={t('userInfo.inviteCode')}
              value={
                <>
                  <span className="nb-amount">{data.inviteCode}</span>
                  <span className="nb-row__action">{t('userInfo.copy')}</span>
                </>
              }
              onPress={() => void copyText(data.inviteCode, t('userInfo.copied'))}
            />
            <InfoRow label={t('userInfo.memberSince')} value={formatDateTime(data.registeredAt)} />
            {data.lastLoginAt !== null && (
              <InfoRow label={t('userInfo.lastLogin')} value={formatDateTime(data.lastLoginAt)} />
            )}
          </section>
          <section className="nb-card nb-rows" aria-label={t('userInfo.sectionSecurity')}>
            <h2 className="nb-card__title">{t('userInfo.sectionSecurity')}</h2>
            <InfoRow
              label={t('userInfo.phone')}
              value={
                data.phoneMasked ? (
                  <>
                    <span className="nb-amount">
                      +{data.countryCode} {data.phoneMasked}
                    </span>
                    <span className="nb-row__action">{t('userInfo.phoneChange')}</span>
                  </>
                ) : (
                  <span className="nb-row__action">{t('userInfo.phoneBind')}</span>
                )
              }
              onPress={() => setSheet('phone')}
            />
            <InfoRow
              label={t('userInfo.fundPassword')}
              value={
                data.fundPasswordSet ? (
                  t('userInfo.fundSet')
                ) : (
                  <span className="nb-row__action">{t('userInfo.fundNotSet')}</span>
                )
              }
              onPress={() => setSheet('fund')}
            />
            <InfoRow
              label={t('userInfo.realName')}
              value={
                <span className={`nb-status nb-status--${data.realNameStatus}`}>
                  {data.realNameMasked ? `${data.realNameMasked} · ` : ''}
                  {t(`realNameStatus.${data.realNameStatus}`)}
                </span>
              }
              to={AUTHENTICATION_PATH}
            />
            <InfoRow
              label={t('userInfo.security')}
              value={<span className="nb-row__muted">{t('userInfo.securityHint')}</span>}
              to={SECURITY_PATH}
            />
          </section>
          <AvatarSheet visible={sheet === 'avatar'} current={data.avatar} onClose={close} />
          <TextEditSheet
            visible={sheet === 'nickname'}
            title={t('userInfo.nickname')}
            label={t('userInfo.nickname')}
            initial={data.nickname}
            placeholder={t('userInfo.nicknamePlaceholder')}
            maxLength={NICKNAME_MAX}
            validate={(value) =>
              value.length === 0 || Array.from(value).length > NICKNAME_MAX
                ? t('userInfo.nicknameRule')
                : null
            }
            save={(nickname) => update.mutateAsync({ nickname })}
            savedText={t('userInfo.nicknameSaved')}
            submitText={tc('save')}
            onClose={close}
          />
          <TextEditSheet
            visible={sheet === 'email'}
            title={t('userInfo.email')}
            label={t('userInfo.email')}
            initial={data.email ?? ''}
            placeholder={t('userInfo.emailPlaceholder')}
            maxLength={EMAIL_MAX}
            inputMode="email"
            validate={(value) =>
              value === '' || EMAIL_PATTERN.test(value) ? null : t('userInfo.emailRule')
            }
            save={(email) => update.mutateAsync({ email: email === '' ? null : email })}
            savedText={t('userInfo.emailSaved')}
            submitText={tc('save')}
            onClose={close}
          />
          <PhoneSheet
            visible={sheet === 'phone'}
            currentMasked={data.phoneMasked}
            onClose={close}
          />
          <FundPasswordSheet
            visible={sheet === 'fund'}
            isSet={data.fundPasswordSet}
            phoneMasked={data.phoneMasked}
            onClose={close}
          />
        </>
      )}
    </PageFrame>
  );
}
