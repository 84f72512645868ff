// The navigation drawer's groups; /group_{n} pages list the same groups.
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import BugReport from '@mui/icons-material/BugReport';
import Cookie from '@mui/icons-material/Cookie';
import DataObject from '@mui/icons-material/DataObject';
import Home from '@mui/icons-material/Home';
import Info from '@mui/icons-material/Info';
import Language from '@mui/icons-material/Language';
import Lock from '@mui/icons-material/Lock';
import Login from '@mui/icons-material/Login';
import Mail from '@mui/icons-material/Mail';
import ManageSearch from '@mui/icons-material/ManageSearch';
import Palette from '@mui/icons-material/Palette';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Search from '@mui/icons-material/Search';
import Storage from '@mui/icons-material/Storage';
import Translate from '@mui/icons-material/Translate';
import { paths } from '../paths';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  label: string;
  icon: SvgIconComponent;
}

export interface NavGroup {
  number: number;
  /** Translation key of the group title. */
  title: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    number: 1,
    title: 'nav.group_main',
    items: [
      { to: paths.home(), label: 'nav.home', icon: Home },
      { to: paths.search(), label: 'nav.search', icon: Search },
      { to: paths.about(), label: 'nav.about', icon: Info },
      { to: paths.contact(), label: 'nav.contact', icon: Mail },
      { to: paths.theme(), label: 'nav.theme', icon: Palette },
    ],
  },
  {
    number: 2,
    title: 'nav.group_account',
    items: [
      { to: paths.login(), label: 'nav.login', icon: Login },
      { to: paths.authLoginStatus(), label: 'nav.login_status', icon: AccountCircle },
      { to: paths.authProtected(), label: 'nav.protected', icon: Lock },
      { to: paths.authGuest(), label: 'nav.guest', icon: AccountCircle },
      { to: paths.authCheckRole(), label: 'nav.check_role', icon: Lock },
    ],
  },
  {
    number: 3,
    title: 'nav.group_modules',
    items: [
      { to: paths.i18nBasic(), label: 'nav.i18n_basic', icon: Translate },
      { to: paths.i18nTransform(), label: 'nav.i18n_transform', icon: Translate },
      { to: paths.vuetifyI18n(), label: 'nav.component_i18n', icon: Language },
      { to: paths.storageExpiry(), label: 'nav.storage_expiry', icon: Storage },
      { to: paths.storageChecksum(), label: 'nav.storage_checksum', icon: Storage },
      { to: paths.storageSnapshot(), label: 'nav.storage_snapshot', icon: Storage },
      { to: paths.loggingExample(), label: 'nav.logging_example', icon: ReceiptLong },
      { to: paths.searchAndReloadOnSubmit(), label: 'nav.search_reload', icon: ManageSearch },
      { to: paths.cookieSettings(), label: 'nav.cookie_settings', icon: Cookie },
    ],
  },
  {
    number: 4,
    title: 'nav.group_developer',
    items: [
      { to: paths.errorTest(), label: 'nav.error_test', icon: BugReport },
      { to: paths.throwError(), label: 'nav.throw_error', icon: BugReport },
      { to: paths.errorWithComment('demo'), label: 'nav.error_comment', icon: BugReport },
      { to: paths.testGraphql(), label: 'nav.test_graphql', icon: DataObject },
    ],
  },
];

/** The console's group, in the drawer of admins only (the server refuses everyone else anyway). */
export const adminNavGroup: NavGroup = {
  number: navGroups.length + 1,
  title: 'nav.group_admin',
  items: [{ to: paths.admin(), label: 'nav.admin', icon: AdminPanelSettings }],
};

export function findNavGroup(groupNumber: number): NavGroup | undefined {
  return navGroups.find((group) => group.number === groupNumber);
}
