/**
 * Image upload (spec §2 shared widgets, §5 rules): accepts JPG, GIF, PNG and BMP recognised by
 * their content, and HEIC from iPhones (converted to JPEG first, issue 18 §4); compresses accepted
 * images (quality 0.5, at most about 8 million pixels, then harder) until they are under the size
 * limit instead of refusing a large photo, and hands the result to `upload`. The answer decides the message:
 * errcode '500' shows its errmsg as an error, anything else is a success.
 *
 * The endpoint is the caller's (`/file/pub/upload`, `/api/account/topup/upload`, ...), so the
 * widget takes `upload` as a function and stays testable without a server.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../../lib/offline';
import {
  DEFAULT_MAX_MB,
  exceedsLimit,
  MAX_PIXELS,
  READ_LIMIT_MB,
  sniffImageKind,
  WIDGET_QUALITY,
} from './ImageUpload.checks';
import { compressBelow } from './ImageUpload.compress';
import { heicToJpeg } from './ImageUpload.heic';
import { WIDGETS_NS } from './widgets-i18n';
import './image-upload.css';

/** The generic upload answer (spec §7: errcode, errmsg). */
export interface UploadAnswer {
  errcode: string | number;
  errmsg?: string;
  url?: string;
}

export interface ImageUploadProps {
  upload: (file: File) => Promise<UploadAnswer>;
  label: ReactNode;
  /** URL of the image already stored, shown until another is chosen. */
  value?: string | null;
  /** Called with the stored URL after a successful upload, and with null on remove. */
  onChange?: (url: string | null) => void;
  maxSizeMb?: number;
  quality?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

type Phase = 'idle' | 'preparing' | 'uploading';
type Message = { kind: 'error' | 'success'; text: string } | null;

const ACCEPT =
  '.jpg,.jpeg,.gif,.png,.bmp,.heic,.heif,image/jpeg,image/gif,image/png,image/bmp,image/heic,image/heif';

/** An object URL for a local preview, revoked when it changes or the widget goes away. */
function usePreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return [preview, setPreview] as const;
}

export function ImageUpload({
  upload,
  label,
  value = null,
  onChange,
  maxSizeMb = DEFAULT_MAX_MB,
  quality = WIDGET_QUALITY,
  disabled = false,
  ...rest
}: ImageUploadProps) {
  const { t } = useTranslation(WIDGETS_NS);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [message, setMessage] = useState<Message>(null);
  const [preview, setPreview] = usePreview();
  const [dragging, setDragging] = useState(false);
  const busy = phase !== 'idle';
  const shown = preview ?? value;
  const testId = rest['data-testid'] ?? 'image-upload';

  const fail = (text: string) => setMessage({ kind: 'error', text });

  async function accept(file: File) {
    setMessage(null);
    const kind = await sniffImageKind(file);
    if (!kind) return fail(t('upload.wrongType'));
    if (exceedsLimit(file.size, READ_LIMIT_MB)) return fail(t('upload.tooLarge', { limit: READ_LIMIT_MB }));
    if (!isOnline()) return fail(t('common:catalogue.offline'));

    setPhase('preparing');
    try {
      const source = kind === 'heic' ? await heicToJpeg(file, quality) : file;
      const compressed = await compressBelow(source, {
        quality,
        maxPixels: MAX_PIXELS,
        maxBytes: maxSizeMb * 1024 * 1024,
      });
      // Only an image that stays over the limit at the lowest quality and size is refused.
      if (!compressed || exceedsLimit(compressed.size, maxSizeMb))
        return fail(t('upload.tooLarge', { limit: maxSizeMb }));
      setPhase('uploading');
      const answer = await upload(compressed);
      if (String(answer.errcode) === '500') {
        fail(answer.errmsg?.trim() || t('common:catalogue.uploadFailed'));
        return;
      }
      setPreview(URL.createObjectURL(compressed));
      setMessage({ kind: 'success', text: t('upload.success') });
      onChange?.(answer.url ?? null);
    } catch {
      // The HTTP layer has reported transport errors already; this names what failed.
      fail(t('common:catalogue.uploadFailed'));
    } finally {
      setPhase('idle');
    }
  }

  const onFiles = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = ''; // Choosing the same file again must fire again.
    if (file && !busy && !disabled) void accept(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };

  const remove = () => {
    setPreview(null);
    setMessage(null);
    onChange?.(null);
  };

  return (
    <div className="cp-upload" data-testid={testId}>
      <span className="cp-upload__label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="cp-upload__row">
        {shown ? (
          <img
            className="cp-upload__thumb"
            src={shown}
            alt={t('upload.preview')}
            data-testid={`${testId}-preview`}
          />
        ) : null}
        <label
          htmlFor={inputId}
          className={`cp-upload__zone ${dragging ? 'cp-upload__zone--over' : ''} ${
            disabled || busy ? 'cp-upload__zone--disabled' : ''
          }`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-busy={busy}
        >
          {busy ? (
            <span className="cp-spinner cp-upload__spinner" aria-hidden="true" />
          ) : (
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path
                d="M12 16V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <span className="cp-upload__action">
            {busy ? t(`upload.${phase}`) : t(shown ? 'upload.replace' : 'upload.choose')}
          </span>
          <span className="cp-upload__hint">{t('upload.hint', { limit: maxSizeMb })}</span>
        </label>
        <input
          ref={input}
          id={inputId}
          className="cp-visually-hidden"
          type="file"
          accept={ACCEPT}
          disabled={disabled || busy}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={message?.kind === 'error' ? `${inputId}-message` : undefined}
          onChange={(event) => onFiles(event.target.files)}
          data-testid={`${testId}-input`}
        />
      </div>
      {shown && !busy && !disabled ? (
        <button type="button" className="cp-upload__remove" onClick={remove}>
          {t('upload.remove')}
        </button>
      ) : null}
      {/* Two live regions: errors interrupt (alert), success is announced politely (status). */}
      <div className="cp-upload__messages">
        <p
          id={`${inputId}-message`}
          className="cp-upload__message cp-upload__message--error"
          role="alert"
          data-testid={`${testId}-error`}
        >
          {message?.kind === 'error' ? message.text : null}
        </p>
        <p
          className="cp-upload__message cp-upload__message--success"
          role="status"
          data-testid={`${testId}-success`}
        >
          {message?.kind === 'success' ? message.text : null}
        </p>
      </div>
    </div>
  );
}
