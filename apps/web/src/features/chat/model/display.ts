/**
 * Display rules for what other members control (nickname, avatar, gift icons): only bundled
 * artwork paths are used as image sources, anything else falls back to the default picture.
 */

const BUNDLED_AVATAR = /^\/static\/avatars\/avatar-[1-8]\.svg$/;
const BUNDLED_GIFT_ICON = /^\/static\/gifts\/[a-z0-9-]+\.svg$/;

export const DEFAULT_AVATAR = '/static/avatars/default.svg';
export const DEFAULT_GIFT_ICON = '/static/gifts/gift.svg';

export function avatarSrc(avatar: string): string {
  return BUNDLED_AVATAR.test(avatar) ? avatar : DEFAULT_AVATAR;
}

export function giftIconSrc(icon: string | undefined): string {
  return icon && BUNDLED_GIFT_ICON.test(icon) ? icon : DEFAULT_GIFT_ICON;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14:03" for a message time, in Shanghai whatever the phone's zone (contract §1). */
export function formatMessageTime(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** "4:59" or "1:02:03" left of a timed mute. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** A placeholder that cannot occur in a catalogue text, to place a React node in a sentence. */
export const SLOT = '\u0000';

/** Splits a catalogue sentence made with `SLOT` as a value into the text around it. */
export function aroundSlot(sentence: string): [string, string] {
  const at = sentence.indexOf(SLOT);
  return at < 0 ? [sentence, ''] : [sentence.slice(0, at), sentence.slice(at + SLOT.length)];
}
