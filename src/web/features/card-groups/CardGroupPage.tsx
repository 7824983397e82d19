/**
 * /cardGroup (spec §2, issue 15): the customer's card groups and, in a tab beside them, the tags.
 * Cards are moved and tagged from the card list; this page organises the groups themselves and
 * shows what each one spends.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/PageIntro';
import { Tabs } from '../../components/ui/Tabs';
import { GroupsTab } from './components/GroupsTab';
import { TagsTab } from './components/TagsTab';
import { CARD_GROUPS_NS } from './i18n';
import './card-groups.css';

type Tab = 'groups' | 'tags';

export function CardGroupPage() {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const [tab, setTab] = useState<Tab>('groups');
  return (
    <div className="cp-page cp-cg" data-testid="card-group-page">
      <PageIntro title={t('title')} lead={t('intro')} />
      <Tabs
        items={[
          { key: 'groups', title: t('tab.groups'), content: <GroupsTab /> },
          { key: 'tags', title: t('tab.tags'), content: <TagsTab /> },
        ]}
        activeKey={tab}
        onChange={setTab}
        label={t('tabsLabel')}
        data-testid="card-group-tabs"
      />
    </div>
  );
}
