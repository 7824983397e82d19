// @vitest-environment jsdom
/**
 * Customer service on the phone itself (issue 18 §5): the id is copied with a tap, the chat link
 * opens the app, the QR goes to the share sheet as a file (or is downloaded where files cannot be
 * shared); the wide dialog keeps the two codes to scan.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../lib/notify';
import { catchDownloads, setWidth } from '../../testing/browser';
import { ServiceDialogSheet } from './ServiceDialogSheet';

const PNG = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ blob: async () => PNG })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setWidth(1024);
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
  Reflect.deleteProperty(navigator, 'clipboard');
});

function open(width: number) {
  setWidth(width);
  render(<ServiceDialogSheet visible onClose={() => {}} />);
  return screen.getByTestId('service-dialog');
}

/** Lets the fetch of the image and the share or download after it run. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('on a phone', () => {
  it('copies the id with a tap', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const success = vi.spyOn(notify, 'toastSuccess');
    const dialog = open(390);
    fireEvent.click(within(dialog).getByTestId('service-copy-telegram'));
    await settle();
    expect(writeText).toHaveBeenCalledWith('CardPortalSupport');
    expect(success).toHaveBeenCalled();
  });

  it('opens the chat in the app: t.me for Telegram, the customer-service link for WeChat', () => {
    const dialog = open(390);
    expect(within(dialog).getByTestId('service-open-telegram').getAttribute('href')).toBe(
      'https://t.me/CardPortalSupport',
    );
    expect(within(dialog).getByTestId('service-open-wechat').getAttribute('href')).toMatch(
      /^https:\/\/work\.weixin\.qq\.com\/kfid\//,
    );
    expect(within(dialog).getByTestId('service-open-wechat').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('hands the QR image to the share sheet as a file where the browser can share files', async () => {
    const share = vi.fn(async () => {});
    Object.assign(navigator, { share, canShare: () => true });
    const downloads = catchDownloads();
    const dialog = open(390);
    fireEvent.click(within(dialog).getByTestId('service-save-wechat'));
    await settle();
    expect(fetch).toHaveBeenCalledWith('/service-qr/wechat.png');
    const [data] = share.mock.calls[0] as unknown as [{ files: File[] }];
    expect(data.files[0]?.name).toBe('card-portal-wechat.png');
    expect(data.files[0]?.type).toBe('image/png');
    expect(downloads).toEqual([]);
  });

  it('downloads the image where files cannot be shared, and a cancelled share does nothing', async () => {
    const downloads = catchDownloads();
    const dialog = open(390);
    fireEvent.click(within(dialog).getByTestId('service-save-telegram'));
    await settle();
    expect(downloads.map((link) => link.download)).toEqual(['card-portal-telegram.png']);

    Object.assign(navigator, {
      canShare: () => true,
      share: vi.fn(async () => {
        throw new DOMException('cancelled', 'AbortError');
      }),
    });
    fireEvent.click(within(dialog).getByTestId('service-save-telegram'));
    await settle();
    expect(downloads).toHaveLength(1);
  });
});

describe('on a wide screen', () => {
  it('keeps the two QR codes, with the ids written under them', () => {
    const dialog = open(1280);
    for (const id of ['wechat', 'telegram']) {
      expect(within(dialog).getByTestId(`service-qr-${id}`).getAttribute('width')).toBe('180');
      expect(within(dialog).getByTestId(`service-save-${id}`).getAttribute('download')).toBe(
        `card-portal-${id}.png`,
      );
    }
    expect(dialog.textContent).toContain('CardPortalSupport');
    expect(within(dialog).queryByTestId('service-open-telegram')).toBeNull();
  });
});
