/** A segment row with the caller's fees becomes the contract's `segmentView`. */
import { currencyCode } from '../../../contract/core';
import type { SegmentView } from '../../../contract/segments';
import type { Lang } from '../../lib/i18n';
import type { FeeSchedule, SegmentRow } from '../cards/open/pricing';

export function segmentName(segment: SegmentRow, lang: Lang): string {
  return lang === 'en' ? segment.nameEn : segment.nameZh;
}

export function toSegmentView(segment: SegmentRow, schedule: FeeSchedule, lang: Lang): SegmentView {
  return {
    id: segment.id,
    bin: segment.bin,
    network: segment.network,
    currency: currencyCode.parse(segment.currency),
    name: segmentName(segment, lang),
    status: segment.status,
    openFee: schedule.openFee,
    rechargeFeeBp: schedule.rechargeFeeBp,
    minFirstRecharge: schedule.minFirstRecharge,
    merchants: segment.merchants,
  };
}
