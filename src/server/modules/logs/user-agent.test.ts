import { describe, expect, it } from 'vitest';
import { newDeviceSignIns } from './new-device';
import { deviceText, familyOf, parseAgent } from './user-agent';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const REDUCED =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAMSUNG_BUILD =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('parseAgent and deviceText', () => {
  it.each([
    [PIXEL, 'Chrome 131 · Android 14 · Pixel 5'],
    [HEADLESS, 'Chrome 131 · Linux'],
    [IPHONE, 'Safari 17 · iOS 17 · iPhone'],
    [EDGE, 'Microsoft Edge 131 · Windows 10'],
    // macOS is frozen at 10.15.7 in every browser: named without a version.
    [MAC_SAFARI, 'Safari 17 · macOS'],
    // Chrome's reduced string hides the model as "K": no model rather than "K".
    [REDUCED, 'Chrome 131 · Android 10'],
    [SAMSUNG_BUILD, 'Chrome 130 · Android 14 · SM-S918B'],
  ])('reads %s as %s', (agent, text) => {
    const parsed = parseAgent(agent);
    expect(deviceText(parsed)).toBe(text);
    expect(deviceText(parsed)).not.toMatch(/Mozilla|KHTML|Headless/);
  });

  it('tells the kind of device', () => {
    expect(parseAgent(PIXEL).kind).toBe('mobile');
    expect(parseAgent(EDGE).kind).toBe('desktop');
  });

  it('gives no text for a string it cannot read, and does not throw on an empty one', () => {
    expect(deviceText(parseAgent('device-3'))).toBe('');
    expect(parseAgent('')).toEqual({
      browser: null,
      browserVersion: null,
      os: null,
      osVersion: null,
      model: null,
      kind: 'unknown',
    });
    expect(deviceText(parseAgent('   '))).toBe('');
  });

  it('puts versions out of the family: an updated browser or system is the same device', () => {
    const older = PIXEL.replace('Chrome/131', 'Chrome/124').replace('Android 14', 'Android 13');
    expect(familyOf(parseAgent(older))).toBe(familyOf(parseAgent(PIXEL)));
    expect(familyOf(parseAgent(HEADLESS))).not.toBe(familyOf(parseAgent(PIXEL)));
    // Same browser and system on another phone model is another device.
    expect(familyOf(parseAgent(SAMSUNG_BUILD))).not.toBe(familyOf(parseAgent(PIXEL)));
  });
});

describe('newDeviceSignIns', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

  it('marks the first sign-in of each later family, not the account first one', () => {
    const marked = newDeviceSignIns([
      { id: 'c', device: IPHONE, createdAt: at(3) },
      { id: 'a', device: PIXEL, createdAt: at(1) },
      { id: 'b', device: PIXEL.replace('Chrome/131', 'Chrome/132'), createdAt: at(2) },
      { id: 'd', device: IPHONE, createdAt: at(4) },
      { id: 'e', device: EDGE, createdAt: at(5) },
    ]);
    expect([...marked].sort()).toEqual(['c', 'e']);
  });

  it('breaks a tie of the same instant by id, so the mark is stable', () => {
    const marked = newDeviceSignIns([
      { id: 'a', device: PIXEL, createdAt: at(1) },
      { id: 'z', device: IPHONE, createdAt: at(2) },
      { id: 'y', device: IPHONE, createdAt: at(2) },
    ]);
    expect([...marked]).toEqual(['y']);
  });

  it('marks nothing with no sign-in or one family only', () => {
    expect(newDeviceSignIns([]).size).toBe(0);
    expect(
      newDeviceSignIns([
        { id: 'a', device: PIXEL, createdAt: at(1) },
        { id: 'b', device: PIXEL, createdAt: at(2) },
      ]).size,
    ).toBe(0);
  });
});
