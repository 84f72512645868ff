// The console's frame: its heading and the links between its screens (sources, import, documents,
// lookups, people, audit log), the current screen below.
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { paths } from '#client/paths';

const sections = [
  { to: paths.admin(), label: 'admin.nav.sources' },
  { to: paths.adminImport(), label: 'admin.nav.import' },
  { to: paths.adminDocuments(), label: 'admin.nav.documents' },
  { to: paths.adminLookups(), label: 'admin.nav.lookups' },
  { to: paths.adminPeople(), label: 'admin.nav.people' },
  { to: paths.adminAudit(), label: 'admin.nav.audit' },
];

export function AdminConsole() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current =
    sections.find((s) => pathname === s.to || (s.to !== paths.admin() && pathname.startsWith(`${s.to}/`)))
      ?.to ?? false;
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <Box
        component="nav"
        aria-label={t('admin.nav.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {sections.map((section) => (
            <Tab
              key={section.to}
              component={Link}
              to={section.to}
              value={section.to}
              label={t(section.label)}
              aria-current={current === section.to ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
