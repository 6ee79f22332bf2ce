import { beforeEach, describe, expect, it } from 'vitest';
import {
  frameLoadedBefore,
  markFrameLoaded,
  mayRelaunchQuietly,
  relaunchedUrl,
} from './frame-reload';

describe('frame reloads', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers the launch URLs this tab has loaded, the last twenty', () => {
    const url = 'https://venue.example/h5/?token=a';
    expect(frameLoadedBefore(url)).toBe(false);
    markFrameLoaded(url);
    expect(frameLoadedBefore(url)).toBe(true);
    for (let i = 0; i < 20; i += 1) markFrameLoaded(`https://venue.example/h5/?token=${i}`);
    expect(frameLoadedBefore(url)).toBe(false);
    expect(frameLoadedBefore('https://venue.example/h5/?token=19')).toBe(true);
  });

  it('a relaunch keeps the page the member was on and takes the fresh token, not the 跟投', () => {
    expect(
      relaunchedUrl(
        'https://venue.example/h5/game/JSK3?token=old&selections=a,b',
        'https://venue.example/h5/?token=new&selections=a,b',
      ),
    ).toBe('https://venue.example/h5/game/JSK3?token=new');
    // Another origin (never expected): the fresh URL as the venue gave it.
    expect(relaunchedUrl('https://a.example/h5/x?token=1', 'https://b.example/h5/?token=2')).toBe(
      'https://b.example/h5/?token=2',
    );
    expect(relaunchedUrl('not a url', 'https://b.example/h5/?token=2')).toBe(
      'https://b.example/h5/?token=2',
    );
  });

  it('relaunches a venue quietly at most three times a minute', () => {
    expect([0, 1, 2, 3].map((i) => mayRelaunchQuietly('LOOP', 1000 + i))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(mayRelaunchQuietly('OTHER', 1000)).toBe(true);
    expect(mayRelaunchQuietly('LOOP', 61_001)).toBe(true);
  });
});
