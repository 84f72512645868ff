// /group_{n}: every page of one navigation group.
import { useTranslation } from 'react-i18next';
import type { NavGroup } from '../app/navigation';
import { NavCardGrid } from './nav-card-grid';
import { PageHeader } from './page-header';

export function GroupPage({ group }: { group: NavGroup }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t(group.title)}
        description={t('group.description', { count: group.items.length, number: group.number })}
      />
      <NavCardGrid items={group.items} />
    </>
  );
}
