/** "From now" or "from a stated time" (the browser's own time zone), for fee and plan changes. */
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface EffectiveFromProps {
  later: boolean;
  at: string;
  onLater: (later: boolean) => void;
  onAt: (at: string) => void;
}

export function EffectiveFrom({ later, at, onLater, onAt }: EffectiveFromProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="console-field console-when">
      <legend>{t('prices.effectiveFrom')}</legend>
      <Selector
        columns={2}
        value={[later ? 'later' : 'now']}
        onChange={(v) => v[0] && onLater(v[0] === 'later')}
        options={[
          { label: t('prices.now'), value: 'now' },
          { label: t('prices.later'), value: 'later' },
        ]}
      />
      {later && (
        <input
          type="datetime-local"
          className="console-input"
          aria-label={t('prices.at')}
          value={at}
          onChange={(e) => onAt(e.target.value)}
        />
      )}
    </fieldset>
  );
}
