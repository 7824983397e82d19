/** The security check shown in the password form after a 428 {need:'captcha'}. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import { newImageChallenge, newMathChallenge, renewChallenge, type Challenge } from '../captcha';

export interface CaptchaChallengeProps {
  challenge: Challenge;
  onChange: (challenge: Challenge) => void;
  error?: string | undefined;
}

export function CaptchaChallenge({ challenge, onChange, error }: CaptchaChallengeProps) {
  const { t } = useTranslation('auth');
  const [loading, setLoading] = useState(false);

  // Failures keep the current challenge; the HTTP layer has told the user why.
  const replaceWith = (next: () => Promise<Challenge>) => {
    setLoading(true);
    next()
      .then(onChange)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };

  const picture = (
    <button
      type="button"
      className="cp-captcha-img"
      onClick={() => replaceWith(() => renewChallenge(challenge))}
      disabled={loading}
      title={t('captcha.refresh')}
      data-testid="captcha-refresh"
    >
      <img
        src={challenge.src}
        alt={challenge.kind === 'image' ? t('captcha.imageAlt') : t('captcha.mathAlt')}
        data-testid="captcha-image"
      />
    </button>
  );

  return (
    <div className="cp-step" role="group" aria-labelledby="captcha-title" data-testid="captcha-step">
      <p id="captcha-title" className="cp-step__title">
        {t('captcha.title')}
      </p>
      <p className="cp-step__hint">{t('captcha.hint')}</p>
      {challenge.kind === 'image' ? (
        <TextField
          id="captcha-code"
          name="captchaCode"
          label={t('captcha.image')}
          value={challenge.code}
          onChange={(code) => onChange({ ...challenge, code })}
          placeholder={t('captcha.imagePlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={16}
          error={error}
          suffix={picture}
          data-testid="captcha-code"
        />
      ) : (
        <TextField
          id="captcha-answer"
          name="captchaAnswer"
          label={t('captcha.math')}
          value={challenge.answer}
          onChange={(answer) => onChange({ ...challenge, answer })}
          placeholder={t('captcha.mathPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          error={error}
          suffix={picture}
          data-testid="captcha-answer"
        />
      )}
      <button
        type="button"
        className="cp-link"
        onClick={() => replaceWith(challenge.kind === 'image' ? newMathChallenge : newImageChallenge)}
        disabled={loading}
        data-testid="captcha-switch"
      >
        {challenge.kind === 'image' ? t('captcha.useMath') : t('captcha.useImage')}
      </button>
    </div>
  );
}
