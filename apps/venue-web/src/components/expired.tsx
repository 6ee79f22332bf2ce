import { bridge } from '../lib/frame-bridge';

/** 会话已过期: the session ended; the button asks the member site for a fresh launch. */
export function Expired() {
  return (
    <div className="expired" role="alert">
      <svg className="expired__art" width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
        <circle cx="36" cy="38" r="26" fill="#eef3fc" />
        <circle cx="36" cy="38" r="18" fill="none" stroke="#1677ff" strokeWidth="3" />
        <path
          d="M36 28v11l7 5"
          fill="none"
          stroke="#1677ff"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path d="M30 10h12" stroke="#1677ff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 className="expired__title">会话已过期</h1>
      <p className="expired__text">请返回重新进入</p>
      <button type="button" className="btn btn--primary" onClick={() => bridge.requestRelaunch()}>
        返回重新进入
      </button>
    </div>
  );
}
