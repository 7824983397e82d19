/**
 * The index of the personal centre as a settings list (like a banking app's): grouped rows, each a
 * link with its title, one line of summary and a chevron. On a wide screen a section screen shows
 * the same list beside it (`current` marks the open one).
 */
import { Link } from '@tanstack/react-router';
import type { SectionGroup, SectionItem, SectionName } from './section-list';
import './sections.css';

function Row({ item, current }: { item: SectionItem; current?: SectionName | undefined }) {
  const body = (
    <>
      <span className="cp-sections__text">
        <span className="cp-sections__title">{item.title}</span>
        {item.summary ? <span className="cp-sections__summary">{item.summary}</span> : null}
      </span>
      <span className="cp-sections__chevron" aria-hidden="true">
        ›
      </span>
    </>
  );
  const className = item.danger ? 'cp-sections__row cp-sections__row--danger' : 'cp-sections__row';
  return item.section ? (
    <Link
      to="/account/$section"
      params={{ section: item.section }}
      className={className}
      aria-current={item.section === current ? 'page' : undefined}
      data-testid={`section-${item.key}`}
    >
      {body}
    </Link>
  ) : (
    <Link to={item.page ?? '/account'} className={className} data-testid={`section-${item.key}`}>
      {body}
    </Link>
  );
}

export function SectionList({
  groups,
  current,
  label,
}: {
  groups: readonly SectionGroup[];
  current?: SectionName | undefined;
  label: string;
}) {
  return (
    <nav className="cp-sections" aria-label={label} data-testid="section-list">
      {groups.map((group) => (
        <section key={group.key} className="cp-sections__group" aria-labelledby={`sections-${group.key}`}>
          <h2 id={`sections-${group.key}`} className="cp-sections__heading">
            {group.title}
          </h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.key}>
                <Row item={item} current={current} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
