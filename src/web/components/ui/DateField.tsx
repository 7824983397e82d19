/**
 * A day field with the app's own picker (issue 18 §4): antd-mobile's DatePicker in the reader's
 * language (its buttons and column labels are set here from the app's texts), instead
 * of the browser's native date input, whose look, language and validation message belong to the
 * browser. A keyboard can still type YYYY-MM-DD into the text box; the calendar button (and, on a
 * touch screen, the box itself) opens the picker. The picker is imported when first opened, so
 * pages with date filters do not carry it until it is used.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '../../lib/product-time';
import { useMediaQuery } from './useMediaQuery';
import { TextField } from './TextField';

const DatePicker = lazy(() => import('antd-mobile/es/components/date-picker'));

const COARSE_POINTER = '(pointer: coarse)';
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface DateFieldProps {
  /** The input's id, when a form moves the focus to it (a field in error). */
  id?: string | undefined;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Inclusive bounds as YYYY-MM-DD. */
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  'data-testid': string;
}

/** "2026-03-05" as a local-midnight Date, the way the picker counts days. */
function dateOf(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function textOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function DateField({
  id,
  name,
  label,
  value,
  onChange,
  min,
  max,
  error,
  hint,
  ...rest
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // The day the wheels have settled on, as the picker itself holds it (its `onSelect`). The wheels
  // show a tap at once but tell the picker a moment later (antd-mobile's PickerView debounces
  // onChange, and reverts a wheel the picker has not taken within a second), so Confirm pressed in
  // between took the day before. The header shows this day: the customer sees what Confirm keeps.
  const [picked, setPicked] = useState<string | null>(null);
  const touch = useMediaQuery(COARSE_POINTER);
  const testId = rest['data-testid'];
  const english = i18n.language === 'en';

  const current = isCalendarDate(value) ? value : (max ?? textOf(new Date()));
  const renderLabel = (type: string, data: number) => {
    if (type === 'year') return english ? String(data) : `${data}年`;
    if (type === 'month') return english ? (EN_MONTHS[data - 1] ?? String(data)) : `${data}月`;
    if (type === 'day') return english ? String(data) : `${data}日`;
    return String(data);
  };

  return (
    <>
      <TextField
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        // On a phone a tap opens the picker, and no keyboard slides up over it; the box stays an
        // editable field (not read-only), so typed or pasted dates and assistive tools still work.
        inputMode={touch ? 'none' : 'numeric'}
        placeholder={t('datePicker.placeholder')}
        autoComplete="off"
        onClick={touch ? () => setOpen(true) : undefined}
        error={error}
        hint={hint}
        data-testid={testId}
        suffix={
          <button
            type="button"
            className="cp-field__icon-button cp-date-field__open"
            onClick={() => setOpen(true)}
            aria-label={t('datePicker.open', { field: label })}
            data-testid={`${testId}-open`}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <rect
                x="3.5"
                y="5"
                width="17"
                height="15"
                rx="2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <path
                d="M3.5 10h17M8 3v4M16 3v4"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </button>
        }
      />
      {open ? (
        <Suspense fallback={null}>
          <DatePicker
            visible
            title={
              <span className="cp-date-field__title">
                <span>{label}</span>
                <span className="cp-date-field__picked" data-testid={`${testId}-picked`}>
                  {picked ?? current}
                </span>
              </span>
            }
            precision="day"
            value={dateOf(current)}
            min={min ? dateOf(min) : dateOf('2000-01-01')}
            max={max ? dateOf(max) : dateOf(`${new Date().getFullYear() + 10}-12-31`)}
            renderLabel={renderLabel}
            confirmText={t('datePicker.confirm')}
            cancelText={t('datePicker.cancel')}
            onSelect={(date) => setPicked(textOf(date))}
            onConfirm={(date) => onChange(textOf(date))}
            onClose={() => {
              setOpen(false);
              setPicked(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
