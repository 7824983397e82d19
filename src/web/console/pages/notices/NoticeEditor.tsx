/**
 * Write a notice or change a draft: language, kind (the scrolling banner, or the carousel and the
 * notice dialog), title, the HTML body with a few formatting buttons, and who it is for. The body is
 * sanitised by the server, as every notice body is; Preview shows it exactly as customers will.
 */
import { Button, Input, Selector } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleNoticeView } from '@contract/operator-content';
import { previewConsoleNotice, saveConsoleNotice } from '@contract/operator-content';
import { call } from '../../api';
import { ConsoleSheet } from '../../ConsoleSheet';
import { act } from '../../use-load';
import type { BodyFormat } from './notice-form';
import { applyFormat, parseTargets } from './notice-form';
import { PreviewBody } from './NoticePreview';

type Lang = ConsoleNoticeView['lang'];
type Kind = ConsoleNoticeView['kind'];
type Audience = ConsoleNoticeView['audience'];

const FORMATS: readonly BodyFormat[] = ['strong', 'em', 'u', 'p', 'ul'];

export function NoticeEditor({
  notice,
  defaultLang,
  onClose,
  onSaved,
}: {
  /** A draft to change; absent for a new notice. */
  notice: ConsoleNoticeView | null;
  defaultLang: Lang;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>(notice?.lang ?? defaultLang);
  const [kind, setKind] = useState<Kind>(notice?.kind ?? 'normal');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [msg, setMsg] = useState(notice?.msg ?? '');
  const [audience, setAudience] = useState<Audience>(notice?.audience ?? 'all');
  const [targets, setTargets] = useState((notice?.targets ?? []).join('\n'));
  const [href, setHref] = useState('https://');
  const [linking, setLinking] = useState(false);
  const [preview, setPreview] = useState<{ title: string; msg: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);

  const format = (which: BodyFormat) => {
    const area = body.current;
    const edited = applyFormat(
      msg,
      area?.selectionStart ?? msg.length,
      area?.selectionEnd ?? msg.length,
      which,
      href,
    );
    setMsg(edited.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(edited.caret, edited.caret);
    });
  };

  const ready = () => {
    const empty = title.trim() === '' || msg.trim() === '';
    setMissing(empty);
    return !empty;
  };
  const showPreview = () => {
    if (!ready()) return;
    void act(
      async () => setPreview(await call(previewConsoleNotice, { title, msg })),
      t('notices.previewReady'),
      () => undefined,
    );
  };
  const save = () => {
    if (!ready()) return;
    void act(
      () =>
        call(saveConsoleNotice, {
          ...(notice ? { id: notice.id } : {}),
          lang,
          kind,
          title,
          msg,
          audience,
          targets: audience === 'chosen' ? parseTargets(targets) : [],
        }),
      t('notices.saved'),
      onSaved,
    );
  };

  return (
    <>
      <ConsoleSheet
        visible
        title={notice ? t('notices.editTitle') : t('notices.write')}
        onClose={onClose}
        data-testid="notice-editor"
        footer={
          <>
            {preview ? (
              <Button onClick={() => setPreview(null)}>{t('notices.backToEdit')}</Button>
            ) : (
              <Button onClick={showPreview}>{t('notices.preview')}</Button>
            )}
            <Button color="primary" onClick={save}>
              {t('notices.saveDraft')}
            </Button>
          </>
        }
      >
        {preview && <PreviewBody notice={{ ...preview, kind }} />}
        <div hidden={preview !== null}>
          <div className="console-field" role="group" aria-label={t('notices.lang')}>
            <span>{t('notices.lang')}</span>
            <Selector
              value={[lang]}
              onChange={(v) => v[0] && setLang(v[0])}
              options={(['zh-CN', 'en'] as const).map((value) => ({
                value,
                label: t(`notices.langs.${value}`),
              }))}
            />
          </div>
          <div className="console-field" role="group" aria-label={t('notices.kind')}>
            <span>{t('notices.kind')}</span>
            <Selector
              value={[kind]}
              onChange={(v) => v[0] && setKind(v[0])}
              options={(['normal', 'banner'] as const).map((value) => ({
                value,
                label: t(`notices.kinds.${value}`),
                description: t(`notices.kindHints.${value}`),
              }))}
            />
          </div>
          <label className="console-field">
            <span>{t('notices.title')}</span>
            <Input value={title} onChange={setTitle} maxLength={1000} />
          </label>
          <div className="console-field">
            <span id="notice-body-label">{t('notices.body')}</span>
            <div className="console-toolbar" role="toolbar" aria-label={t('notices.formatting')}>
              {FORMATS.map((which) => (
                <Button key={which} size="small" onClick={() => format(which)}>
                  {t(`notices.formats.${which}`)}
                </Button>
              ))}
              <Button size="small" onClick={() => setLinking(!linking)} aria-expanded={linking}>
                {t('notices.formats.a')}
              </Button>
            </div>
            {linking && (
              <div className="console-filters">
                <Input
                  value={href}
                  onChange={setHref}
                  aria-label={t('notices.linkAddress')}
                  inputMode="url"
                />
                <Button
                  size="small"
                  onClick={() => {
                    format('a');
                    setLinking(false);
                  }}
                >
                  {t('notices.insertLink')}
                </Button>
              </div>
            )}
            <textarea
              ref={body}
              className="console-body-input adm-text-area"
              aria-labelledby="notice-body-label"
              value={msg}
              onChange={(event) => setMsg(event.target.value)}
              rows={8}
              maxLength={300_000}
            />
            <small className="console-hint">{t('notices.bodyHint')}</small>
          </div>
          <div className="console-field" role="group" aria-label={t('notices.audience')}>
            <span>{t('notices.audience')}</span>
            <Selector
              value={[audience]}
              onChange={(v) => v[0] && setAudience(v[0])}
              options={(['all', 'chosen'] as const).map((value) => ({
                value,
                label: t(`notices.audiences.${value}`),
              }))}
            />
          </div>
          {audience === 'chosen' && (
            <label className="console-field">
              <span>{t('notices.targets')}</span>
              <textarea
                className="adm-text-area"
                value={targets}
                onChange={(event) => setTargets(event.target.value)}
                rows={3}
                aria-label={t('notices.targets')}
                placeholder={t('notices.targetsHint')}
              />
            </label>
          )}
          {missing && (
            <p className="console-error" role="alert">
              {t('notices.missing')}
            </p>
          )}
        </div>
      </ConsoleSheet>
    </>
  );
}
