/**
 * Opening cards from an Excel file (spec §5 "Excel import: file, unit; optional gid, couponId";
 * issue 5 §2). Download the template (in the page's language), fill it in — each row names its
 * segment; the ids are listed here and in the template — choose the file, the debit account and
 * optionally a coupon, then check: the server checks every row (a wrong row's problems are listed
 * here — row, column, reason — until the customer checks a fixed file) and answers the exact cost
 * (importDataCost), shown before anything is charged. "Open N cards for X" then uploads with that
 * total as `expectTotal`: the charge is exactly it, or 409 and the new cost is shown (issue 29
 * item 16). Changing the file or any choice drops the cost shown. Success shows the cards like a batch. An optional card group (`gid`) puts the new cards in it; the server
 * checks it before anything is charged.
 *
 * The upload's Idempotency-Key is made once per file and choice and reused when the same upload is
 * retried; the import is followed through batchCard with that key, as a batch is.
 */
import { useQueryClient } from '@tanstack/react-query';
import Button from '@web/components/ui/Button';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { importProblem, type ImportProblem } from '@contract/cards';
import { Money } from '@web/components/ui/Money';
import { formatMoney } from '@web/lib/money';
import { ApiError, catalogueMessage } from '@web/lib/http';
import { translate } from '@web/lib/i18n';
import { ensureOnline } from '@web/lib/offline';
import { saveFile } from '@web/lib/save-file';
import { useSubmissionKey } from '@web/lib/useSubmissionKey';
import { refreshWallet, useWallet } from '@web/lib/wallet';
import {
  downloadTemplate,
  loadBatch,
  quoteImport,
  uploadImport,
  type BatchResult,
  type CouponView,
  type DebitCurrency,
  type ImportCost,
  type SegmentView,
} from '../api';
import { isFinalBatch, startBatchPoller, type BatchPoller } from '../batch-poller';
import { CARD_OPEN_NS } from '../i18n';
import { LOST_ANSWER_POLLS, lostAnswer, refusedForGood, type Progress } from '../useOpening';
import { BatchProgress } from './BatchProgress';
import { CouponField } from './CouponField';
import { ImportCostView } from './ImportCostView';
import { ImportProblems } from './ImportProblems';
import { OpenResult } from './OpenResult';
import { PlacementFields } from './PlacementFields';

const DEBIT_ACCOUNTS: readonly DebitCurrency[] = ['USD', 'CNY'];

export interface ImportPanelProps {
  segments: readonly SegmentView[] | undefined;
  coupons: readonly CouponView[] | undefined;
}

type Errors = Partial<Record<'file' | 'unit', string>>;

