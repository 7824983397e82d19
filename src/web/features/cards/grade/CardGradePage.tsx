/**
 * /cardGrande, the scenario query (spec §2, permission 2004; issue 5 §4): the customer names a
 * merchant and sees which card segments suit it, with their success rate from real authorizations
 * where there are some. Suggestions come from the segments' own merchant lists and a few common
 * merchants; a suited open segment links to /cardOpen with that segment chosen.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from '../../../components/ui/Button';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/ui/PageIntro';
import { TextField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { ApiError } from '../../../lib/http';
import { hasAccessToken } from '../../../lib/session';
import { cardKeys, loadGrade, loadSegments } from '../open/api';
import { CARD_OPEN_NS } from '../open/i18n';
import { GradeResults } from './components/GradeResults';
import { merchantSuggestions } from './merchants';
import '../open/card-open.css';
import './grade.css';

/** The contract's limit on a merchant name. */
const MERCHANT_MAX = 64;

export function CardGradePage() {
  const { t } = useTranslation(CARD_OPEN_NS);
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [merchant, setMerchant] = useState<string | null>(null);

  const segments = useQuery({
    queryKey: cardKeys.segments,
    queryFn: ({ signal }) => loadSegments(signal),
    staleTime: 60_000,
  });
  const grade = useQuery({
    queryKey: cardKeys.grade(merchant ?? ''),
    queryFn: ({ signal }) => loadGrade(merchant ?? '', signal),
    enabled: () => merchant !== null && hasAccessToken(),
  });
  const suggestions = merchantSuggestions((segments.data ?? []).map((segment) => segment.merchants));

  const answered = grade.data;
  useEffect(() => {
    if (answered) document.getElementById('grade-results-title')?.focus();
  }, [answered]);

  const ask = (name: string) => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('grade.required'));
      return;
    }
    if (trimmed.length > MERCHANT_MAX) {
      setError(t('validation.tooLong', { field: t('grade.merchant') }));
      return;
    }
    setError(undefined);
    if (trimmed === merchant) void grade.refetch();
    else setMerchant(trimmed);
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => ask(text));

  const pick = (name: string) => {
    setText(name);
    ask(name);
  };

  const openCard = (segmentId: string) =>
    void navigate({ href: `/cardOpen?segment=${encodeURIComponent(segmentId)}` });

  const failed =
    grade.isError && !grade.isFetching
      ? (grade.error instanceof ApiError && grade.error.msg) || t('grade.failed')
      : null;

  return (
    <div className="cp-page cp-grade" data-testid="card-grade-page">
      <PageIntro title={t('grade.title')} lead={t('grade.lead')} />

      <section className="cp-panel cp-grade-search" aria-label={t('grade.searchLabel')}>
        <form className="cp-grade-form" role="search" onSubmit={onSubmit} noValidate>
          <TextField
            id="grade-merchant"
            label={t('grade.merchant')}
            value={text}
            onChange={(value) => {
              setText(value);
              if (error) setError(undefined);
            }}
            error={error}
            placeholder={t('grade.placeholder')}
            list={listId}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MERCHANT_MAX + 16}
            data-testid="grade-merchant"
          />
          <datalist id={listId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Button
            type="submit"
            color="primary"
            className="cp-submit cp-grade-form__submit"
            loading={grade.isFetching}
            disabled={guarded}
            data-testid="grade-submit"
          >
            {t('grade.submit')}
          </Button>
        </form>
        <div className="cp-grade-suggestions" role="group" aria-label={t('grade.suggestions')}>
          {suggestions.map((name) => (
            <button
              key={name}
              type="button"
              className={`cp-small-button cp-small-button--round ${name === merchant ? 'cp-small-button--on' : ''}`}
              aria-pressed={name === merchant}
              onClick={() => pick(name)}
              data-testid="grade-suggestion"
            >
              {name}
            </button>
          ))}
        </div>
      </section>

      {failed ? (
        <p className="cp-notice cp-notice--error" role="alert" data-testid="grade-failed">
          {failed}
        </p>
      ) : answered ? (
        <GradeResults answer={answered} onOpen={openCard} />
      ) : merchant === null ? (
        <p className="cp-open__muted cp-grade-empty" data-testid="grade-empty">
          {t('grade.empty')}
        </p>
      ) : null}
    </div>
  );
}
