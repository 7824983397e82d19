/**
 * One section of the personal centre as its own screen: a back link to the index, the section's
 * heading, its forms. A wide screen keeps the index beside it, so moving between sections is one
 * click; a phone shows the section alone.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';
import { ACCOUNT_NS } from '../i18n';
import type { SectionGroup, SectionName } from './section-list';
import { SectionList } from './SectionList';
import '../../../components/ui/personal.css';
import './sections.css';

export function SectionScreen({
  name,
  title,
  groups,
  children,
}: {
  name: SectionName;
  title: string;
  groups: readonly SectionGroup[];
  children: ReactNode;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  return (
    <div className="cp-page cp-personal cp-sections-screen" data-testid="section-screen" data-section={name}>
      {wide ? <SectionList groups={groups} current={name} label={t('sections.label')} /> : null}
      <div className="cp-sections-screen__body">
        <Link to="/account" className="cp-sections-screen__back" data-testid="section-back">
          <span aria-hidden="true">‹ </span>
          {t('sections.back')}
        </Link>
        <h1 className="cp-sections-screen__title">{title}</h1>
        <div className="cp-sections-screen__content">{children}</div>
      </div>
    </div>
  );
}
