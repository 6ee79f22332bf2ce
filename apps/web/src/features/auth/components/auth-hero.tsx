import { usePreInfoStore } from '../../../site/pre-info.store';

const DEFAULT_LOGO = '/static/logo.svg';

/** The logo and a line of welcome above the account forms. */
export function AuthHero({ heading, sub }: { heading: string; sub: string }) {
  const logo = usePreInfoStore((state) => state.preInfo?.SiteBaseConfigVo.logoUrl);
  return (
    <div className="nb-auth__hero">
      <img className="nb-auth__logo" src={logo || DEFAULT_LOGO} alt="" width={48} height={48} />
      <div>
        <p className="nb-auth__heading">{heading}</p>
        <p className="nb-auth__sub">{sub}</p>
      </div>
    </div>
  );
}
