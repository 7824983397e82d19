/**
 * The "from" and "to" days of a list filter: the app's own date picker (DateField), each bounded
 * by the other, and "from" by today in the product's calendar (UTC+8), the last day with anything
 * to find. Their names are the contract's `startDate` and `endDate`; a start after the end (typed
 * by keyboard) is refused by each page's filter check with its own translated message.
 */
import { productToday } from '../../lib/product-time';
import { DateField } from './DateField';

export type DateRangeField = 'startDate' | 'endDate';

export interface DateRangeFieldsProps {
  startDate: string;
  endDate: string;
  onChange: (field: DateRangeField, value: string) => void;
  labels: Record<DateRangeField, string>;
  errors?: Partial<Record<DateRangeField, string>>;
  /** The prefix of the inputs' test ids: `-start`, `-end`. */
  testId: string;
}

export function DateRangeFields({
  startDate,
  endDate,
  onChange,
  labels,
  errors = {},
  testId,
}: DateRangeFieldsProps) {
  return (
    <>
      <DateField
        name="startDate"
        label={labels.startDate}
        value={startDate}
        onChange={(value) => onChange('startDate', value)}
        max={endDate || productToday()}
        error={errors.startDate}
        data-testid={`${testId}-start`}
      />
      <DateField
        name="endDate"
        label={labels.endDate}
        value={endDate}
        onChange={(value) => onChange('endDate', value)}
        min={startDate || undefined}
        error={errors.endDate}
        data-testid={`${testId}-end`}
      />
    </>
  );
}
