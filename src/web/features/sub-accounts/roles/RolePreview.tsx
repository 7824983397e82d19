/**
 * "Preview as this role": exactly what a member holding these keys gets, before the role is saved —
 * the side menu and the phone's tab bar as the shell would build them, and each action allowed or
 * hidden. Built from the same pieces as the real thing: the contract's `subAccessGrant` (what the
 * server will send) and the shell's own menu builder over the pages of this build.
 */
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { subAccessGrant, type PermissionTree } from '@contract/permissions';
import { SHELL_NS } from '../../../components/layout/i18n';
import { buildMenu, tabEntries, type MenuEntry } from '../../../components/layout/menu';
import { MenuIcon } from '../../../components/layout/MenuIcon';
import { builtPages } from '../../../lib/route-meta';
import { TEAM_NS } from '../i18n';

export interface RolePreviewProps {
  tree: PermissionTree;
  keys: readonly string[];
}

export function RolePreview({ tree, keys }: RolePreviewProps) {
  const { t } = useTranslation(TEAM_NS);
  const router = useRouter();
  const built = useMemo(() => builtPages(Object.values(router.routesById)), [router]);
  const grant = subAccessGrant(keys);
  const menu = buildMenu(built, new Set(grant.AuthsMenu));
  const held = new Set(grant.subPermission);

  return (
    <div className="cp-team-preview" data-testid="role-preview">
      <section className="cp-team-preview__part">
        <h3 className="cp-team-preview__title">{t('preview.menu')}</h3>
        <ul className="cp-team-preview__menu" data-testid="preview-menu">
          {menu.map((entry) => (
            <PreviewEntry key={entry.meta.name} entry={entry} />
          ))}
        </ul>
        {menu.length <= 1 ? <p className="cp-team-preview__note">{t('preview.none')}</p> : null}
      </section>
      <section className="cp-team-preview__part">
        <h3 className="cp-team-preview__title">{t('preview.tabs')}</h3>
        <div className="cp-team-preview__tabs" data-testid="preview-tabs">
          {tabEntries(menu).map((entry) => (
            <span key={entry.meta.name} className="cp-team-preview__tab">
              <MenuIcon name={entry.meta.icon} size={20} />
              <span>{t(entry.meta.titleKey)}</span>
            </span>
          ))}
        </div>
      </section>
      <section className="cp-team-preview__part">
        <h3 className="cp-team-preview__title">{t('preview.actions')}</h3>
        <ul className="cp-team-preview__actions" data-testid="preview-actions">
          {tree.flatMap((area) =>
            area.children.map((node) => {
              const allowed = held.has(node.key);
              return (
                <li
                  key={node.key}
                  className={allowed ? 'cp-team-preview__on' : 'cp-team-preview__off'}
                  data-testid={`preview-${node.key}`}
                  data-allowed={allowed}
                >
                  <span aria-hidden="true">{allowed ? '✓' : '—'}</span>
                  <span>{t(node.titleKey)}</span>
                  <span className="cp-visually-hidden">
                    {allowed ? t('preview.allowed') : t('preview.hidden')}
                  </span>
                </li>
              );
            }),
          )}
        </ul>
      </section>
    </div>
  );
}

function PreviewEntry({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <li data-testid={`preview-route-${entry.meta.name}`}>
      <span className="cp-team-preview__item">
        <MenuIcon name={entry.meta.icon} size={18} />
        {t(entry.meta.titleKey)}
      </span>
      {entry.children.length > 0 ? (
        <ul>
          {entry.children.map((child) => (
            <PreviewEntry key={child.meta.name} entry={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
