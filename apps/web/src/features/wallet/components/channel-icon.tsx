/** Channel and payout types that have artwork (public/static/channels, generated SVG). */
export type ChannelArt =
  'bank' | 'usdt' | 'alipay' | 'wechat' | 'ebpay' | 'koipay' | 'digital' | 'sharelife';

/** The type's icon; decorative (the name is always written beside it). */
export function ChannelIcon({ type, size = 40 }: { type: ChannelArt; size?: number }) {
  return (
    <img
      className="nb-channel-icon"
      src={`/static/channels/${type}.svg`}
      alt=""
      width={size}
      height={size}
    />
  );
}
