/**
 * The permission tree of a role: one group per area (finance, cards, personal) with a switch for
 * the whole area, and a checkbox per key. A key that comes with others says so ("comes with: Card
 * list"), and checking it checks them (permission-tree.ts).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionTree } from '@contract/permissions';
import { TEAM_NS } from '../i18n';
import { areaState, grantKey, revokeKey, setArea } from './permission-tree';

export interface PermissionTreeEditorProps {
  tree: PermissionTree;
  keys: readonly string[];
  onChange: (keys: string[]) => void;
}

export function PermissionTreeEditor({ tree, keys, onChange }: PermissionTreeEditorProps) {
  const { t } = useTranslation(TEAM_NS);
  const titleOf = (key: string) =>
    t(tree.flatMap((area) => area.children).find((node) => node.key === key)?.titleKey ?? key);
  return (
    <div className="cp-team-tree" data-testid="permission-tree">
      {tree.map((area) => {
        const state = areaState(tree, keys, area.area);
        return (
          <fieldset key={area.area} className="cp-team-tree__area" data-testid={`tree-area-${area.area}`}>
            <legend className="cp-team-tree__legend">
              <AreaCheckbox
                state={state}
                label={t('roleEditor.all', { area: t(area.titleKey) })}
                onChange={(on) => onChange(setArea(tree, keys, area.area, on))}
                testId={`tree-all-${area.area}`}
              />
              <span className="cp-team-tree__area-title">{t(area.titleKey)}</span>
            </legend>
            <ul className="cp-team-tree__keys">
              {area.children.map((node) => {
                const held = keys.includes(node.key);
                return (
                  <li key={node.key}>
                    <label className="cp-team-tree__key">
                      <input
                        type="checkbox"
                        checked={held}
                        onChange={(event) =>
                          onChange(
                            event.target.checked ? grantKey(keys, node.key) : revokeKey(tree, keys, node.key),
                          )
                        }
                        data-testid={`perm-${node.key}`}
                      />
                      <span>
                        <span className="cp-team-tree__title">{t(node.titleKey)}</span>
                        {node.requires.length > 0 ? (
                          <span className="cp-team-tree__needs">
                            {t('roleEditor.needs', { keys: node.requires.map(titleOf).join(', ') })}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

/** A checkbox with a third, "some" state (indeterminate) for an area partly granted. */
function AreaCheckbox({
  state,
  label,
  onChange,
  testId,
}: {
  state: 'all' | 'some' | 'none';
  label: string;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === 'all'}
      onChange={(event) => onChange(event.target.checked)}
      aria-label={label}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      data-testid={testId}
    />
  );
}