/** `data.problems` of a refused import, or null when the refusal is of another kind. */
export function problemsOf(error: unknown): ImportProblem[] | null {
  if (!(error instanceof ApiError) || error.code !== 422) return null;
  const data = error.data as { problems?: unknown } | null;
  if (!Array.isArray(data?.problems)) return null;
  const problems = data.problems.flatMap((item) => {
    const parsed = importProblem.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return problems.length > 0 ? problems : null;
}

export function ImportPanel({ segments, coupons }: ImportPanelProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const queryClient = useQueryClient();
  const { balances } = useWallet();
  const ids = useId();
  const { keyFor, forget } = useSubmissionKey();
  const [file, setFile] = useState<File | null>(null);
  const [unit, setUnit] = useState<DebitCurrency | ''>('');
  const [couponId, setCouponId] = useState('');
  const [gid, setGid] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  /** The exact cost, with the file and choices it was worked out for. */
  const [quoted, setQuoted] = useState<{ cost: ImportCost; choices: string } | null>(null);
  const [quoting, setQuoting] = useState(false);
  const poller = useRef<BatchPoller | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Another file or choice has another cost: the one shown holds only for the choices it was for.
  const choices = JSON.stringify([file?.name, file?.size, file?.lastModified, unit, couponId, gid]);
  const cost = quoted && quoted.choices === choices ? quoted.cost : null;
  const setCost = (next: ImportCost | null) => setQuoted(next ? { cost: next, choices } : null);

  useEffect(() => () => poller.current?.stop(), []);
  useEffect(() => {
    if (problems) document.getElementById('import-problems-title')?.focus();
  }, [problems]);
  useEffect(() => {
    if (cost) document.getElementById('import-cost-title')?.focus();
  }, [cost]);

  const openSegments = (segments ?? []).filter((segment) => segment.status === 'open');

  const template = async () => {
    if (!ensureOnline()) return;
    setDownloading(true);
    try {
      const answer = await downloadTemplate();
      saveFile(answer.blob, answer.fileName ?? t('import.templateName'));
    } catch {
      // The HTTP layer has said why.
    } finally {
      setDownloading(false);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!file) found.file = t('common:validation.file');
    else if (!/\.xlsx$/i.test(file.name)) found.file = t('import.wrongType');
    if (!unit) found.unit = t('cards:validation.debitAccount');
    return found;
  };

  const settle = (answer: BatchResult | null) => {
    if (!answer) {
      setFailure(t('import.lost'));
      return;
    }
    setProgress({ issued: answer.issued, total: answer.total });
    forget();
    if (answer.status === 'done') {
      setResult(answer);
      void refreshWallet();
      void queryClient.invalidateQueries({ queryKey: ['cards'] });
    } else {
      setFailure(t('import.failed', { reason: answer.failureReason ?? t('confirm.noReason') }));
    }
  };

  /** A refusal of the cost step or of the upload: the rows to fix, or why. */
  const refused = (error: unknown) => {
    const listed = problemsOf(error);
    if (listed) {
      setProblems(listed);
    } else if (error instanceof ApiError) {
      setFailure(
        catalogueMessage(error.code, error.msg, error.path, (key) => translate(key)) ??
          t('import.failedGeneric'),
      );
    }
  };

  const fieldsOf = (chosen: DebitCurrency) => ({
    unit: chosen,
    ...(couponId ? { couponId } : {}),
    ...(gid ? { gid } : {}),
  });

  /** Step one: every row checked and the exact cost shown; nothing is charged. */
  const showCost = async (keepFailure = false) => {
    const found = check();
    setErrors(found);
    if (found.file || found.unit || !file || !unit) {
      document.getElementById(found.file ? `${ids}-file` : `${ids}-unit-${DEBIT_ACCOUNTS[0]}`)?.focus();
      return;
    }
    if (!ensureOnline()) return;
    setQuoting(true);
    setProblems(null);
    if (!keepFailure) setFailure(null);
    try {
      setCost(await quoteImport({ file, ...fieldsOf(unit) }));
    } catch (error) {
      setCost(null);
      refused(error);
    } finally {
      setQuoting(false);
    }
  };

  /** Step two: open the cards for exactly the cost shown. */
  const upload = async () => {
    if (!file || !unit || !cost) return;
    if (!ensureOnline()) return;
    const fields = { ...fieldsOf(unit), expectTotal: cost.total };
    // Another file (or the same file saved again) is another upload, with a key of its own.
    const key = keyFor({ name: file.name, size: file.size, modified: file.lastModified, ...fields });
    setUploading(true);
    setProblems(null);
    setFailure(null);
    setProgress(null);
    let follow: (answer: BatchResult | null) => void = () => undefined;
    const followed = new Promise<BatchResult | null>((resolve) => {
      follow = resolve;
    });
    poller.current?.stop();
    const follower = startBatchPoller({
      load: () => loadBatch(key),
      onProgress: (answer) => setProgress({ issued: answer.issued, total: answer.total }),
      onFinal: (answer) => follow(answer),
      onGiveUp: () => follow(null),
    });
    poller.current = follower;
    try {
      const answer = await uploadImport({ file, ...fields }, key);
      if (isFinalBatch(answer)) {
        follower.stop();
        settle(answer);
      } else {
        settle(await followed);
      }
    } catch (error) {
      if (lostAnswer(error)) {
        follower.limitFailures(LOST_ANSWER_POLLS);
        settle(await followed);
        return;
      }
      follower.stop();
      setProgress(null);
      // Refused: nothing was opened, and the next upload (a fixed file, after a top-up) is a new one.
      if (refusedForGood(error)) forget();
      if (error instanceof ApiError && error.code === 409) {
        // The price moved since it was shown: nothing was charged; show the new cost to confirm.
        setFailure(t('import.costChanged'));
        setCost(null);
        void showCost(true);
      } else {
        setCost(null);
        refused(error);
      }
    } finally {
      setUploading(false);
      if (poller.current === follower) poller.current = null;
    }
  };

  const again = () => {
    setResult(null);
    setProgress(null);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  if (result) {
    return <OpenResult cards={result.cards} total={result.issued} txnNo={result.txnNo} onAgain={again} />;
  }

  return (
    <div className="cp-open-import" data-testid="import-panel">
      <ol className="cp-open-steps">
        <li className="cp-panel cp-open-step">
          <h3 className="cp-open__legend">{t('import.step1')}</h3>
          <p className="cp-open__muted">{t('import.step1Hint')}</p>
          {openSegments.length > 0 ? (
            <dl className="cp-open-ids" aria-label={t('import.segmentIds')} data-testid="import-segment-ids">
              {openSegments.map((segment) => (
                <div key={segment.id}>
                  <dt>{segment.name}</dt>
                  <dd className="cp-mono">{segment.id}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <Button
            fill="outline"
            color="primary"
            loading={downloading}
            disabled={downloading}
            onClick={() => void template()}
            data-testid="import-template"
          >
            {t('import.download')}
          </Button>
        </li>
        <li className="cp-panel cp-open-step">
          <h3 className="cp-open__legend">{t('import.step2')}</h3>
          <div className={`cp-field ${errors.file ? 'cp-field--invalid' : ''}`}>
            <span className="cp-field__label">{t('import.file')}</span>
            <div className="cp-open-file">
              <input
                ref={fileInput}
                id={`${ids}-file`}
                type="file"
                className="cp-open-file__input"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={pick}
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? `${ids}-file-error` : undefined}
                data-testid="import-file"
              />
              <label htmlFor={`${ids}-file`} className="cp-open-file__button">
                {file ? t('import.changeFile') : t('import.chooseFile')}
              </label>
              <span className="cp-open-file__name" data-testid="import-file-name">
                {file ? `${file.name} · ${Math.max(1, Math.round(file.size / 1024))} KB` : t('import.noFile')}
              </span>
            </div>
            {errors.file ? (
              <p
                id={`${ids}-file-error`}
                className="cp-field__error"
                role="alert"
                data-testid="import-file-error"
              >
                {errors.file}
              </p>
            ) : null}
          </div>

          <fieldset className="cp-choice cp-open-import__unit">
            <legend className="cp-field__label">{t('import.unit')}</legend>
            {DEBIT_ACCOUNTS.map((currency) => (
              <label
                key={currency}
                className={`cp-choice__item ${unit === currency ? 'cp-choice__item--on' : ''}`}
                data-testid={`import-unit-${currency}`}
              >
                <input
                  id={`${ids}-unit-${currency}`}
                  type="radio"
                  name={`${ids}-unit`}
                  value={currency}
                  checked={unit === currency}
                  onChange={() => {
                    setUnit(currency);
                    setErrors((e) => ({ ...e, unit: undefined }));
                  }}
                />
                <span className="cp-choice__text">
                  <span className="cp-choice__title">{t('cost.wallet', { currency })}</span>
                  <span className="cp-choice__meta">
                    {t('cost.balance')}{' '}
                    {balances ? <Money minor={balances[currency] ?? 0} currency={currency} /> : '—'}
                  </span>
                </span>
              </label>
            ))}
            {errors.unit ? (
              <p className="cp-field__error" role="alert" data-testid="import-unit-error">
                {errors.unit}
              </p>
            ) : null}
          </fieldset>

          <CouponField
            coupons={coupons}
            value={couponId}
            onChange={setCouponId}
            data-testid="import-coupon"
          />
          <PlacementFields gid={gid} tagId="" onGroup={setGid} />
          <p className="cp-open__muted">{t('import.costNote')}</p>

          {progress && (uploading || failure) ? (
            <BatchProgress progress={progress} testId="import-progress" />
          ) : null}
          {failure ? (
            <p className="cp-notice cp-notice--error" role="alert" data-testid="import-failure">
              {failure}
            </p>
          ) : null}

          {cost ? <ImportCostView cost={cost} /> : null}
          {cost ? (
            <Button
              block
              color="primary"
              size="large"
              className="cp-submit cp-open-submit"
              loading={uploading}
              disabled={uploading || !cost.enough}
              onClick={() => void upload()}
              data-testid="import-upload"
            >
              {t('import.open', { count: cost.count, total: formatMoney(cost.total, cost.unit) })}
            </Button>
          ) : (
            <Button
              block
              color="primary"
              size="large"
              className="cp-submit cp-open-submit"
              loading={quoting}
              disabled={quoting || uploading}
              onClick={() => void showCost()}
              data-testid="import-check"
            >
              {problems ? t('import.checkAgain') : t('import.check')}
            </Button>
          )}
        </li>
      </ol>
      {problems ? <ImportProblems problems={problems} /> : null}
    </div>
  );
}
