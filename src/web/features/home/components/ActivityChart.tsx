/**
 * The last 30 days' spend and top-ups of one currency as a small SVG chart: top-ups as bars, spend
 * as a line over a soft area. No chart library — the picture is simple and the page budget small.
 *
 * For screen readers the chart is one image described by a text summary (totals and the busiest
 * day). With no activity at all it says so plainly instead of drawing a flat line.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { Tabs } from '../../../components/ui/Tabs';
import { formatMoney, sumMinor } from '../../../lib/money';
import {
  activeCurrencies,
  FRAME,
  hasActivity,
  peakSpend,
  pointsOf,
  shapesOf,
  type Daily,
} from '../chart-model';
import { HOME_NS } from '../i18n';
import { formatDay } from '../time';

export const CHART_CURRENCIES: readonly CurrencyCode[] = ['CNY', 'USD'];

export function ActivityChart({ daily }: { daily: Daily }) {
  const { t, i18n } = useTranslation(HOME_NS);
  const active = activeCurrencies(daily, CHART_CURRENCIES);
  const [chosen, setChosen] = useState<CurrencyCode | null>(null);
  const currency = chosen ?? active[0] ?? 'CNY';
  const titleId = useId();

  return (
    <section className="cp-panel cp-chart" aria-labelledby={titleId} data-testid="activity-chart">
      <header className="cp-home-card__header">
        <h2 id={titleId} className="cp-home-card__title">
          {t('chart.title')}
        </h2>
        {active.length > 0 ? (
          <Tabs
            label={t('chart.currency')}
            variant="pill"
            activeKey={currency}
            onChange={setChosen}
            items={CHART_CURRENCIES.map((code) => ({ key: code, title: code }))}
          />
        ) : null}
      </header>
      {active.length === 0 ? (
        <div className="cp-chart__empty" data-testid="chart-empty">
          <svg viewBox="0 0 64 40" width="88" height="55" aria-hidden="true">
            <path d="M4 34h56" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.35" />
            <path
              d="M6 28l12-8 10 5 12-12 8 6 10-9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              strokeDasharray="4 5"
            />
          </svg>
          <p className="cp-chart__empty-title">{t('chart.emptyTitle')}</p>
          <p className="cp-chart__empty-text">{t('chart.empty')}</p>
        </div>
      ) : (
        <Plot daily={daily} currency={currency} locale={i18n.language} />
      )}
    </section>
  );
}

function Plot({ daily, currency, locale }: { daily: Daily; currency: CurrencyCode; locale: string }) {
  const { t } = useTranslation(HOME_NS);
  const summaryId = useId();
  const points = pointsOf(daily, currency);
  if (!hasActivity(points)) {
    return (
      <p className="cp-chart__none" data-testid="chart-empty-currency">
        {t('chart.emptyCurrency', { currency })}
      </p>
    );
  }
  const shapes = shapesOf(points);
  const peak = peakSpend(points);
  const money = (minor: number) => formatMoney(minor, currency);
  const labelDays = [0, Math.floor((points.length - 1) / 2), points.length - 1];
  const summary = [
    t('chart.summary', {
      currency,
      spend: money(sumMinor(points, (p) => p.spend)),
      topUp: money(sumMinor(points, (p) => p.topUp)),
    }),
    peak ? t('chart.peak', { amount: money(peak.spend), date: formatDay(peak.date, locale) }) : '',
  ].join(' ');

  return (
    <figure className="cp-chart__figure">
      <ul className="cp-chart__legend" aria-hidden="true">
        <li className="cp-chart__key cp-chart__key--spend">{t('chart.spend')}</li>
        <li className="cp-chart__key cp-chart__key--topup">{t('chart.topUp')}</li>
      </ul>
      <div className="cp-chart__plot">
        <svg
          viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('chart.title')}
          aria-describedby={summaryId}
          data-testid="chart-svg"
        >
          {shapes.grid.map((line) => (
            <line
              key={line.value}
              className="cp-chart__grid"
              x1="0"
              x2={FRAME.width}
              y1={line.y}
              y2={line.y}
            />
          ))}
          {shapes.bars.map((bar) => (
            <rect
              key={bar.date}
              className="cp-chart__bar"
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx="2"
            >
              <title>{`${formatDay(bar.date, locale)} ${t('chart.topUp')} ${money(points.find((p) => p.date === bar.date)?.topUp ?? 0)}`}</title>
            </rect>
          ))}
          <path className="cp-chart__area" d={shapes.area} />
          <path className="cp-chart__line" d={shapes.line} data-testid="chart-spend-line" />
        </svg>
        {shapes.grid.slice(1).map((line) => (
          <span
            key={line.value}
            className="cp-chart__y"
            style={{ top: `${(line.y / FRAME.height) * 100}%` }}
            aria-hidden="true"
          >
            {money(line.value)}
          </span>
        ))}
      </div>
      <div className="cp-chart__x" aria-hidden="true">
        {labelDays.map((index) => (
          <span key={index}>{formatDay(points[index]?.date ?? '', locale)}</span>
        ))}
      </div>
      <figcaption id={summaryId} className="cp-visually-hidden" data-testid="chart-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
