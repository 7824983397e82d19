/**
 * The filter fields of the card list (issue 5 §3; group and tag, issue 15): status, segment and label (choices from
 * rangeList: only what the customer's cards actually have, with counts per status), balance range,
 * opening date range and last four digits.
 */
import { useTranslation } from 'react-i18next';
import { cardStatus, type CardStatus } from '@contract/cards';
import type { rangeList } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { DateRangeFields } from '@web/components/ui/DateRangeFields';
import { GroupTagFields } from '@web/components/ui/GroupTagFields';
import { SelectField } from '@web/components/ui/SelectField';
import { TextField } from '@web/components/ui/TextField';
import { cleanAmountInput } from '@web/lib/amount-input';
import type { CardFilterDraft, CardFilterProblem } from '../card-filter';
import { CARD_LIST_NS } from '../i18n';

export interface CardFiltersProps {
  draft: CardFilterDraft;
  onChange: <K extends keyof CardFilterDraft>(field: K, value: CardFilterDraft[K]) => void;
  problem: CardFilterProblem | null;
  choices: ResponseOf<typeof rangeList> | undefined;
}

const BALANCE_FIELDS = [
  { name: 'minBalance', testId: 'card-filter-min' },
  { name: 'maxBalance', testId: 'card-filter-max' },
] as const;

export function CardFilters({ draft, onChange, problem, choices }: CardFiltersProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const errorOf = (field: CardFilterProblem['field']) =>
    problem?.field === field ? t(problem.key) : undefined;

  return (
    <>
      <GroupTagFields
        groupId={draft.groupId}
        tagId={draft.tagId}
        onGroup={(value) => onChange('groupId', value)}
        onTag={(value) => onChange('tagId', value)}
        testId="card-filter"
      />
      <SelectField
        label={t('filter.status')}
        name="status"
        value={draft.status}
        onChange={(value) => onChange('status', value as CardStatus | '')}
        options={[
          { value: '', label: t('filter.allStatuses') },
          ...cardStatus.options.map((status) => ({
            value: status,
            label: choices
              ? t('filter.statusCount', {
                  status: t(`cards:status.${status}`),
                  count: choices.statusCounts[status],
                })
              : t(`cards:status.${status}`),
          })),
        ]}
        data-testid="card-filter-status"
      />
      <SelectField
        label={t('filter.segment')}
        name="segmentId"
        value={draft.segmentId}
        onChange={(value) => onChange('segmentId', value)}
        options={[
          { value: '', label: t('filter.allSegments') },
          ...(choices?.segments ?? []).map((segment) => ({
            value: segment.id,
            label: t('filter.segmentCount', { name: segment.name, count: segment.count }),
          })),
        ]}
        data-testid="card-filter-segment"
      />
      <SelectField
        label={t('filter.label')}
        name="label"
        value={draft.label}
        onChange={(value) => onChange('label', value)}
        options={[
          { value: '', label: t('filter.allLabels') },
          ...(choices?.labels ?? []).map((label) => ({ value: label, label })),
        ]}
        data-testid="card-filter-label"
      />
      {BALANCE_FIELDS.map(({ name, testId }) => (
        <TextField
          key={name}
          name={name}
          label={t(`filter.${name}`)}
          value={draft[name]}
          onChange={(value) => onChange(name, cleanAmountInput(value))}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errorOf(name)}
          data-testid={testId}
        />
      ))}
      <DateRangeFields
        startDate={draft.startDate}
        endDate={draft.endDate}
        onChange={onChange}
        labels={{ startDate: t('filter.startDate'), endDate: t('filter.endDate') }}
        errors={{ startDate: errorOf('startDate'), endDate: errorOf('endDate') }}
        testId="card-filter"
      />
      <TextField
        name="last4"
        label={t('filter.last4')}
        value={draft.last4}
        onChange={(value) => onChange('last4', value.replace(/\D/g, '').slice(0, 4))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        placeholder="1234"
        error={errorOf('last4')}
        data-testid="card-filter-last4"
      />
    </>
  );
}
