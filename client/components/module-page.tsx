// The heading of a page whose working parts arrive with their feature; title and description
// come from the messages under pages.{page}.
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

export function ModulePage({ page }: { page: string }) {
  const { t } = useTranslation();
  return <PageHeader title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />;
}
